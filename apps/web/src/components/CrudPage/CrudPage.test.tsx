import {
  type Client,
  clientFormSchema,
  flattenPermissions,
  type MenuNode,
  type Page,
  type Param,
  paramFormSchema,
} from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { type CrudOption, CrudPage } from './index.tsx';

const row = (id: string, name: string): Param => ({
  id,
  paramName: name,
  paramNameEn: '',
  paramKey: `k.${id}`,
  paramValue: 'v',
  remark: '',
  remarkEn: '',
  status: 1,
  createUser: null,
  updateUser: null,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
});

function setup() {
  const page: Page<Param> = { records: [row('11', '甲'), row('12', '乙')], total: 2, size: 10, current: 1, pages: 1 };
  const api = {
    list: vi.fn(async () => page),
    detail: vi.fn(async (id: string) => row(id, '详情')),
    submit: vi.fn(async () => null),
    remove: vi.fn(async () => null),
  };
  const option: CrudOption<Param, typeof paramFormSchema> = {
    biz: 'param',
    title: 'param.title',
    rowKey: 'id',
    api,
    formSchema: paramFormSchema,
    columns: [
      { prop: 'paramName', label: 'param.paramName', search: true },
      { prop: 'paramKey', label: 'param.paramKey', search: true },
      { prop: 'paramValue', label: 'param.paramValue', type: 'textarea' },
    ],
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <CrudPage option={option} />
      </App>
    </QueryClientProvider>,
  );
  return api;
}

/** The button tree `menu/buttons` returns, reduced to the given codes. */
const grant = (...codes: string[]) => {
  const buttons = codes.map((code, i) => ({ id: String(i), code, children: [] }) as unknown as MenuNode);
  useAuth.getState().setPermission(flattenPermissions([{ id: 'm', code: 'param', children: buttons } as MenuNode]));
};

/** Buttons by their visible text (role queries are slow over antd's DOM in jsdom). */
const buttons = (text: string) =>
  screen
    .queryAllByText(text)
    .map((el) => el.closest('button'))
    .filter((b): b is HTMLButtonElement => b !== null);
const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('tr.ant-table-row')];

afterEach(() => {
  useAuth.getState().clear();
  useSettings.setState({ language: 'zh' });
});

describe('CrudPage permissions', () => {
  it('shows the records but no add, delete, view or edit button and no checkboxes without the codes', async () => {
    setup();
    expect(await screen.findByText('甲')).toBeInTheDocument();
    for (const text of ['新增', '删除', '查看', '编辑']) expect(buttons(text)).toEqual([]);
    expect(document.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    expect(buttons('搜索')).toHaveLength(1);
  });

  it('shows exactly the buttons whose codes were granted', async () => {
    grant('param_add', 'param_delete');
    setup();
    await screen.findByText('甲');
    expect(buttons('新增')).toHaveLength(1);
    // One batch delete in the toolbar plus one per row.
    expect(buttons('删除')).toHaveLength(3);
    expect(buttons('查看')).toEqual([]);
    expect(buttons('编辑')).toEqual([]);
  });

  it('shows view and edit per row with param_view and param_edit', async () => {
    grant('param_view', 'param_edit');
    setup();
    await screen.findByText('甲');
    expect(buttons('查看')).toHaveLength(2);
    expect(buttons('编辑')).toHaveLength(2);
    expect(buttons('新增')).toEqual([]);
  });
});

describe('CrudPage delete', () => {
  it('warns and calls nothing when no row is selected', async () => {
    grant('param_delete');
    const api = setup();
    await screen.findByText('甲');
    await userEvent.click(buttons('删除')[0]!);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByText('确定将选择数据删除?')).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('asks for confirmation, then removes the selected ids and reloads', async () => {
    grant('param_delete');
    const api = setup();
    await screen.findByText('甲');
    const [first, second] = rows();
    await userEvent.click(first!.querySelector('input[type=checkbox]')!);
    await userEvent.click(second!.querySelector('input[type=checkbox]')!);
    expect(await screen.findByText('已选择 2 项')).toBeInTheDocument();
    await userEvent.click(buttons('删除')[0]!);
    const dialog = (await screen.findByText('确定将选择数据删除?')).closest<HTMLElement>('.ant-modal')!;
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['11', '12']));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });
});

