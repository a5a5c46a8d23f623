import type { LoginOptions } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../stores/auth.ts';
import { useSettings } from '../../../stores/settings.ts';
import LoginPage from './index.tsx';

const options: LoginOptions = {
  tenantMode: true,
  captchaMode: true,
  defaultTenantId: '000000',
  demoAccounts: [{ account: 'teacher1', password: 'teacher', role: '教师' }],
  socialProviders: [],
};

interface TokenCall {
  params: URLSearchParams;
  headers: Headers;
}

/** The auth server's answers: options, a fresh captcha each time, and the token (refused while `refuse` says so). */
function stubAuth(refuse: () => string | undefined) {
  const tokens: TokenCall[] = [];
  let captchas = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }));
      if (url.pathname.endsWith('/login-options')) return ok(options);
      if (url.pathname.endsWith('/captcha')) {
        captchas++;
        return new Response(JSON.stringify({ key: `k${captchas}`, image: `data:image/png;base64,${captchas}` }));
      }
      tokens.push({ params: url.searchParams, headers: new Headers(init?.headers) });
      const error = refuse();
      if (error) return new Response(JSON.stringify({ error_description: error }), { status: 400 });
      return new Response(
        JSON.stringify({
          access_token: 'a',
          refresh_token: 'r',
          tenant_id: '000001',
          user_id: '1',
          account: 'teacher1',
        }),
      );
    }),
  );
  return { tokens, captchas: () => captchas };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoginPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
  useSettings.getState().setLanguage('zh');
});

describe('the login page (no antd)', () => {
  it('says under each empty field what is missing, focuses the first, and clears the message as it is typed', async () => {
    stubAuth(() => undefined);
    renderPage();
    const user = userEvent.setup();
    const tenant = await screen.findByLabelText('租户ID');
    expect(tenant).toHaveValue('000000');
    await user.clear(tenant);
    await user.click(screen.getByRole('button', { name: '登 录' }));

    for (const message of ['请输入租户ID', '请输入账号', '请输入密码', '请输入验证码'])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(tenant).toHaveFocus();
    expect(tenant).toHaveAttribute('aria-invalid', 'true');
    expect(tenant).toHaveAccessibleDescription('请输入租户ID');

    await user.type(tenant, '000001');
    expect(screen.queryByText('请输入租户ID')).toBeNull();
    expect(tenant).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
  });

  it('signs in with the tenant and the captcha, shows a refusal and a fresh captcha, keeps what was typed', async () => {
    let refusal: string | undefined = '验证码不正确';
    const server = stubAuth(() => refusal);
    renderPage();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('租户ID'));
    await user.type(screen.getByLabelText('租户ID'), '000001');
    // One click on a demo account fills both fields.
    await user.click(screen.getByRole('button', { name: /teacher1/ }));
    expect(screen.getByLabelText('账号')).toHaveValue('teacher1');
    expect(screen.getByLabelText('密码')).toHaveValue('teacher');
    expect(await screen.findByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,1');
    await user.type(screen.getByLabelText('验证码'), 'abcd');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('验证码不正确');
    const [first] = server.tokens;
    expect(first?.params.get('tenantId')).toBe('000001');
    expect(first?.params.get('username')).toBe('teacher1');
    expect(first?.params.get('password')).toBe('8d788385431273d11e8b43bb78f3aa41'); // md5('teacher')
    expect(first?.headers.get('Captcha-Key')).toBe('k1');
    expect(first?.headers.get('Captcha-Code')).toBe('abcd');
    // The captcha is used up: a new picture, an empty box; the account and password stay.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '验证码' })).toHaveAttribute('src', 'data:image/png;base64,2'),
    );
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    expect(screen.getByLabelText('账号')).toHaveValue('teacher1');

    refusal = undefined;
    await user.type(screen.getByLabelText('验证码'), 'efgh');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    await waitFor(() => expect(useAuth.getState().accessToken).toBe('a'));
    expect(server.tokens[1]?.headers.get('Captcha-Key')).toBe('k2');
  });

  it('shows the password when asked, and switches language with one press', async () => {
    stubAuth(() => undefined);
    renderPage();
    const user = userEvent.setup();
    const password = await screen.findByLabelText('密码');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '显示密码' })).toHaveAttribute('aria-pressed', 'true');

    const languages = screen.getByRole('group', { name: '语言' });
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(languages).toHaveAccessibleName('Language');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toBeInTheDocument();
  });
});
