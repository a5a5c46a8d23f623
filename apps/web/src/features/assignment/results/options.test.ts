import type { AssignmentResults, ResultQuestion } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import {
  bandLabels,
  type ChartPalette,
  classOption,
  compareNo,
  compareNullsLast,
  discriminationBand,
  distributionOption,
  facilityBand,
  facilityOption,
  knowledgeOption,
  outcomesOf,
  percent,
  scoreText,
  studentOutcome,
} from './options.ts';

const t = (key: string) => key;
const palette: ChartPalette = { primary: 'P', success: 'S', warning: 'W', error: 'E', muted: 'M' };

function question(no: string, facility: number | null, discrimination: number | null): ResultQuestion {
  return {
    id: `q${no}`,
    no,
    type: 'single',
    score: 5,
    stem: '<p>x</p>',
    answered: 4,
    right: 3,
    partial: 0,
    wrong: 1,
    blank: 0,
    facility,
    discrimination,
  };
}

const results: AssignmentResults = {
  assignment: { id: 'a1', title: '期中', kind: 'exam', totalScore: 100, passScore: 60, state: 'closed', blind: false },
  summary: {
    students: 5,
    submitted: 4,
    absent: 1,
    mean: 70,
    median: 72,
    max: 95,
    min: 40,
    stdev: 19.6,
    passed: 1,
    passRate: 0.75,
    toMark: 0,
  },
  distribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: i === 9 ? 1 : 0 })),
  byClass: [
    { classId: 'c1', className: '1班', students: 3, submitted: 3, mean: 75, passRate: 0.667 },
    { classId: 'c2', className: '2班', students: 2, submitted: 0, mean: null, passRate: null },
  ],
  questions: [question('1', 0.3, 0.5), question('2', 0.55, 0.1), question('3', 0.9, -0.2)],
  knowledge: [
    {
      flagId: 'f1',
      name: '力学',
      mastery: 0.5,
      byClass: [
        { classId: 'c1', mastery: 0.5 },
        { classId: 'c2', mastery: null },
      ],
    },
  ],
};

describe('bands', () => {
  it('sorts facility into 难 / 中 / 易 at 0.4 and 0.7', () => {
    expect([0, 0.39, 0.4, 0.7, 0.71, 1].map(facilityBand)).toEqual([
      'hard',
      'hard',
      'medium',
      'medium',
      'easy',
      'easy',
    ]);
    expect(facilityBand(null)).toBeNull();
  });

  it('sorts discrimination into 好 / 一般 / 需检查 at 0.4 and 0.2', () => {
    expect([0.8, 0.4, 0.39, 0.2, 0.19, -0.3].map(discriminationBand)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'check',
      'check',
    ]);
    expect(discriminationBand(null)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes shares as percentages and missing figures as a dash', () => {
    expect(percent(0.753)).toBe('75.3%');
    expect(percent(1)).toBe('100%');
    expect(percent(null)).toBe('—');
    expect(scoreText(72.456)).toBe('72.46');
    expect(scoreText(null)).toBe('—');
  });

  it('labels the ten bands by score range', () => {
    expect(bandLabels(results.distribution)).toEqual([
      '0–10',
      '10–20',
      '20–30',
      '30–40',
      '40–50',
      '50–60',
      '60–70',
      '70–80',
      '80–90',
      '90–100',
    ]);
    expect(bandLabels([{ from: 0, to: 7.5, count: 0 }])).toEqual(['0–7.5']);
  });
});

describe('sorting', () => {
  it('orders question numbers naturally', () => {
    expect(['10', '2', '3(2)', '3(1)', '1'].sort(compareNo)).toEqual(['1', '2', '3(1)', '3(2)', '10']);
  });

  it('keeps missing values last in either direction', () => {
    const values = [3, null, 1, 2];
    const ascending = [...values].sort((a, b) => compareNullsLast(a, b, 'ascend'));
    expect(ascending).toEqual([1, 2, 3, null]);
    // antd negates the comparator's answer when sorting descending.
    const descending = [...values].sort((a, b) => -compareNullsLast(a, b, 'descend'));
    expect(descending).toEqual([3, 2, 1, null]);
  });
});

describe('studentOutcome', () => {
  it('passes or fails a submitted student and marks the others by the assignment state', () => {
    expect(studentOutcome({ score: 80, passed: true, state: 'marked' }, 'closed')).toBe('passed');
    expect(studentOutcome({ score: 30, passed: false, state: 'submitted' }, 'open')).toBe('failed');
    expect(studentOutcome({ score: null, passed: false, state: 'not_started' }, 'closed')).toBe('absent');
    expect(studentOutcome({ score: null, passed: false, state: 'in_progress' }, 'released')).toBe('absent');
    expect(studentOutcome({ score: null, passed: false, state: 'not_started' }, 'open')).toBe('notStarted');
    expect(studentOutcome({ score: null, passed: false, state: 'in_progress' }, 'open')).toBe('inProgress');
  });

  it('offers the outcomes a line can have at the assignment state as the table filter', () => {
    expect(outcomesOf('open')).toEqual(['passed', 'failed', 'notStarted', 'inProgress']);
    expect(outcomesOf('released')).toEqual(['passed', 'failed', 'absent']);
  });
});

describe('chart options', () => {
  it('draws the distribution with bands below the pass score in the error colour', () => {
    const option = distributionOption(results, t, palette);
    expect(option.xAxis).toMatchObject({ data: bandLabels(results.distribution) });
    const [series] = option.series as { data: { value: number; itemStyle: { color: string } }[] }[];
    expect(series!.data.map((d) => d.value)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(series!.data.map((d) => d.itemStyle.color)).toEqual([...Array(6).fill('E'), ...Array(4).fill('P')]);
  });

  it('puts class means on bars and pass rates (in %) on a line, a class without submissions empty', () => {
    const option = classOption(results, t, palette);
    const [bars, line] = option.series as { type: string; data: unknown[]; yAxisIndex?: number }[];
    expect(bars).toMatchObject({ type: 'bar', data: [75, '-'] });
    expect(line).toMatchObject({ type: 'line', yAxisIndex: 1, data: [66.7, '-'] });
  });

  it('splits facility into one stacked series per band, with discrimination as points', () => {
    const option = facilityOption(results.questions, t, palette);
    const series = option.series as { type: string; name: string; stack?: string; data: unknown[] }[];
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['bar', 'results.band.hardLegend'],
      ['bar', 'results.band.mediumLegend'],
      ['bar', 'results.band.easyLegend'],
      ['scatter', 'results.chart.discrimination'],
    ]);
    expect(series[0]!.data).toEqual([0.3, '-', '-']);
    expect(series[1]!.data).toEqual(['-', 0.55, '-']);
    expect(series[2]!.data).toEqual(['-', '-', 0.9]);
    expect(series[3]!.data).toEqual([0.5, 0.1, -0.2]);
    // A negative discrimination widens the axis below zero.
    expect(option.yAxis).toMatchObject({ min: -0.2, max: 1 });
  });

  it('shows knowledge mastery per class beside the overall figure', () => {
    const option = knowledgeOption(results, t);
    const series = option.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['results.chart.overall', '1班', '2班']);
    expect(series.map((s) => s.data)).toEqual([[50], [50], ['-']]);
    const single = knowledgeOption({ ...results, byClass: results.byClass.slice(0, 1) }, t);
    expect((single.series as { name: string }[]).map((s) => s.name)).toEqual(['1班']);
  });
});
