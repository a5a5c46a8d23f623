import type { PracticalResults } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../stores/settings.ts';
import { binsOutside, cpkLevel, toleranceText } from './format.ts';
import { histogramOption } from './histogram-option.ts';
import type { Palette } from './palette.ts';

// Canvas drawing is ECharts' business; the page hands each chart its option and a label.
vi.mock('../../../components/Chart.tsx', () => ({
  Chart: ({ label }: { label: string }) => <div data-chart={label} />,
}));

const { default: PracticalResultsPage } = await import('./index.tsx');
const { MemoryRouter, Route, Routes } = await import('react-router');

type Item = PracticalResults['items'][number];

const measured = (id: string, name: string, cpk: number | null, more: Partial<Item> = {}): Item => ({
  id,
  pointId: 'p1',
  pointName: '外圆与长度尺寸',
  name,
  kind: 'measure',
  unit: 'mm',
  nominal: '20.00',
  lowerDeviation: '-0.1',
  upperDeviation: '0.1',
  recorded: 4,
  failed: 1,
  // 20.1 is the upper limit itself (it passes); 20.14 is beyond it.
  values: [19.96, 20.02, 20.1, 20.14],
  lower: 19.9,
  upper: 20.1,
  bins: [
    { from: 19.9, to: 19.96, count: 0 },
    { from: 19.96, to: 20.02, count: 1 },
    { from: 20.02, to: 20.08, count: 1 },
    { from: 20.08, to: 20.14, count: 1 },
    { from: 20.14, to: 20.2, count: 1 },
  ],
  capability: { n: 4, mean: 20.055, sd: 0.0794, shift: 0.055, cp: cpk === null ? null : 0.9, cpk },
  ...more,
});

const results: PracticalResults = {
  id: 't1',
  title: '阶梯轴车削加工',
  totalScore: 100,
  passScore: 60,
  classes: [
    { id: 'c1', name: '2024级1班' },
    { id: 'c2', name: '2024级2班' },
  ],
  summary: { handedIn: 4, mean: 72.5, passed: 3, criticalFailed: 1 },
  points: [
    { id: 'p1', name: '外圆与长度尺寸', score: 60, critical: 0, mean: 48.5, failed: 1, share: 0.808 },
    { id: 'p3', name: '安全文明生产', score: 10, critical: 1, mean: 7.5, failed: 1, share: 0.75 },
  ],
  items: [
    measured('i1', 'Ø20 外圆', 0.85),
    measured('i2', '总长 120', 1.2, { nominal: '120.00', lowerDeviation: '-0.2', upperDeviation: '0.2' }),
    measured('i3', 'Ø25 外圆', 1.5, { nominal: '25.00', lowerDeviation: '-0.021', upperDeviation: '0' }),
    {
      ...measured('i4', '防护用品穿戴与规范操作', null),
      pointId: 'p3',
      pointName: '安全文明生产',
      kind: 'check',
      unit: '',
      nominal: null,
      lowerDeviation: null,
      upperDeviation: null,
      values: [],
      lower: null,
      upper: null,
      bins: [],
      capability: null,
    },
  ],
  knowledge: [
    { flagId: 'f1', name: '外圆车削', practical: 0.808, exam: 0.65 },
    { flagId: 'f2', name: '安全规范', practical: 0.75, exam: null },
  ],
};

const nobody: PracticalResults = {
  ...results,
  summary: { handedIn: 0, mean: null, passed: 0, criticalFailed: 0 },
  points: results.points.map((p) => ({ ...p, mean: null, failed: 0, share: null })),
  items: results.items.map((i) => ({ ...i, recorded: 0, failed: 0, values: [], bins: [], capability: null })),
  knowledge: [],
};

/** The server at the fetch level, as the one HTTP client meets it: `answer` for the results, an .xlsx for export. */
function stubServer(answer: (url: URL) => PracticalResults) {
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://x');
    if (url.pathname.endsWith('/export')) {
      return new Response('PK', {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': "attachment; filename*=UTF-8''results.xlsx",
        },
      });
    }
    const data = answer(url);
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const urlsOf = (fetch: ReturnType<typeof stubServer>) => fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x'));

