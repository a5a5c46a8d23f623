import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceSelect, ScopeTypeSelect } from './DataScopeFields.tsx';

const types = ['全部可见', '本人可见', '所在机构可见', '所在机构及子级可见', '自定义'].map((dictValue, i) => ({
  id: String(i + 1),
  parentId: '9',
  code: 'data_scope_type',
  dictKey: String(i + 1),
  dictValue,
  sort: i + 1,
}));
const resources = [
  { code: 'user', types: [1, 2, 3, 4, 5] },
  { code: 'notice', types: [1, 2] },
];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.includes('data-scope/resources') ? resources : url.includes('code=data_scope_type') ? types : [];
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
    }),
  );
}

function RuleForm({ initial }: { initial: Record<string, unknown> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={initial}>
      <Form.Item name="resourceCode">
        <ResourceSelect />
      </Form.Item>
      <Form.Item name="scopeType">
        <ScopeTypeSelect />
      </Form.Item>
      <button type="button" onClick={() => form.setFieldsValue({ resourceCode: 'notice' })}>
        notice
      </button>
      <output data-testid="type">{String(Form.useWatch('scopeType', form))}</output>
    </Form>
  );
}

function setup(initial: Record<string, unknown>) {
  stubServer();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RuleForm initial={initial} />
      </App>
    </QueryClientProvider>,
  );
}

/** The antd select holding the form field `name`. */
const select = (name: string) => document.querySelector(`#${name}`)!.closest('.ant-select')!;

afterEach(() => vi.unstubAllGlobals());

describe('data-scope rule fields', () => {
  it('offers no type until the resource is known', async () => {
    setup({});
    await waitFor(() => expect(screen.getByText('请先选择资源编号')).toBeInTheDocument());
    expect(select('scopeType')).toHaveClass('ant-select-disabled');
  });

  it('names each resource and the types it supports', async () => {
    setup({ resourceCode: 'user', scopeType: 5 });
    await waitFor(() => expect(screen.getByText('用户（user）')).toBeInTheDocument());
    fireEvent.mouseDown(select('resourceCode').querySelector('input')!);
    expect(await screen.findByText('支持：全部可见、本人可见')).toBeInTheDocument();
    expect(screen.getByText('支持：全部可见、本人可见、所在机构可见、所在机构及子级可见、自定义')).toBeInTheDocument();
  });

  it('clears a type the newly chosen resource does not support and disables it', async () => {
    setup({ resourceCode: 'user', scopeType: 5 });
    await waitFor(() => expect(select('scopeType')).toHaveTextContent('自定义'));
    expect(screen.getByTestId('type')).toHaveTextContent('5');
    await userEvent.click(screen.getByText('notice'));
    await waitFor(() => expect(screen.getByTestId('type')).toHaveTextContent('undefined'));
    fireEvent.mouseDown(select('scopeType').querySelector('input')!);
    const custom = await screen.findByText('自定义', { selector: '.ant-select-item-option-content' });
    expect(custom.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    const all = screen.getByText('全部可见', { selector: '.ant-select-item-option-content' });
    expect(all.closest('.ant-select-item-option')).not.toHaveClass('ant-select-item-option-disabled');
  });
});
