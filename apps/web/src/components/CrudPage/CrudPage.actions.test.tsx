import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuth } from '../../stores/auth.ts';
import { type CrudOption, CrudPage, type RowAction } from './index.tsx';

type Row = { id: string; name: string; kind?: number; joined?: string };
const schema = z.object({
  name: z.string().min(1),
  kind: z.number().optional(),
  joined: z.string().optional(),
});

const grant = (...codes: string[]) => {
  const buttons = codes.map((code, i) => ({ id: String(i), code, children: [] }) as unknown as MenuNode);
  useAuth.getState().setPermission(flattenPermissions([{ id: 'm', code: 'param', children: buttons } as MenuNode]));
};
const rows = () => [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')];
/** The texts of a row's buttons in the 操作 column. */
const rowButtons = (row: HTMLElement) =>
  [...row.querySelectorAll('td:last-child button')].map((b) => b.textContent?.trim() ?? '');

function setup(option: Partial<CrudOption<Row, typeof schema>> = {}) {
  const records: Row[] = [{ id: '1', name: '甲', kind: 1, joined: '2026-03-01' }];
  const full: CrudOption<Row, typeof schema> = {
    biz: 'param',
    title: 'param.title',
    rowKey: 'id',
    api: {
      list: vi.fn(async () => ({ records, total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(async () => records[0]!),
      submit: vi.fn(async () => null),
      remove: vi.fn(async () => null),
    },
    formSchema: schema,
    columns: [
      { prop: 'name', label: 'param.paramName' },
      {
        prop: 'kind',
        label: 'param.paramKey',
        type: 'select',
        options: [{ label: 'crud.yes', value: 1 }],
      },
      { prop: 'joined', label: 'param.remark', type: 'date' },
    ],
    ...option,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <CrudPage option={full} />
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => useAuth.getState().clear());

describe('CrudPage row actions', () => {
  const ownActions = (run: (label: string) => void): ((row: Row) => RowAction[]) => {
    return (row) => [
      { code: 'role_grant', label: 'role.grant', icon: null, onClick: () => run(`grant ${row.id}`) },
      { code: 'user_reset', label: 'client.resetSecret', icon: null, onClick: () => run(`secret ${row.id}`) },
    ];
  };

  it("with ownActions shows only the page's own buttons, whatever standard codes the user holds", async () => {
    grant('param_view', 'param_edit', 'param_delete', 'param_add', 'role_grant', 'user_reset');
    setup({ ownActions: true, rowActions: ownActions(() => {}) });
    await screen.findByText('甲');
    expect(rowButtons(rows()[0]!)).toEqual(['权限设置', '重置密钥']);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('keeps up to three actions in the row', async () => {
    grant('param_view', 'param_edit', 'param_delete');
    setup();
    await screen.findByText('甲');
    expect(rowButtons(rows()[0]!)).toEqual(['查看', '编辑', '删除']);
  });

  it('shows two actions and puts the rest under 更多, whose items run them', async () => {
    const run = vi.fn();
    grant('param_view', 'param_edit', 'param_delete', 'role_grant', 'user_reset');
    setup({ rowActions: ownActions(run) });
    await screen.findByText('甲');
    expect(rowButtons(rows()[0]!)).toEqual(['查看', '编辑', '更多']);

    await userEvent.click(within(rows()[0]!).getByText('更多'));
    const menu = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-dropdown-menu');
      expect(found).not.toBeNull();
      return found!;
    });
    const items = [...menu.querySelectorAll('[role=menuitem]')].map((i) => i.textContent);
    expect(items).toEqual(['删除', '权限设置', '重置密钥']);
    await userEvent.click(within(menu).getByText('重置密钥'));
    expect(run).toHaveBeenCalledWith('secret 1');
  });

  it('offers a page’s own action only to holders of its code', async () => {
    grant('param_view', 'role_grant');
    setup({ rowActions: ownActions(vi.fn()) });
    await screen.findByText('甲');
    expect(rowButtons(rows()[0]!)).toEqual(['查看', '权限设置']);
  });

  it('keeps the 操作 header over an empty list for a user who may view, edit or delete', async () => {
    grant('param_view');
    const none = { records: [], total: 0, size: 10, current: 1, pages: 0 };
    setup({ api: { list: vi.fn(async () => none), detail: vi.fn(), submit: vi.fn(), remove: vi.fn() } });
    expect((await screen.findAllByText('操作')).length).toBeGreaterThan(0);
  });

  it('has no 操作 column when the user may take no action', async () => {
    setup({ rowActions: ownActions(vi.fn()) });
    await screen.findByText('甲');
    expect(screen.queryByText('操作')).toBeNull();
  });
});