function renderPage(path = '/practical/results/t1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <Routes>
            <Route path="/practical/results/:id" element={<PracticalResultsPage />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const figure = (key: string) => document.querySelector(`[data-figure="${key}"]`) as HTMLElement;
const table = (key: string) => document.querySelector(`[data-table="${key}"]`) as HTMLElement;

beforeEach(() => {
  useSettings.setState({ language: 'zh' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('实训成绩分析', () => {
  it('shows the figures, points, items with the first measured item’s histogram, and knowledge points', async () => {
    const fetch = stubServer(() => results);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '阶梯轴车削加工' })).toBeInTheDocument();
    expect(urlsOf(fetch).map((u) => u.pathname)).toContain('/api/jd/pc/practical_teacher/results/t1');
    expect(urlsOf(fetch)[0]!.searchParams.has('classId')).toBe(false);

    expect(figure('handedIn')).toHaveTextContent('已提交4');
    expect(figure('mean')).toHaveTextContent('平均分72.5 / 100');
    expect(figure('passed')).toHaveTextContent('合格人数3合格率 75%');
    expect(figure('criticalFailed')).toHaveTextContent('否决项不合格1');
    expect(figure('criticalFailed').querySelector('.ant-typography-danger')).toHaveTextContent('1');

    const points = table('points');
    const safety = within(points).getByText('安全文明生产').closest('tr') as HTMLElement;
    expect(within(safety).getByText('否决项')).toBeInTheDocument();
    expect(safety).toHaveTextContent('75%');
    expect(within(points).getByText('外圆与长度尺寸').closest('tr')).not.toHaveTextContent('否决项');
    expect(within(points).getByText('80.8%')).toBeInTheDocument();

    const items = table('items');
    const first = within(items).getByText('Ø20 外圆').closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('20.00 -0.1/+0.1 mm');
    expect(first).toHaveTextContent('20.055');
    expect(first).toHaveTextContent('+0.055');
    expect(within(items).getByText('目测判定')).toBeInTheDocument();

    // The first measured item is shown; the chart is named for screen readers, and its bins are a table too.
    expect(screen.getByRole('heading', { name: '测量值直方图：Ø20 外圆' })).toBeInTheDocument();
    expect(document.querySelector('[data-chart="Ø20 外圆测量值直方图：共 4 个测量值，1 个超出公差"]')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Ø20 外圆各区间的测量值个数' })).toHaveTextContent('20.14–20.20');

    const knowledge = table('knowledge');
    expect(within(knowledge).getByText('外圆车削').closest('tr')).toHaveTextContent('80.8%65%');
    expect(within(knowledge).getByText('安全规范').closest('tr')).toHaveTextContent('75%—');
    expect(document.querySelector('[data-chart="知识点：实训与考试对比"]')).toBeTruthy();
  });

  it('colours Cpk: under 1 red, 1–1.33 orange, from 1.33 green, and none as a dash', async () => {
    stubServer(() => results);
    renderPage();
    const items = await waitFor(() => {
      const el = table('items');
      expect(el).toBeTruthy();
      return el;
    });
    const cpkOf = (name: string) => within(items).getByText(name).closest('tr')!.querySelector('[data-cpk]');
    expect(cpkOf('Ø20 外圆')).toHaveClass('ant-tag-red');
    expect(cpkOf('Ø20 外圆')).toHaveTextContent('0.85 能力不足');
    expect(cpkOf('总长 120')).toHaveClass('ant-tag-orange');
    expect(cpkOf('Ø25 外圆')).toHaveClass('ant-tag-green');
    expect(cpkOf('防护用品穿戴与规范操作')).toBeNull();
    expect(within(items).getByText('防护用品穿戴与规范操作').closest('tr')!.lastElementChild).toHaveTextContent('—');
    expect([0.99, 1, 1.32, 1.33, null].map(cpkLevel)).toEqual(['low', 'marginal', 'marginal', 'capable', null]);
  });

  it('shows another measured item’s histogram once its row is chosen; a check has none to choose', async () => {
    stubServer(() => results);
    renderPage();
    await screen.findByRole('heading', { name: '测量值直方图：Ø20 外圆' });
    fireEvent.click(screen.getByRole('radio', { name: '查看 总长 120 的直方图' }));
    expect(await screen.findByRole('heading', { name: '测量值直方图：总长 120' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Ø25 外圆'));
    expect(await screen.findByRole('heading', { name: '测量值直方图：Ø25 外圆' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '查看 防护用品穿戴与规范操作 的直方图' })).toBeDisabled();
  });

  it('asks again for the class chosen', async () => {
    const fetch = stubServer((url) =>
      url.searchParams.get('classId') === 'c2' ? { ...results, summary: { ...results.summary, handedIn: 2 } } : results,
    );
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    const select = screen.getByRole('combobox', { name: '班级' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('2024级2班'));
    await waitFor(() => expect(urlsOf(fetch).at(-1)!.searchParams.get('classId')).toBe('c2'));
    await waitFor(() => expect(figure('handedIn')).toHaveTextContent('已提交2'));
  });

  it('says when nobody has handed in a record yet', async () => {
    stubServer(() => nobody);
    renderPage();
    expect(await screen.findByText('还没有学生提交实训记录')).toBeInTheDocument();
    expect(document.querySelector('[data-figure]')).toBeNull();
    expect(document.querySelectorAll('[data-chart]')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: '班级' })).toBeInTheDocument();
  });

  it('downloads the Excel export through the HTTP client', async () => {
    const fetch = stubServer(() => results);
    // jsdom makes no object URLs; the rest of URL is still needed (the stub above parses the addresses).
    class DownloadURL extends URL {
      static override createObjectURL = vi.fn(() => 'blob:results');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', DownloadURL);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByText('导出 Excel').closest('button')!);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('results.xlsx');
    expect(urlsOf(fetch).map((u) => u.pathname)).toContain('/api/jd/pc/practical_teacher/results/t1/export');
    expect(await screen.findByText('已开始下载')).toBeInTheDocument();
  });

  it('reads in English', async () => {
    useSettings.setState({ language: 'en' });
    stubServer(() => results);
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(figure('handedIn')).toHaveTextContent('Handed in');
    expect(figure('mean')).toHaveTextContent('Mean score');
    expect(figure('criticalFailed')).toHaveTextContent('Critical failures');
    expect(screen.getByRole('heading', { name: 'Inspection items' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Knowledge points: practical vs exam' })).toBeInTheDocument();
    expect(screen.getByText('Export to Excel')).toBeInTheDocument();
  });
});

describe('the histogram', () => {
  const palette: Palette = {
    primary: 'blue',
    success: 'green',
    warning: 'orange',
    error: 'red',
    muted: 'silver',
    text: 'grey',
  };
  const t = (key: string) => key.split('.').at(-1)!;
  const item = results.items[0]!;

  it('reds the bins holding values beyond the tolerance, not the one holding the upper limit itself', () => {
    expect(binsOutside(item)).toEqual([false, false, false, false, true]);
    const below = { ...item, values: [19.88], bins: [{ from: 19.88, to: 19.94, count: 1 }, ...item.bins] };
    expect(binsOutside(below)[0]).toBe(true);
  });

  it('labels the bins "from–to" and draws the limits red and dashed, the nominal between them', () => {
    const option = histogramOption(item, t, palette);
    const [categories] = option.xAxis as { data?: string[] }[];
    expect(categories!.data).toEqual(['19.90–19.96', '19.96–20.02', '20.02–20.08', '20.08–20.14', '20.14–20.20']);
    const [bars, marks] = option.series as {
      data: { value: number; itemStyle: { color: string } }[];
      markLine?: { data: { xAxis: number; lineStyle: { color: string; type: string } }[] };
    }[];
    expect(bars!.data.map((d) => d.itemStyle.color)).toEqual(['blue', 'blue', 'blue', 'blue', 'red']);
    expect(marks!.markLine!.data.map((l) => [l.xAxis, l.lineStyle.color, l.lineStyle.type])).toEqual([
      [19.9, 'red', 'dashed'],
      [20.1, 'red', 'dashed'],
      [20, 'grey', 'solid'],
    ]);
  });

  it('writes a tolerance as the drawing does', () => {
    expect(toleranceText(results.items[2]!)).toBe('25.00 -0.021/0 mm');
    expect(toleranceText(results.items[3]!)).toBe('—');
  });
});