describe('CrudPage form', () => {
  it('validates on blur with the shared catalog message, in the current language', async () => {
    grant('param_add');
    const api = setup();
    await screen.findByText('甲');
    await userEvent.click(buttons('新增')[0]!);
    const name = document.querySelector<HTMLInputElement>('#form_paramName')!;
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText('请输入参数名称')).toBeInTheDocument();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('shows the English message when the UI is English', async () => {
    useSettings.setState({ language: 'en' });
    const { i18n } = await import('../../i18n/index.ts');
    expect(i18n.language).toBe('en');
    grant('param_add');
    setup();
    await screen.findByText('甲');
    await userEvent.click(buttons('Add')[0]!);
    const key = document.querySelector<HTMLInputElement>('#form_paramKey')!;
    fireEvent.blur(key);
    expect(await screen.findByText('Please enter parameter key')).toBeInTheDocument();
  });

  it('submits the trimmed form and reports success', async () => {
    grant('param_add');
    const api = setup();
    await screen.findByText('甲');
    await userEvent.click(buttons('新增')[0]!);
    await userEvent.type(document.querySelector('#form_paramName')!, '  站点名称 ');
    await userEvent.type(document.querySelector('#form_paramKey')!, 'site.name');
    await userEvent.type(document.querySelector('#form_paramValue')!, '实训');
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({ paramName: '站点名称', paramKey: 'site.name', paramValue: '实训' }),
    );
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });
});

const ruleSchema = z.object({
  ruleName: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  ruleType: z.number(),
  depts: z.string().optional(),
});
type Rule = { id: string; ruleName: string; ruleType: number; depts: string };

/** A custom control the form drives through `value` / `onChange`. */
function TypePicker({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  return (
    <span>
      <span data-testid="picked-type">{value ?? '-'}</span>
      <button type="button" onClick={() => onChange?.(1)}>
        all
      </button>
      <button type="button" onClick={() => onChange?.(5)}>
        custom
      </button>
    </span>
  );
}

describe('CrudPage conditional and custom fields', () => {
  function setupRules() {
    const record: Rule = { id: '21', ruleName: '信息系', ruleType: 5, depts: '7,8' };
    const api = {
      list: vi.fn(async () => ({ records: [record], total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(async () => record),
      submit: vi.fn(async () => null),
      remove: vi.fn(async () => null),
    };
    const option: CrudOption<Rule, typeof ruleSchema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api,
      formSchema: ruleSchema,
      defaults: { ruleType: 1 },
      columns: [
        { prop: 'ruleName', label: 'param.paramName', help: 'param.paramKey' },
        { prop: 'ruleType', label: 'param.paramValue', control: <TypePicker /> },
        {
          prop: 'depts',
          label: 'param.remark',
          type: 'select',
          multiple: true,
          separator: ',',
          loadOptions: async () => [
            { label: '机电系', value: '7' },
            { label: '信息系', value: '8' },
          ],
          visible: (values) => values.ruleType === 5,
        },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CrudPage option={option} />
        </App>
      </QueryClientProvider>,
    );
    return api;
  }

  it('shows a field only while its condition holds, and never sends a hidden one', async () => {
    grant('param_add');
    const api = setupRules();
    await screen.findByText('信息系');
    await userEvent.click(buttons('新增')[0]!);
    expect(screen.getByTestId('picked-type')).toHaveTextContent('1');
    expect(document.querySelector('#form_depts')).toBeNull();
    await userEvent.click(screen.getByText('custom'));
    await waitFor(() => expect(document.querySelector('#form_depts')).not.toBeNull());
    await userEvent.click(screen.getByText('all'));
    await waitFor(() => expect(document.querySelector('#form_depts')).toBeNull());
    await userEvent.type(document.querySelector('#form_ruleName')!, '全部');
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ ruleName: '全部', ruleType: 1 }));
  });

  it('shows the help text under its field when editing', async () => {
    grant('param_add');
    setupRules();
    await screen.findByText('信息系');
    await userEvent.click(buttons('新增')[0]!);
    const help = document
      .querySelector('#form_ruleName')!
      .closest('.ant-form-item')!
      .querySelector('.ant-form-item-extra');
    expect(help).toHaveTextContent('参数键名');
  });

  it('keeps a joined list as an array in the form and sends it joined again', async () => {
    grant('param_edit');
    const api = setupRules();
    // The table cell names every listed option.
    expect(await screen.findByText('机电系、信息系')).toBeInTheDocument();
    await userEvent.click(buttons('编辑')[0]!);
    const field = await waitFor(() => {
      const el = document.querySelector('#form_depts')?.closest('.ant-select');
      expect(el).toHaveTextContent('机电系');
      return el!;
    });
    expect(field).toHaveTextContent('信息系');
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({ id: '21', ruleName: '信息系', ruleType: 5, depts: '7,8' }),
    );
  });
});

