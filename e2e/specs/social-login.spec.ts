import { expect, test } from '@playwright/test';
import { TestOAuthServer } from '../../apps/server/src/test/oauth-provider.ts';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';

test.describe.configure({ timeout: 180_000 });

test('a social-login newcomer registers, waits for approval, then signs in with the provider', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const source = `school${stamp}`;
  const idp = await TestOAuthServer.start();
  idp.person = { sub: `sso-${stamp}`, preferred_username: `li${stamp}`, name: '李老师', email: 'li@school.example' };
  const admin = await Api.signIn(request);
  const provider = await admin.post<{ id: string }>('/api/blade-system/social/submit', {
    source,
    name: '学校统一身份认证',
    preset: 'generic',
    ...idp.endpoints,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    redirectUri: `${baseURL}/oauth/callback/${source}`,
  });
  const role = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: '教师',
    roleAlias: `teacher_${stamp}`,
  });
  const login = new LoginPage(page);
  const signInWithProvider = async () => {
    await login.goto();
    await page.getByRole('button', { name: '学校统一身份认证' }).click();
  };

  try {
    await admin.withParam('account.registerUser', 'true', async () => {
      await signInWithProvider();
      // Through the provider and back: a newcomer gets the third-party registration dialog.
      await expect(page).toHaveURL(new RegExp(`/oauth/callback/${source}\\?code=`));
      const dialog = page.locator('.ant-modal').filter({ hasText: '完善注册信息' });
      await expect(dialog).toContainText('你好，李老师！');
      await expect(dialog.getByLabel('租户ID')).toHaveCount(0);
      await expect(dialog.getByLabel('姓名')).toHaveValue('李老师');
      await expect(dialog.getByLabel('账号')).toHaveValue(`li${stamp}`);
      await page.screenshot({ path: artifact('social-register.png') });

      // SPEC §5's order: account, then both passwords, then that they match.
      const submit = dialog.getByRole('button', { name: '提交申请' });
      const warning = page.locator('.ant-message');
      await dialog.getByLabel('账号').fill('');
      await submit.click();
      await expect(warning).toContainText('请先输入账号名称');
      await dialog.getByLabel('账号').fill('admin');
      await submit.click();
      await expect(warning).toContainText('请先输入密码');
      await dialog.getByLabel('密码', { exact: true }).fill('teach-pass-1');
      await dialog.getByLabel('确认密码').fill('teach-pass-2');
      await submit.click();
      await expect(warning).toContainText('两次密码输入不一致');
      // A refusal shows the server's words.
      await dialog.getByLabel('确认密码').fill('teach-pass-1');
      await submit.click();
      await expect(warning).toContainText('该账号已存在');

      await dialog.getByLabel('账号').fill(`li${stamp}`);
      await submit.click();
      const done = page.locator('.ant-modal-confirm');
      await expect(done).toContainText('注册申请已提交，请耐心等待管理员审核通过后再登录。');
      await done.getByRole('button', { name: /知\s*道\s*了|确\s*定|OK/ }).click();
      await expect(page).toHaveURL(/\/login$/);

      // Until an administrator approves, the provider's sign-in says so.
      await signInWithProvider();
      await expect(page.getByText('该第三方账号关联的注册申请正在等待管理员审核')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: '返回登录' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    // The administrator approves in 用户管理 (here through its API): enabled, with a role.
    const pending = await admin.get<{ records: { id: string; account: string }[] }>('/api/blade-user/page', {
      status: 'pending',
      account: `li${stamp}`,
    });
    expect(pending.records.map((u) => u.account)).toEqual([`li${stamp}`]);
    await admin.post('/api/blade-user/update', { id: pending.records[0]!.id, status: 1, roleIds: [role.id] });

    await signInWithProvider();
    await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 30_000 });
    await expect(page.getByTestId('user-menu')).toContainText('李老师');

    // English on the sign-in page.
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown-menu-item-danger').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await login.switchLanguage('English');
    await expect(page.getByText('Or sign in with')).toBeVisible();
    await expect(page.getByRole('button', { name: '学校统一身份认证' })).toBeVisible();
    await login.switchLanguage('中文');
  } finally {
    await admin.post('/api/blade-system/social/remove', undefined, { ids: provider.id });
    await idp.close();
  }
});
