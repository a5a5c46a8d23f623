import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('the platform administrator offers Gitee sign-in from 第三方登录, changes its secret and takes it away (zh, en)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const source = `gitee${Date.now().toString(36)}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '第三方登录');
  await expect(page).toHaveURL(/\/system\/social$/);

  // A provider with the Gitee preset: its addresses come with the preset, the secret is asked once.
  await crud.toolbarButton('新增').click();
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.drawer).toContainText('请输入登录来源编码');
  await crud.formField('source').fill(source);
  await crud.formField('name').fill('码云登录');
  await crud.choose('preset', 'Gitee');
  await crud.formField('clientId').fill('e2e-client-id');
  await crud.formField('clientSecret').fill('e2e-client-secret');
  await crud.formField('redirectUri').fill(`${baseURL}/oauth/callback/${source}`);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.row(source)).toContainText('码云登录');
  await expect(crud.row(source)).not.toContainText('e2e-client-secret');
  await page.screenshot({ path: artifact('social-settings-zh.png') });

  // Editing never shows or asks for the secret; 更换密钥 is its own form.
  await crud.rowActionClick(source, '编辑');
  await expect(crud.formField('clientId')).toHaveValue('e2e-client-id');
  await expect(crud.formField('clientSecret')).toHaveCount(0);
  await crud.drawerButton(/取\s*消/).click();
  await crud.rowActionClick(source, '更换密钥');
  const change = page.locator('.ant-modal').filter({ hasText: '更换密钥' });
  await change.getByRole('button', { name: /确\s*定/ }).click();
  await expect(change).toContainText('请输入 Client Secret');
  await change.getByLabel('新的 Client Secret').fill('e2e-new-secret');
  await change.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('密钥已更换')).toBeVisible();
  await expect(change).toBeHidden();

  // The sign-in page offers it at once.
  await shell.signOut(/确\s*定/);
  await expect(page.getByText('其他登录方式')).toBeVisible();
  await expect(page.getByRole('button', { name: /码云登录/ })).toBeVisible();

  // In English, then removed: the sign-in page no longer offers it.
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await shell.openMenu('System', 'Social sign-in');
  await expect(crud.columnTitles().filter({ hasText: 'Display name' })).toHaveCount(1);
  await crud.removeRow(source, { action: 'Delete', confirm: /OK/, done: 'Deleted successfully' });
  await login.switchLanguage('中文');
  await shell.signOut(/确\s*定/);
  await expect(login.demoAccounts).toBeVisible();
  await expect(page.getByRole('button', { name: /码云登录/ })).toHaveCount(0);
});