describe('CrudPage clearing a field', () => {
  const schema = z.object({
    name: z.string().min(1),
    deptId: z.string().nullable().optional(),
    note: z.string().optional(),
  });
  type Row = { id: string; name: string; deptId: string | null; note: string };

  it('sends null for a cleared select whose schema has a none, so the server clears it instead of keeping it', async () => {
    grant('param_edit');
    const record: Row = { id: '5', name: '张老师', deptId: '7', note: '' };
    const api = {
      list: vi.fn(async () => ({ records: [record], total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(async () => record),
      submit: vi.fn(async () => null),
      remove: vi.fn(async () => null),
    };
    const option: CrudOption<Row, typeof schema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api,
      formSchema: schema,
      columns: [
        { prop: 'name', label: 'param.paramName' },
        {
          prop: 'deptId',
          label: 'param.paramKey',
          type: 'select',
          loadOptions: async () => [{ label: '机电系', value: '7' }],
        },
        { prop: 'note', label: 'param.remark', type: 'select', loadOptions: async () => [{ label: '甲', value: 'a' }] },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CrudPage option={option} />
        </App>
      </QueryClientProvider>,
    );
    await screen.findByText('张老师');
    await userEvent.click(buttons('编辑')[0]!);
    const select = await waitFor(() => {
      const el = document.querySelector('#form_deptId')?.closest('.ant-select');
      expect(el).toHaveTextContent('机电系');
      return el!;
    });
    fireEvent.click(select.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(select).not.toHaveTextContent('机电系'));
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ id: '5', name: '张老师', deptId: null, note: '' }));
  });
});

type Node = { id: string; name: string; hasChildren: boolean; secret?: string };
const nodeSchema = z.object({ name: z.string().min(1), secret: z.string().optional() });

