import type { AssignmentResults, ResultOutcome, ResultQuestion, ResultStudent } from '@shixun/contracts';
import type { BarSeriesOption } from 'echarts/charts';
import type { ChartOption } from '../../../components/Chart.tsx';

/** How hard a question was by its facility (得分率): under 0.4 难, 0.4–0.7 中, over 0.7 易. */
export type FacilityBand = 'hard' | 'medium' | 'easy';
export const FACILITY_BANDS: readonly FacilityBand[] = ['hard', 'medium', 'easy'];

export function facilityBand(facility: number | null): FacilityBand | null {
  if (facility === null) return null;
  if (facility < 0.4) return 'hard';
  if (facility <= 0.7) return 'medium';
  return 'easy';
}

/** How well a question tells strong students from weak ones: ≥ 0.4 好, 0.2–0.4 一般, under 0.2 需检查. */
export type DiscriminationBand = 'good' | 'fair' | 'check';

export function discriminationBand(discrimination: number | null): DiscriminationBand | null {
  if (discrimination === null) return null;
  if (discrimination >= 0.4) return 'good';
  if (discrimination >= 0.2) return 'fair';
  return 'check';
}

/** 0.853 → "85.3%"; null → "—". */
export function percent(share: number | null | undefined): string {
  if (share === null || share === undefined) return '—';
  return `${Math.round(share * 1000) / 10}%`;
}

/** A score as the tables show it: at most two decimals; null → "—". */
export function scoreText(score: number | null | undefined): string {
  if (score === null || score === undefined) return '—';
  return String(Math.round(score * 100) / 100);
}

/** The ten bands' labels: "0–10", …, "90–100" (the last one includes the total). */
export function bandLabels(distribution: AssignmentResults['distribution']): string[] {
  return distribution.map((b) => `${scoreText(b.from)}–${scoreText(b.to)}`);
}

/** Colours the charts take from the skin (antd tokens), so they follow the theme. */
export interface ChartPalette {
  primary: string;
  success: string;
  warning: string;
  error: string;
  muted: string;
}

/** Translates a key of the `results` messages (i18next's `t`, or a stand-in in tests). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

/**
 * 分数分布: students per tenth of the total score; bands wholly under the pass score in the error colour, with the
 * pass line marked.
 */
export function distributionOption(r: AssignmentResults, t: Translate, palette: ChartPalette): ChartOption {
  const labels = bandLabels(r.distribution);
  return {
    grid,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true }, name: t('results.chart.scoreAxis') },
    yAxis: { type: 'value', minInterval: 1, name: t('results.chart.people') },
    series: [
      {
        type: 'bar',
        name: t('results.chart.people'),
        barMaxWidth: 48,
        label: { show: true, position: 'top', formatter: (p) => (Number(p.value) ? String(p.value) : '') },
        data: r.distribution.map((b) => ({
          value: b.count,
          itemStyle: { color: b.to <= r.assignment.passScore ? palette.error : palette.primary },
        })),
      },
    ],
  };
}

/** 各班对比: each class's mean score (bars, left axis) and pass rate (a line, right axis, in %). */
export function classOption(r: AssignmentResults, t: Translate, palette: ChartPalette): ChartOption {
  const rotate = r.byClass.length > 6 ? 30 : 0;
  return {
    grid: { ...grid, top: 56 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: r.byClass.map((c) => c.className || '—'), axisLabel: { interval: 0, rotate } },
    yAxis: [
      { type: 'value', name: t('results.chart.mean'), min: 0, max: r.assignment.totalScore || undefined },
      {
        type: 'value',
        name: t('results.chart.passRate'),
        min: 0,
        max: 100,
        axisLabel: { formatter: '{value}%' },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        type: 'bar',
        name: t('results.chart.mean'),
        barMaxWidth: 48,
        itemStyle: { color: palette.primary },
        label: { show: true, position: 'top' },
        data: r.byClass.map((c) => c.mean ?? '-'),
      },
      {
        type: 'line',
        name: t('results.chart.passRate'),
        yAxisIndex: 1,
        itemStyle: { color: palette.success },
        tooltip: { valueFormatter: (v) => (typeof v === 'number' ? `${v}%` : '—') },
        data: r.byClass.map((c) => (c.passRate === null ? '-' : Math.round(c.passRate * 1000) / 10)),
      },
    ],
  };
}

const bandColor = (band: FacilityBand, palette: ChartPalette) =>
  band === 'hard' ? palette.error : band === 'medium' ? palette.warning : palette.success;

