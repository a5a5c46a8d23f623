import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../stores/auth.ts';
import { DictSwitch } from './DictSwitch.tsx';
import { DictManager } from './index.tsx';

const row = (id: string, parentId: string, code: string, dictValue: string, isSealed = 0) => ({
  id,
  parentId,
  code,
  dictKey: parentId === '0' ? '' : id,
  dictValue,
  sort: 1,
  remark: '',
  isSealed,
  status: 1,
  createUser: null,
  updateUser: null,
  createTime: '',
  updateTime: '',
});
const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

/** The server as the page sees it: a dictionary `sex` with a sealed item, for either kind. */
function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const data = url.includes('/parent-list')
        ? page([row('9', '0', 'sex', '性别')])
        : url.includes('/child-list')
          ? page([row('10', '9', 'sex', '男'), row('11', '9', 'sex', '保密', 1)])
          : null;
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
    }),
  );
  return calls;
}

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
});

describe('DictManager', () => {
  it('asks to pick a dictionary, then lists the items of the one clicked, the sealed one marked', async () => {
    const calls = stubServer();
    wrap(<DictManager kind="dict_biz" layout="horizontal" />);
    expect(await screen.findByText('性别')).toBeInTheDocument();
    expect(screen.getByText('请在左侧点击一个字典，查看和维护它的字典项')).toBeInTheDocument();
    expect(calls.some((u) => u.includes('/dict-biz/parent-list'))).toBe(true);

    await userEvent.click(screen.getByText('性别'));
    expect(await screen.findByText('保密')).toBeInTheDocument();
    expect(screen.getByText('「性别」的字典项')).toBeInTheDocument();
    expect(calls.some((u) => u.includes('/dict-biz/child-list') && u.includes('parentId=9'))).toBe(true);
    expect(screen.getByText('已封存')).toBeInTheDocument();
    expect(screen.queryByText('请在左侧点击一个字典，查看和维护它的字典项')).toBeNull();
  });

  it('says where to pick in the stacked layout', async () => {
    stubServer();
    wrap(<DictManager kind="dict" layout="vertical" />);
    expect(await screen.findByText('请在上方点击一个字典，查看和维护它的字典项')).toBeInTheDocument();
  });
});

describe('DictSwitch (the static dictionary routes)', () => {
  it('offers the business dictionaries beside the system ones only to a holder of dict_biz_view', async () => {
    const calls = stubServer();
    useAuth.getState().setPermission({ dict_view: true, dict_biz_view: true });
    wrap(<DictSwitch layout="horizontal" />);
    await screen.findByText('性别');
    expect(calls.some((u) => u.includes('/dict/parent-list'))).toBe(true);
    await userEvent.click(screen.getByText('业务字典'));
    await waitFor(() => expect(calls.some((u) => u.includes('/dict-biz/parent-list'))).toBe(true));
  });

  it('shows no switch with dict_view alone', async () => {
    stubServer();
    useAuth.getState().setPermission({ dict_view: true });
    wrap(<DictSwitch layout="vertical" />);
    await screen.findByText('性别');
    expect(screen.queryByText('业务字典')).toBeNull();
  });

  it('refuses a user who may see neither', () => {
    stubServer();
    wrap(<DictSwitch layout="vertical" />);
    expect(screen.getByText('没有权限访问此页面')).toBeInTheDocument();
  });
});