describe('CrudPage lazy trees and submit hooks', () => {
  function setupTree() {
    const children = vi.fn(
      async (parentId: string): Promise<Node[]> =>
        parentId === '0'
          ? [
              { id: '1', name: '学校', hasChildren: true },
              { id: '2', name: '图书馆', hasChildren: false },
            ]
          : [{ id: '11', name: `机电系(${parentId})`, hasChildren: false }],
    );
    const api = {
      list: vi.fn(),
      detail: vi.fn(async (id: string) => ({ id, name: '学校', hasChildren: true })),
      submit: vi.fn(async () => ({ id: '99', oneTime: 'pw' })),
      remove: vi.fn(async () => null),
    };
    const afterSave = vi.fn();
    const option: CrudOption<Node, typeof nodeSchema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api,
      formSchema: nodeSchema,
      lazyTree: { children },
      beforeSubmit: (values) => ({ ...values, name: values.name.toUpperCase() }),
      afterSave,
      columns: [
        { prop: 'name', label: 'param.paramName', search: true },
        { prop: 'secret', label: 'param.paramValue', type: 'password', modes: ['add'], hideInTable: true },
      ],
      // An uncatalogued label shows as it is.
      rowActions: (row, ctx) => [
        {
          code: 'param_add',
          label: `add-below-${row.id}`,
          icon: null,
          onClick: () => ctx.openAdd({ name: `${row.name}下级` }),
        },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CrudPage option={option} />
        </App>
      </QueryClientProvider>,
    );
    return { api, children, afterSave };
  }

  it('loads the root level without paging and a branch only when it is expanded', async () => {
    const { api, children } = setupTree();
    expect(await screen.findByText('学校')).toBeInTheDocument();
    expect(api.list).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(children).toHaveBeenCalledTimes(1);
    // Only the row with children offers to expand.
    const expanders = document.querySelectorAll(
      'button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)',
    );
    expect(expanders).toHaveLength(1);
    await userEvent.click(expanders[0]!);
    expect(await screen.findByText('机电系(1)')).toBeInTheDocument();
    expect(children).toHaveBeenLastCalledWith('1', {});
  });

  it('starts a row action’s new record from the values it passes, and shows add-only fields only when adding', async () => {
    grant('param_add', 'param_edit');
    const { api, afterSave } = setupTree();
    await screen.findByText('学校');
    await userEvent.click(screen.getByText('add-below-2'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#form_name')?.value).toBe('图书馆下级'));
    expect(document.querySelector('#form_secret')).not.toBeNull();
    await userEvent.click(buttons('保 存')[0]!);
    // beforeSubmit shapes what is sent; afterSave gets the server's answer (e.g. a one-time secret).
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '图书馆下级'.toUpperCase() }));
    await waitFor(() => expect(afterSave).toHaveBeenCalledWith({ id: '99', oneTime: 'pw' }, 'add'));

    await userEvent.click(buttons('编辑')[0]!);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#form_name')?.value).toBe('学校'));
    expect(document.querySelector('#form_secret')).toBeNull();
  });
});

