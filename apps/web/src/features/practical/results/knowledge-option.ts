import type { ChartOption } from '../../../components/Chart.tsx';
import type { ChartPalette, Translate } from '../../assignment/results/options.ts';
import type { ResultKnowledge } from './format.ts';

const pct = (share: number | null) => (share === null ? '-' : Math.round(share * 1000) / 10);

/** 知识点：实训与考试对比 — per knowledge point, the practical share of marks beside the exam share, in %. */
export function knowledgeOption(knowledge: ResultKnowledge[], t: Translate, palette: ChartPalette): ChartOption {
  const names = knowledge.map((k) => k.name || '—');
  return {
    grid: { left: 8, right: 16, top: 56, bottom: 8 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? `${v}%` : '—'),
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: { interval: 0, rotate: names.length > 6 ? 30 : 0, width: 96, overflow: 'truncate' },
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        type: 'bar',
        name: t('practicalResults.knowledge.practical'),
        barMaxWidth: 28,
        itemStyle: { color: palette.primary },
        data: knowledge.map((k) => pct(k.practical)),
      },
      {
        type: 'bar',
        name: t('practicalResults.knowledge.exam'),
        barMaxWidth: 28,
        itemStyle: { color: palette.success },
        data: knowledge.map((k) => pct(k.exam)),
      },
    ],
  };
}
