import { theme } from 'antd';
import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  ScatterChart,
  type ScatterSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * ECharts, cut to what the app draws (bars, lines, scatter points, grids, legends, tooltips and mark lines), on a
 * canvas. Import this file only from the pages that chart something: ECharts then stays in their chunks, and the
 * login page and the frame never download it.
 */
use([
  BarChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** An option of the charts registered above. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

/** Whether a CSS colour (`#rgb`, `#rrggbb`, `rgb()`/`rgba()`) is dark: the page background of a dark skin. */
export function isDarkColor(color: string): boolean {
  let rgb: number[] | undefined;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    rgb = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  } else {
    const parts = /^rgba?\(([^)]+)\)$/i.exec(color.trim())?.[1]?.split(/[\s,/]+/);
    if (parts && parts.length >= 3) rgb = parts.slice(0, 3).map(Number);
  }
  if (!rgb || rgb.some((n) => Number.isNaN(n))) return false;
  const [r, g, b] = rgb as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

interface Props {
  option: ChartOption;
  /** CSS height of the chart; its width is its container's. */
  height?: number | string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * One chart: drawn from `option` (replaced, not merged, when it changes), resized with its container, disposed
 * with the component. It follows the app's skin: ECharts' dark theme on a dark page, the primary colour first.
 */
export function Chart({ option, height = 300, label, className, style }: Props) {
  const { token } = theme.useToken();
  const dark = isDarkColor(token.colorBgContainer);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current = null;
      instance.dispose();
    };
  }, [dark]);

  // A new skin (dark ↔ light) made a new instance above: it is drawn again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dark means a new instance to draw on
  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        color: [token.colorPrimary, '#52c41a', '#faad14', '#13c2c2', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb'],
        textStyle: { fontFamily: token.fontFamily },
        ...option,
      },
      { notMerge: true },
    );
  }, [option, token.colorPrimary, token.fontFamily, dark]);

  return (
    <div ref={box} role="img" aria-label={label} className={className} style={{ width: '100%', height, ...style }} />
  );
}
