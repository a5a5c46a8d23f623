import { type Dict, dictChildFormSchema, flattenPermissions, type MenuNode } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuth } from '../../stores/auth.ts';
import { type CrudOption, CrudPage } from './index.tsx';

type Row = { id: string; name: string; hasChildren?: boolean; children?: Row[] };

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

const grant = (biz: string, ...codes: string[]) => {
  const buttons = codes.map((code, i) => ({ id: String(i), code, children: [] }) as unknown as MenuNode);
  useAuth.getState().setPermission(flattenPermissions([{ id: 'm', code: biz, children: buttons } as MenuNode]));
};
const buttons = (text: string) =>
  screen
    .queryAllByText(text)
    .map((el) => el.closest('button'))
    .filter((b): b is HTMLButtonElement => b !== null);
const rowTexts = () => [...document.querySelectorAll('tr.ant-table-row')].map((r) => r.textContent);

afterEach(() => useAuth.getState().clear());

describe('CrudPage lazy tree with search', () => {
  function setup() {
    const children = vi.fn(async (parentId: string) =>
      parentId === '0' ? [{ id: '1', name: '系统管理', hasChildren: true }] : [{ id: '2', name: '岗位管理' }],
    );
    // Every match at once, nested: the button sits under its page, which matched too.
    const search = vi.fn(async () => [
      { id: '2', name: '岗位管理', hasChildren: true, children: [{ id: '3', name: '岗位新增', children: [] }] },
    ]);
    const option = {
      biz: 'tree',
      title: 'param.title',
      rowKey: 'id',
      api: { list: vi.fn(), detail: vi.fn(), submit: vi.fn(), remove: vi.fn() },
      formSchema: dictChildFormSchema,
      lazyTree: { children, search },
      columns: [{ prop: 'name', label: 'param.paramName', search: true }],
    } as unknown as CrudOption<Row, typeof dictChildFormSchema>;
    wrap(<CrudPage option={option} />);
    return { children, search };
  }

  it('loads the root level lazily until the user searches', async () => {
    const { children, search } = setup();
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(children).toHaveBeenCalledWith('0', {});
    expect(search).not.toHaveBeenCalled();
  });

  it('shows every match of a search nested and opened, then goes back to the lazy tree on reset', async () => {
    const { children, search } = setup();
    await screen.findByText('系统管理');
    await userEvent.type(document.querySelector('#search_name')!, '岗位{Enter}');
    expect(await screen.findByText('岗位新增')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith({ name: '岗位' });
    expect(children).toHaveBeenCalledTimes(1);
    expect(rowTexts()).toEqual(['岗位管理', '岗位新增']);
    // The leaf of the results offers nothing to expand.
    const leaf = [...document.querySelectorAll('tr.ant-table-row')][1]!;
    expect(leaf.querySelector('.ant-table-row-expand-icon-spaced')).not.toBeNull();

    await userEvent.click(buttons('清空')[0]!);
    expect(await screen.findByText('系统管理')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(1);
  });
});

describe('CrudPage master–detail defaults', () => {
  const item = (id: string): Dict => ({
    id,
    parentId: '9',
    code: 'sex',
    dictKey: id,
    dictValue: `项${id}`,
    dictValueEn: '',
    sort: 1,
    remark: '',
    isSealed: 0,
    status: 1,
    createUser: null,
    updateUser: null,
    createTime: '',
    updateTime: '',
  });

  it('sends a default of a field the form does not show (the parent and its code) with a new record', async () => {
    grant('dict', 'dict_add');
    const api = {
      list: vi.fn(async () => ({ records: [item('1')], total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(),
      submit: vi.fn(async () => null),
      remove: vi.fn(),
    };
    const option: CrudOption<Dict, typeof dictChildFormSchema> = {
      biz: 'dict',
      title: 'dict.itemTitle',
      rowKey: 'id',
      api,
      formSchema: dictChildFormSchema,
      defaults: { sort: 1, isSealed: 0 },
      columns: [
        { prop: 'dictKey', label: 'dict.dictKey' },
        { prop: 'dictValue', label: 'dict.dictValue', search: true },
        { prop: 'sort', label: 'dict.sort', type: 'number' },
      ],
    };
    // Named, as the second CrudPage of a screen: its fields get ids of their own.
    wrap(<CrudPage option={option} name="item" query={{ parentId: '9' }} defaults={{ parentId: '9', code: 'sex' }} />);
    await screen.findByText('项1');
    expect(document.querySelector('#itemSearch_dictValue')).not.toBeNull();
    expect(document.querySelector('#search_dictValue')).toBeNull();
    expect(api.list).toHaveBeenCalledWith(expect.objectContaining({ parentId: '9', current: 1 }));

    await userEvent.click(buttons('新增')[0]!);
    expect(document.querySelector('#form_dictKey')).toBeNull();
    await userEvent.type(document.querySelector('#itemForm_dictKey')!, '3');
    await userEvent.type(document.querySelector('#itemForm_dictValue')!, '保密');
    await userEvent.click(buttons('保 存')[0]!);
    // isSealed is a default of a field not shown either; sort is shown and keeps its default.
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({
        parentId: '9',
        code: 'sex',
        isSealed: 0,
        dictKey: '3',
        dictValue: '保密',
        sort: 1,
      }),
    );
  });
});

describe('CrudPage custom controls and toolbar selection', () => {
  it('renders a column’s own control with the form’s value, its help text, and lets toolbar extras select rows', async () => {
    grant('tool', 'tool_edit', 'tool_batch');
    const toolbar = vi.fn();
    const option = {
      biz: 'tool',
      title: 'param.title',
      rowKey: 'id',
      api: {
        list: vi.fn(async () => ({ records: [{ id: '1', name: '甲' }], total: 1, size: 10, current: 1, pages: 1 })),
        detail: vi.fn(async () => ({ id: '1', name: '甲' })),
        submit: vi.fn(),
        remove: vi.fn(),
      },
      formSchema: dictChildFormSchema,
      columns: [
        {
          prop: 'dictValue',
          label: 'dict.dictValue',
          help: 'dict.sealedHelp',
          control: (placeholder: string) => <input data-testid="own-control" placeholder={placeholder} />,
        },
      ],
      selectFor: ['tool_batch'],
      toolbar: (ctx: { selected: Row[] }) => <Button onClick={() => toolbar(ctx.selected)}>批量操作</Button>,
    } as unknown as CrudOption<Row, typeof dictChildFormSchema>;
    wrap(<CrudPage option={option} />);
    await screen.findByText('批量操作');
    // No delete permission, yet a holder of tool_batch can select rows for the toolbar's button.
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row input[type=checkbox]')).toHaveLength(1));
    await userEvent.click(document.querySelector('tr.ant-table-row input[type=checkbox]')!);
    await userEvent.click(buttons('批量操作')[0]!);
    expect(toolbar).toHaveBeenCalledWith([expect.objectContaining({ id: '1' })]);

    await userEvent.click(buttons('编辑')[0]!);
    const control = await screen.findByTestId('own-control');
    expect(control).toHaveAttribute('placeholder', '请输入字典名称');
    expect(screen.getByText('封存后保留该项，但下拉选择中不再提供')).toBeInTheDocument();
  });
});

describe('CrudPage remote options', () => {
  it('loads a form select’s options only when it has a value to name or is opened, never for the closed drawer', async () => {
    grant('param', 'param_view', 'param_add');
    const schema = z.object({ name: z.string(), deptId: z.string().optional() });
    const loadOptions = vi.fn(async () => [{ label: '机电系', value: '7' }]);
    const option: CrudOption<{ id: string; name: string; deptId?: string }, typeof schema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api: {
        list: async () => ({ records: [{ id: '1', name: '张三' }], total: 1, size: 10, current: 1, pages: 1 }),
        detail: async () => ({ id: '1', name: '张三' }),
        submit: vi.fn(),
        remove: vi.fn(),
      },
      formSchema: schema,
      // The table shows the row's own name: no options needed for the cells either.
      columns: [
        { prop: 'name', label: 'param.paramName' },
        { prop: 'deptId', label: 'param.remark', type: 'select', loadOptions, render: () => '—' },
      ],
    };
    wrap(<CrudPage option={option} />);
    await screen.findByText('张三');
    expect(loadOptions).not.toHaveBeenCalled();
    await userEvent.click(buttons('新增')[0]!);
    expect(loadOptions).not.toHaveBeenCalled();
    await userEvent.click(document.querySelector('#form_deptId')!);
    await waitFor(() => expect(loadOptions).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('机电系')).toBeTruthy();
  });
});

describe('CrudPage rights per row and read-only panels', () => {
  type Shared = { id: string; name: string; access: 'own' | 'read' };
  const option = (rows: Shared[]) =>
    ({
      biz: 'post',
      title: 'post.title',
      rowKey: 'id',
      api: {
        list: vi.fn(async () => ({ records: rows, total: rows.length, current: 1, size: 10, pages: 1 })),
        detail: vi.fn(),
        submit: vi.fn(),
        remove: vi.fn(),
      },
      formSchema: z.object({ name: z.string() }),
      columns: [{ prop: 'name', label: 'post.postName' }],
      rowRights: (row: Shared) => ({ edit: row.access === 'own', remove: row.access === 'own' }),
    }) as unknown as CrudOption<Shared, z.ZodObject>;
  const rows: Shared[] = [
    { id: '1', name: '我的岗位', access: 'own' },
    { id: '2', name: '共享的岗位', access: 'read' },
  ];
  const actionsOf = (name: string) =>
    [...(screen.getByText(name).closest('tr')?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

  it('offers 编辑 and 删除 only on the rows the caller may change', async () => {
    grant('post', 'post_view', 'post_add', 'post_edit', 'post_delete');
    wrap(<CrudPage option={option(rows)} />);
    await screen.findByText('共享的岗位');
    expect(actionsOf('我的岗位')).toEqual(['查看', '编辑', '删除']);
    expect(actionsOf('共享的岗位')).toEqual(['查看']);
    expect(buttons('新增')).toHaveLength(1);
  });

  it('tells the page which rows were deleted', async () => {
    grant('post', 'post_view', 'post_delete');
    const afterRemove = vi.fn();
    const page = option(rows);
    wrap(<CrudPage option={{ ...page, afterRemove }} />);
    await screen.findByText('我的岗位');
    const row = screen.getByText('我的岗位').closest('tr')!;
    await userEvent.click([...row.querySelectorAll('button')].find((b) => b.textContent === '删除')!);
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-dangerous');
      expect(button).not.toBeNull();
      return button!;
    });
    await userEvent.click(ok);
    await waitFor(() => expect(afterRemove).toHaveBeenCalledWith(['1']));
    expect(page.api.remove).toHaveBeenCalledWith(['1']);
  });

  it('read-only: nothing to add, edit or delete, whatever the codes', async () => {
    grant('post', 'post_view', 'post_add', 'post_edit', 'post_delete');
    wrap(<CrudPage option={{ ...option(rows), rowRights: undefined }} readOnly />);
    await screen.findByText('我的岗位');
    expect(actionsOf('我的岗位')).toEqual(['查看']);
    expect(buttons('新增')).toHaveLength(0);
    expect(buttons('删除')).toHaveLength(0);
  });
});
