import { flattenPermissions, type MenuNode } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuth } from '../../stores/auth.ts';
import { type CrudOption, CrudPage } from './index.tsx';

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

describe('CrudPage view drawer', () => {
  it('shows values as read-only text: borderless and without placeholders; editing brings the inputs back', async () => {
    grant('param_view', 'param_edit');
    setup();
    await screen.findByText('甲');
    await userEvent.click(within(rows()[0]!).getByText('查看'));
    const drawer = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-drawer-open');
      expect(open?.querySelector<HTMLInputElement>('#form_name')?.value).toBe('甲');
      return open!;
    });
    const form = drawer.querySelector('form')!;
    expect(form).toHaveClass('crud-view');
    for (const field of drawer.querySelectorAll('input, textarea')) {
      expect(field.getAttribute('placeholder') ?? '', field.id).toBe('');
    }
    expect(drawer.querySelector('.ant-select')).toHaveClass('ant-select-borderless');
    expect(drawer.querySelector('.ant-picker')).toHaveClass('ant-picker-borderless');
    expect(form.querySelectorAll('[class*=-outlined]')).toHaveLength(0);

    await userEvent.click(within(drawer).getByText('编辑'));
    await waitFor(() => expect(drawer.querySelector('form')).not.toHaveClass('crud-view'));
    expect(drawer.querySelector('form')!.querySelectorAll('[class*=-outlined]').length).toBeGreaterThan(0);
    expect(drawer.querySelector('#form_name')).toHaveAttribute('placeholder', '请输入参数名称');
  });
});

describe('CrudPage fresh defaults', () => {
  it('asks a defaults function each time the add form opens', async () => {
    grant('param_add');
    let n = 0;
    const defaults = vi.fn(() => ({ name: `第${++n}条` }));
    setup({ defaults });
    await screen.findByText('甲');
    expect(defaults).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('新增'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#form_name')?.value).toBe('第1条'));
    await userEvent.click(screen.getByText('取 消'));
    await userEvent.click(screen.getByText('新增'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#form_name')?.value).toBe('第2条'));
  });
});
