import type { TopMenu } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopMenuGrant } from './TopMenuGrant.tsx';

const node = (id: string, parentId: string, title: string, children?: unknown[]) => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  children,
});
const topMenu = { id: '50', code: 'teach', name: '教学', source: '', sort: 1 } as TopMenu;

function stubServer() {
  const grants: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      let data: unknown = null;
      if (url.includes('/menu/grant-top-tree')) {
        data = { menu: [node('1', '0', '系统管理', [node('2', '1', '参数管理'), node('3', '1', '岗位管理')])] };
      } else if (url.includes('/menu/top-tree-keys')) {
        expect(url).toContain('topMenuIds=50');
        // The saved set holds the group above the page too.
        data = { menu: ['1', '2'] };
      } else if (url.includes('/topmenu/grant')) {
        grants.push(JSON.parse(String(init?.body)));
      }
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
    }),
  );
  return grants;
}

function wrap(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <TopMenuGrant topMenus={[topMenu]} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

const checkbox = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
const save = () => screen.getByText('保 存').closest('button')!;

afterEach(() => vi.unstubAllGlobals());

describe('菜单配置', () => {
  it('ticks the saved pages, leaving a group half-ticked when only some of its pages are in', async () => {
    stubServer();
    wrap();
    await screen.findByText('参数管理');
    await waitFor(() => expect(checkbox('参数管理')).toHaveClass('ant-tree-checkbox-checked'));
    expect(checkbox('岗位管理')).not.toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('系统管理')).toHaveClass('ant-tree-checkbox-indeterminate');
    expect(screen.getByText('菜单配置：教学')).toBeInTheDocument();
  });

  it('saves every ticked page with the groups above them', async () => {
    const grants = stubServer();
    const onClose = wrap();
    await screen.findByText('岗位管理');
    await waitFor(() => expect(save()).toBeEnabled());
    await userEvent.click(checkbox('岗位管理'));
    await userEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(grants).toHaveLength(1);
    const body = grants[0] as { topMenuIds: string[]; menuIds: string[] };
    expect(body.topMenuIds).toEqual(['50']);
    expect([...body.menuIds].sort()).toEqual(['1', '2', '3']);
  });
});
