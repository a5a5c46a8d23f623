import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegionCascader, regionPath } from './RegionCascader.tsx';

const node = (code: string, parentCode: string, title: string, hasChildren: boolean) => ({
  id: code,
  parentId: parentCode,
  title,
  key: code,
  value: code,
  hasChildren,
});

const levels: Record<string, unknown[]> = {
  '00': [node('11', '00', '北京市', true), node('44', '00', '广东省', true)],
  '44': [node('4401', '44', '广州市', true), node('4403', '44', '深圳市', true)],
  '4401': [node('440106', '4401', '天河区', false), node('440104', '4401', '越秀区', false)],
};

const tianhe = {
  code: '440106',
  parentCode: '4401',
  ancestors: '00,44,4401',
  name: '天河区',
  regionLevel: 3,
  provinceCode: '44',
  provinceName: '广东省',
  cityCode: '4401',
  cityName: '广州市',
  districtCode: '440106',
  districtName: '天河区',
  townCode: '',
  townName: '',
  villageCode: '',
  villageName: '',
  sort: 0,
  remark: '',
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

/** The server: one level per lazy-tree call, the detail of 天河区. */
function stubRegions() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(`${url.pathname}?${url.searchParams}`);
      const data = url.pathname.endsWith('/lazy-tree')
        ? (levels[url.searchParams.get('parentCode') ?? ''] ?? [])
        : url.searchParams.get('code') === '440106'
          ? tianhe
          : null;
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
    }),
  );
  return calls;
}

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

// antd's select shows its placeholder over the input with `pointer-events: none`; a person's click lands all the same.
const userEvent = userEventLib.setup({ pointerEventsCheck: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('regionPath', () => {
  it('lists the codes from the province down, without the root', () => {
    expect(regionPath(tianhe)).toEqual(['44', '4401', '440106']);
    expect(regionPath({ code: '44', ancestors: '00' })).toEqual(['44']);
  });
});

describe('RegionCascader', () => {
  it('shows an existing value as its full path of names', async () => {
    const calls = stubRegions();
    wrap(<RegionCascader value="440106" />);
    expect(await screen.findByText('广东省 / 广州市 / 天河区')).toBeInTheDocument();
    // The levels along the path are loaded (so the menu opens on it), and nothing else.
    await waitFor(() =>
      expect(calls.filter((c) => c.includes('lazy-tree')).sort()).toEqual([
        '/api/blade-system/region/lazy-tree?parentCode=00',
        '/api/blade-system/region/lazy-tree?parentCode=44',
        '/api/blade-system/region/lazy-tree?parentCode=4401',
      ]),
    );
  });

  it('loads each level as the user goes down and answers the picked code', async () => {
    const calls = stubRegions();
    const onChange = vi.fn();
    wrap(<RegionCascader onChange={onChange} placeholder="请选择地区" />);
    await userEvent.click(screen.getByText('请选择地区'));
    await userEvent.click(await screen.findByText('广东省'));
    await userEvent.click(await screen.findByText('广州市'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByText('天河区'));
    expect(onChange).toHaveBeenCalledWith('440106');
    // Only the levels opened were asked for, each once.
    expect(calls.filter((c) => c.includes('lazy-tree'))).toEqual([
      '/api/blade-system/region/lazy-tree?parentCode=00',
      '/api/blade-system/region/lazy-tree?parentCode=44',
      '/api/blade-system/region/lazy-tree?parentCode=4401',
    ]);
  });

  it('answers a province when any level may be picked', async () => {
    stubRegions();
    const onChange = vi.fn();
    wrap(<RegionCascader onChange={onChange} changeOnSelect placeholder="请选择地区" />);
    await userEvent.click(screen.getByText('请选择地区'));
    await userEvent.click(await screen.findByText('广东省'));
    expect(onChange).toHaveBeenLastCalledWith('44');
  });
});