/**
 * 试题分析: each question's facility as a bar coloured by its band (one stacked series per band, so the legend
 * names them), and its discrimination as points on the same axis.
 */
export function facilityOption(questions: ResultQuestion[], t: Translate, palette: ChartPalette): ChartOption {
  const numbers = questions.map((q) => q.no);
  const lowest = Math.min(0, ...questions.map((q) => q.discrimination ?? 0));
  return {
    grid: { ...grid, top: 56 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? String(v) : '—'),
    },
    xAxis: {
      type: 'category',
      data: numbers,
      name: t('results.chart.questionAxis'),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', min: Math.floor(lowest * 10) / 10, max: 1, interval: lowest < 0 ? undefined : 0.2 },
    series: [
      ...FACILITY_BANDS.map(
        (band): BarSeriesOption => ({
          type: 'bar',
          name: t(`results.band.${band}Legend`),
          stack: 'facility',
          barMaxWidth: 32,
          itemStyle: { color: bandColor(band, palette) },
          data: questions.map((q) => (facilityBand(q.facility) === band ? q.facility : '-')),
        }),
      ),
      {
        type: 'scatter',
        name: t('results.chart.discrimination'),
        symbolSize: 9,
        itemStyle: { color: palette.primary },
        data: questions.map((q) => q.discrimination ?? '-'),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { formatter: '{c}', position: 'end' },
          lineStyle: { type: 'dashed', color: palette.muted },
          data: [{ yAxis: 0.4 }, { yAxis: 0.2 }],
        },
      },
    ],
  };
}

/**
 * 知识点掌握: mastery (earned ÷ possible, in %) of each knowledge point, one bar per class (and 全部 beside them when
 * there are several classes).
 */
export function knowledgeOption(r: AssignmentResults, t: Translate): ChartOption {
  const names = r.knowledge.map((k) => k.name);
  const rotate = names.length > 6 ? 30 : 0;
  const pct = (m: number | null) => (m === null ? '-' : Math.round(m * 1000) / 10);
  const classes = r.byClass.map((c) => ({
    type: 'bar' as const,
    name: c.className || '—',
    barMaxWidth: 28,
    data: r.knowledge.map((k) => pct(k.byClass.find((b) => b.classId === c.classId)?.mastery ?? null)),
  }));
  const overall = {
    type: 'bar' as const,
    name: t('results.chart.overall'),
    barMaxWidth: 28,
    data: r.knowledge.map((k) => pct(k.mastery)),
  };
  return {
    grid: { ...grid, top: 56 },
    legend: { top: 0, type: 'plain' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? `${v}%` : '—'),
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: { interval: 0, rotate, width: 96, overflow: 'truncate' },
    },
    yAxis: { type: 'value', min: 0, max: 100, name: t('results.chart.mastery'), axisLabel: { formatter: '{value}%' } },
    series: classes.length > 1 ? [overall, ...classes] : classes.length ? classes : [overall],
  };
}

/** Question numbers in paper order: "2" before "10", "3(1)" after "3". */
export function compareNo(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Query keys of 成绩分析: the analysis under `[...RESULTS_KEY, id]`, its pages of students below it. */
export const RESULTS_KEY = ['paper_teacher', 'results'] as const;

/** While the assignment is open, a student who has not submitted may still do so. */
const stillOpen = (assignmentState: string) => assignmentState === 'open' || assignmentState === 'scheduled';

/** A student's line in the results: passed or failed once submitted; absent (缺考) once the assignment closed. */
export function studentOutcome(
  s: Pick<ResultStudent, 'score' | 'passed' | 'state'>,
  assignmentState: string,
): ResultOutcome {
  if (s.score !== null) return s.passed ? 'passed' : 'failed';
  if (stillOpen(assignmentState)) return s.state === 'in_progress' ? 'inProgress' : 'notStarted';
  return 'absent';
}

/** The outcomes a student's line can have at this state of the assignment (the table's filter). */
export function outcomesOf(assignmentState: string): ResultOutcome[] {
  return stillOpen(assignmentState) ? ['passed', 'failed', 'notStarted', 'inProgress'] : ['passed', 'failed', 'absent'];
}

/**
 * A table sorter on a number that may be missing (an absent student's rank or score): missing values stay last in
 * either direction (antd negates a comparator's answer when sorting descending).
 */
export function compareNullsLast(a: number | null, b: number | null, order?: 'ascend' | 'descend' | null): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    const last = a === null ? 1 : -1;
    return order === 'descend' ? -last : last;
  }
  return a - b;
}