describe('CrudPage richText fields', () => {
  // The lazy editor chunk takes seconds to transform on first import; not inside a test's time limit.
  beforeAll(() => import('../RichEditor/Editor.tsx'), 60_000);
  const html = '<p>早<strong>安</strong></p><ul><li><p>列表项</p></li></ul>';

  function setupRich() {
    const record = { ...row('21', '公告'), paramValue: html };
    const api = {
      list: vi.fn(async (): Promise<Page<Param>> => ({ records: [record], total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(async () => record),
      submit: vi.fn(async () => null),
      remove: vi.fn(async () => null),
    };
    const option: CrudOption<Param, typeof paramFormSchema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api,
      formSchema: paramFormSchema,
      columns: [
        { prop: 'paramName', label: 'param.paramName' },
        { prop: 'paramKey', label: 'param.paramKey' },
        { prop: 'paramValue', label: 'param.paramValue', type: 'richText' },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CrudPage option={option} />
        </App>
      </QueryClientProvider>,
    );
    return api;
  }
  const editorIn = (drawer: Element) =>
    waitFor(
      () => {
        const box = drawer.querySelector<HTMLElement>('[role=textbox][contenteditable]');
        expect(box).not.toBeNull();
        return box!;
      },
      { timeout: 5_000 },
    );
  const drawer = () => document.querySelector('.ant-drawer-open')!;

  it('lists the text of the HTML, not its markup', async () => {
    setupRich();
    expect(await screen.findByText('早安 列表项')).toBeInTheDocument();
    expect(document.querySelector('.ant-table strong')).toBeNull();
  });

  it('shows the content formatted and read-only in the view drawer', async () => {
    grant('param_view');
    setupRich();
    await screen.findByText('早安 列表项');
    await userEvent.click(buttons('查看')[0]!);
    const box = await editorIn(drawer());
    await waitFor(() => expect(box.querySelector('strong')).toHaveTextContent('安'));
    expect(box.querySelector('ul li')).toHaveTextContent('列表项');
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(drawer().querySelector('[role=toolbar]')).toBeNull();
  });

  it('edits the content with the editor and submits it as HTML', async () => {
    grant('param_add');
    const api = setupRich();
    await screen.findByText('早安 列表项');
    await userEvent.click(buttons('新增')[0]!);
    const box = await editorIn(drawer());
    expect(drawer().querySelector('[role=toolbar]')).not.toBeNull();
    await userEvent.type(document.querySelector('#form_paramName')!, '通知');
    await userEvent.type(document.querySelector('#form_paramKey')!, 'notice.text');
    await userEvent.click(box);
    await userEvent.type(box, '明天放假');
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({
        paramName: '通知',
        paramKey: 'notice.text',
        paramValue: '<p>明天放假</p>',
      }),
    );
  });
});

describe('CrudPage comma lists, optional passwords and help', () => {
  const saber: Client = {
    id: '31',
    clientId: 'saber',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    webServerRedirectUri: '',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
    status: 1,
    createUser: null,
    updateUser: null,
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
  };

  function setupClients() {
    const api = {
      list: vi.fn(async (): Promise<Page<Client>> => ({ records: [saber], total: 1, size: 10, current: 1, pages: 1 })),
      detail: vi.fn(async () => saber),
      submit: vi.fn(async () => null),
      remove: vi.fn(async () => null),
    };
    const option: CrudOption<Client & { clientSecret?: string }, typeof clientFormSchema> = {
      biz: 'param',
      title: 'param.title',
      rowKey: 'id',
      api,
      formSchema: clientFormSchema,
      defaults: { authorizedGrantTypes: ['password'] },
      columns: [
        { prop: 'clientId', label: 'param.paramName' },
        { prop: 'clientSecret', label: 'param.paramKey', type: 'password', modes: ['add'], help: 'param.remark' },
        {
          prop: 'authorizedGrantTypes',
          label: 'param.paramValue',
          type: 'select',
          multiple: true,
          separator: ',',
          options: [
            { label: 'password', value: 'password' },
            { label: 'refresh_token', value: 'refresh_token' },
          ],
        },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CrudPage option={option} />
        </App>
      </QueryClientProvider>,
    );
    return api;
  }

  it('shows a stored comma list as tags and edits it as several choices', async () => {
    grant('param_edit');
    setupClients();
    const [first] = await screen.findAllByText('refresh_token');
    expect(first!.closest('.ant-tag')).not.toBeNull();
    await userEvent.click(buttons('编辑')[0]!);
    const drawer = document.querySelector('.ant-drawer-open')!;
    await waitFor(() => expect(drawer.querySelectorAll('.ant-select-selection-item')).toHaveLength(2));
  });

  it('sends no password when it was left empty, and shows the help under the field', async () => {
    grant('param_add');
    const api = setupClients();
    await screen.findAllByText('refresh_token');
    await userEvent.click(buttons('新增')[0]!);
    const drawer = document.querySelector<HTMLElement>('.ant-drawer-open')!;
    expect(within(drawer).getByText('备注')).toBeInTheDocument();
    await userEvent.type(document.querySelector('#form_clientId')!, 'app.one');
    await userEvent.type(document.querySelector('#form_clientSecret')!, 'x');
    await userEvent.clear(document.querySelector('#form_clientSecret')!);
    await userEvent.click(buttons('保 存')[0]!);
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({ clientId: 'app.one', authorizedGrantTypes: 'password' }),
    );
  });
});
