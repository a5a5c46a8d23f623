import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** Signing in through `oauth/token` as the client `clientId`, the way another application would. */
async function signInAs(request: APIRequestContext, clientId: string, secret: string): Promise<number> {
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'Tenant-Id': '000000',
    },
    params: {
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  return res.status();
}

const secretIn = async (dialog: Locator) => ((await dialog.getByTestId('one-time-secret').textContent()) ?? '').trim();

test('the platform administrator adds a client with a generated secret, sees it once and resets it (zh)', async ({
  page,
  request,
}) => {
  const clientId = `e2e-app-${Date.now()}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  const secretDialog = page.locator('.ant-modal').filter({ hasText: '密钥只显示这一次' });

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '应用管理');
  await expect(page).toHaveURL(/\/system\/client$/);
  await expect(page).toHaveTitle('应用管理 - 实训教学管理系统');

  // The sign-in page's client is marked; its secret cannot be reset.
  await crud.search('clientId', 'saber');
  await expect(crud.row('saber')).toContainText('登录页使用');
  await expect(crud.row('saber')).toContainText('1 小时');
  await expect(await crud.rowAction('saber', '重置密钥')).toBeDisabled();
  await page.keyboard.press('Escape');

  // Add, leaving the secret empty: the server generates one and shows it this once.
  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增应用')).toBeVisible();
  await expect(crud.drawer).toContainText('留空则自动生成 32 位随机密钥');
  await crud.formField('clientId').fill(clientId);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog).toContainText(clientId);
  const first = await secretIn(secretDialog);
  expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await page.screenshot({ path: artifact('client-secret-zh.png') });
  await secretDialog.getByRole('button', { name: '我已记下，关闭' }).click();
  await expect(secretDialog).toBeHidden();
  expect(await signInAs(request, clientId, first)).toBe(200);

  // Nowhere to be seen again: not in the list, not in the view drawer.
  await crud.search('clientId', clientId);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(clientId)).toContainText('密码');
  await expect(crud.row(clientId)).toContainText('刷新令牌');
  await expect(crud.row(clientId)).toContainText('7 天');
  // Not even hidden in the page.
  expect(await page.content()).not.toContain(first);
  await page.screenshot({ path: artifact('client-zh.png') });
  await crud.row(clientId).dblclick();
  await expect(crud.drawer.getByText('查看应用')).toBeVisible();
  await expect(crud.drawer).not.toContainText('客户端密钥');
  await page.keyboard.press('Escape');
  await expect(crud.drawer).toBeHidden();

  // Reset: confirmed, a new secret once; the old one stops working.
  await crud.rowActionClick(clientId, '重置密钥');
  await expect(crud.confirmDialog).toContainText('旧密钥立即失效');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(secretDialog).toBeVisible();
  const second = await secretIn(secretDialog);
  expect(second).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(second).not.toBe(first);
  await secretDialog.getByRole('button', { name: '我已记下，关闭' }).click();
  expect(await signInAs(request, clientId, first)).toBe(401);
  expect(await signInAs(request, clientId, second)).toBe(200);

  // The sign-in page's client cannot be switched off; the drawer keeps what was typed and says why.
  await crud.search('clientId', 'saber');
  await crud.rowActionClick('saber', '编辑');
  await crud.formField('status').click();
  await page.locator('.ant-select-dropdown:visible').getByText('停用', { exact: true }).click();
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('登录页使用的 saber 客户端不能删除、停用、改名或重置密钥')).toBeVisible();
  await expect(crud.drawer).toBeVisible();
  await crud.drawerButton(/取\s*消/).click();

  await crud.search('clientId', clientId);
  await crud.rowActionClick(clientId, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
  expect(await signInAs(request, clientId, second)).toBe(401);
});

test('the client page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Client apps');
  await expect(crud.columnTitles()).toContainText(['Client ID', 'Grant types', 'Access token life (s)']);
  await expect(crud.row('saber')).toContainText('Sign-in page');
  await expect(crud.row('saber')).toContainText('1 h');
  await crud.toolbarButton('Add').click();
  await expect(crud.drawer).toContainText('leave it empty to have a random 32-character one');
  await page.screenshot({ path: artifact('client-en.png') });
});
