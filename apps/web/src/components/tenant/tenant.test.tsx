import type { Tenant } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantCredentials } from './TenantCredentials.tsx';
import { TenantSetting } from './TenantSetting.tsx';

const tenant = (over: Partial<Tenant> = {}): Tenant => ({
  id: '77',
  tenantId: '654321',
  tenantName: '第一实训学校',
  tenantNameEn: '',
  domain: '',
  backgroundUrl: '',
  linkman: '',
  contactNumber: '',
  address: '',
  accountNumber: -1,
  expireTime: null,
  packageId: null,
  status: 1,
  createUser: null,
  updateUser: null,
  createTime: '',
  updateTime: '',
  ...over,
});

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

const button = (text: string) => screen.getByText(text).closest('button')!;

afterEach(() => vi.unstubAllGlobals());

describe('the new tenant’s one-time credentials', () => {
  it('shows the tenant id, account and password with the warning, copies them, and closes only when told', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    wrap(
      <TenantCredentials
        tenant={tenant({ oneTime: { account: 'admin', password: 'S3cret-once' } })}
        onClose={onClose}
      />,
    );
    expect(await screen.findByTestId('created-password')).toHaveTextContent('S3cret-once');
    expect(screen.getByTestId('created-tenant-id')).toHaveTextContent('654321');
    expect(screen.getByText(/密码只显示这一次/)).toBeInTheDocument();

    await userEvent.click(button('全部复制'));
    expect(writeText).toHaveBeenCalledWith(
      '租户：第一实训学校\n租户ID：654321\n管理员账号：admin\n初始密码：S3cret-once',
    );
    expect(await screen.findByText('已复制')).toBeInTheDocument();

    // Esc does not throw the password away.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(button('我已保存，关闭'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a saved tenant without one', () => {
    wrap(<TenantCredentials tenant={tenant()} onClose={vi.fn()} />);
    expect(screen.queryByText('租户已创建')).toBeNull();
  });
});

describe('授权配置', () => {
  /** Records the setting calls; the package picker gets one package. */
  function stubSetting() {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const packages = url.includes('/tenant-package/select');
        if (!packages) urls.push(url);
        const data = packages ? [{ id: '501', packageName: '标准版' }] : null;
        return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
      }),
    );
    return urls;
  }

  it('refuses a quota below -1 with the contracts’ message and sends nothing', async () => {
    const urls = stubSetting();
    wrap(<TenantSetting tenants={[tenant(), tenant({ id: '78', tenantName: '第二实训学校' })]} onClose={vi.fn()} />);
    expect(await screen.findByText(/第一实训学校、第二实训学校/)).toBeInTheDocument();
    const quota = document.querySelector<HTMLInputElement>('#setting_accountNumber')!;
    await userEvent.type(quota, '-5');
    fireEvent.blur(quota);
    expect(await screen.findByText('账号额度格式不正确')).toBeInTheDocument();
    await userEvent.click(button('保 存'));
    expect(urls).toEqual([]);
  });

  it('asks for at least one value, then sends the quota for every selected tenant', async () => {
    const urls = stubSetting();
    const onClose = vi.fn();
    wrap(<TenantSetting tenants={[tenant(), tenant({ id: '78' })]} onClose={onClose} />);
    await userEvent.click(await screen.findByText('保 存'));
    expect(await screen.findByText('请填写账号额度、过期时间或产品包')).toBeInTheDocument();
    expect(urls).toEqual([]);

    await userEvent.type(document.querySelector('#setting_accountNumber')!, '50');
    await userEvent.click(button('保 存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/blade-system/tenant/setting?ids=77%2C78&accountNumber=50');
  });

  it('puts the selected tenants on a package, or takes them out of any', async () => {
    const urls = stubSetting();
    const onClose = vi.fn();
    wrap(<TenantSetting tenants={[tenant({ packageId: '501' })]} onClose={onClose} />);
    // One tenant: the form starts from its package.
    const field = await waitFor(() => {
      const el = document.querySelector('#setting_packageId')!.closest('.ant-select')!;
      expect(el).toHaveTextContent('标准版');
      return el;
    });
    fireEvent.mouseDown(field.querySelector('.ant-select-selector') ?? field);
    await userEvent.click(await screen.findByText('不限（移出产品包）'));
    await userEvent.click(button('保 存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(urls).toEqual([
      expect.stringContaining('/api/blade-system/tenant/setting?ids=77&accountNumber=-1&packageId=0'),
    ]);
  });
});
