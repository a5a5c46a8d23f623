import type { MarkLineComponentOption } from 'echarts/components';
import type { ChartOption } from '../../../components/Chart.tsx';
import type { Translate } from '../../assignment/results/options.ts';
import { binLabels, binsOutside, measureText, type ResultItem } from './format.ts';
import type { Palette } from './palette.ts';

/**
 * 测量值直方图 of one measured item: values per bin as bars (red where a bin holds values beyond the tolerance, blue
 * otherwise), the lower and upper limits as red dashed lines and the nominal size as a solid
 * line in the secondary text colour (a pale grey would not read against the bars' background).
 *
 * The bars stand on a category axis (a label "from–to" per bin); a category axis places marks only on whole bins,
 * so the lines go on a second, hidden value axis spanning the same bins end to end, where a limit sits exactly
 * (the server's bins are of equal width and always reach both limits).
 */
export function histogramOption(item: ResultItem, t: Translate, palette: Palette): ChartOption {
  const { bins } = item;
  const outside = binsOutside(item);
  const first = bins[0]?.from ?? 0;
  const last = bins.at(-1)?.to ?? 0;
  const within = (x: number) => x >= first && x <= last;
  const nominal = item.nominal === null ? null : Number(item.nominal);

  const limitLine = (x: number, label: string) => ({
    xAxis: x,
    lineStyle: { color: palette.error, type: 'dashed' as const, width: 2 },
    label: { formatter: `${label} ${measureText(x)}`, color: palette.error },
  });
  const lines: NonNullable<MarkLineComponentOption['data']> = [];
  if (item.lower != null) lines.push(limitLine(item.lower, t('practicalResults.histogram.lower')));
  if (item.upper != null) lines.push(limitLine(item.upper, t('practicalResults.histogram.upper')));
  // A one-sided tolerance (Ra ≤ 3.2 on nominal 0) may put the nominal off the bins, and a limit may be the nominal
  // itself (Ø30 -0.033/0): neither gets a line of its own.
  if (nominal !== null && within(nominal) && nominal !== item.lower && nominal !== item.upper) {
    lines.push({
      xAxis: nominal,
      lineStyle: { color: palette.text, type: 'solid', width: 1 },
      label: { formatter: `${t('practicalResults.histogram.nominal')} ${measureText(nominal)}`, color: palette.text },
    });
  }

  return {
    grid: { left: 8, right: 24, top: 48, bottom: 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: [
      {
        type: 'category',
        data: binLabels(bins),
        name: item.unit,
        axisLabel: { hideOverlap: true },
      },
      { type: 'value', min: first, max: last, show: false },
    ],
    yAxis: { type: 'value', minInterval: 1, name: t('practicalResults.histogram.count') },
    series: [
      {
        type: 'bar',
        name: t('practicalResults.histogram.count'),
        barCategoryGap: '8%',
        data: bins.map((b, i) => ({
          value: b.count,
          itemStyle: { color: outside[i] ? palette.error : palette.primary },
        })),
      },
      {
        // Draws nothing itself: it carries the limit and nominal lines on the value axis.
        type: 'line',
        xAxisIndex: 1,
        data: [],
        silent: true,
        tooltip: { show: false },
        markLine: { silent: true, symbol: 'none', label: { position: 'end' }, data: lines },
      },
    ],
  };
}
