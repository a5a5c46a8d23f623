import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('the platform administrator opens a school: one-time password, licence, and its administrator signs in (zh)', async ({
  page,
  browser,
  request,
}) => {
  const school = `E2E实训学校${Date.now() % 1000000}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '租户管理');
  await expect(page).toHaveURL(/\/system\/tenant$/);
  await crud.search('tenantId', '000000');
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.rows.first()).toContainText('不限');
  await crud.searchField('tenantId').clear();

  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增租户')).toBeVisible();
  await crud.formField('tenantName').focus();
  await crud.formField('linkman').focus();
  await expect(crud.drawer.getByText('请输入租户名称')).toBeVisible();
  await expect(crud.formField('accountNumber')).toHaveValue('-1');
  await crud.formField('tenantName').fill(school);
  await crud.formField('linkman').fill('王老师');
  await crud.formField('contactNumber').fill('13800000000');
  await crud.drawerButton(/保\s*存/).click();

  // The administrator's password is shown once, with a warning, and the dialog stays until they say it is saved.
  const created = page.locator('.ant-modal').filter({ hasText: '租户已创建' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('密码只显示这一次，关闭后无法再次查看');
  const tenantId = ((await created.getByTestId('created-tenant-id').textContent()) ?? '').trim();
  const account = ((await created.getByTestId('created-account').textContent()) ?? '').trim();
  const password = ((await created.getByTestId('created-password').textContent()) ?? '').trim();
  expect(tenantId).toMatch(/^\d{6}$/);
  expect(account).toBe('admin');
  expect(password.length).toBeGreaterThanOrEqual(12);
  await created.getByRole('button', { name: '全部复制' }).click();
  await expect(crud.toast('已复制')).toBeVisible();
  await page.screenshot({ path: artifact('tenant-created-zh.png') });
  await page.keyboard.press('Escape');
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(created).toBeHidden();

  await crud.search('tenantName', school);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(school)).toContainText(tenantId);
  await expect(crud.row(school)).toContainText('不限');
  await expect(crud.row(school)).toContainText('长期有效');

  // 授权配置: for the selected tenants, checked before anything is sent.
  const setting = page.locator('.ant-modal').filter({ hasText: '授权配置' });
  await crud.toolbarButton('授权配置').click();
  await expect(crud.toast('请选择至少一条数据')).toBeVisible();
  await crud.select(school);
  await crud.toolbarButton('授权配置').click();
  await expect(setting).toContainText(`将应用到已选择的 1 个租户：${school}`);
  await page.locator('#setting_accountNumber').fill('-5');
  await page.locator('#setting_accountNumber').blur();
  await expect(setting.getByText('账号额度格式不正确')).toBeVisible();
  await page.locator('#setting_accountNumber').fill('30');
  await page.locator('#setting_expireTime').click();
  await page.locator('#setting_expireTime').fill('2030-09-01 08:00:00');
  await page.locator('#setting_expireTime').press('Enter');
  await setting.getByRole('button', { name: /保\s*存/ }).click();
  await expect(crud.toast('授权配置已保存')).toBeVisible();
  await expect(crud.row(school)).toContainText('30');
  await expect(crud.row(school)).toContainText('2030-09-01 08:00');
  await page.screenshot({ path: artifact('tenant-zh.png') });

  // The new school's administrator signs in with the tenant id, where the login page asks for it (tenant mode).
  const api = await Api.signIn(request);
  await api.withParam('account.tenantMode', 'true', async () => {
    const context = await browser.newContext();
    try {
      const theirs = await context.newPage();
      const theirLogin = new LoginPage(theirs);
      await theirLogin.goto();
      await theirs.locator('#tenantId').fill(tenantId);
      await theirLogin.signIn(account, password);
      await expect(theirs).toHaveURL(/\/wel\/index$/);
      const theirShell = new ShellPage(theirs);
      await theirShell.openMenu('系统管理', '业务字典');
      // Their own (empty) business dictionaries; the platform's pages are not theirs.
      await expect(theirs.getByTestId('dict-pick-hint')).toBeVisible();
      await expect(theirs.locator('.ant-empty-description').first()).toHaveText('暂无数据');
      await expect(theirShell.sidebar.getByRole('menuitem', { name: /租户管理$/ })).toHaveCount(0);
      await expect(theirShell.sidebar.getByRole('menuitem', { name: /菜单管理$/ })).toHaveCount(0);
      await expect(theirShell.sidebar.getByRole('menuitem', { name: /用户管理$/ })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  // The school is closed again (and runs do not pile up tenants).
  await crud.removeRow(school);
  await expect(crud.rows).toHaveCount(0);
});

test('the tenant page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Tenants');
  const crud = new CrudPage(page);
  await expect(crud.columnTitles()).toContainText(['Tenant ID', 'Tenant name', 'Account quota', 'Expires', 'Status']);
  await crud.search('tenantId', '000000');
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.rows.first()).toContainText('Unlimited');
  await expect(crud.toolbarButton('Licence')).toBeVisible();
  await page.screenshot({ path: artifact('tenant-en.png') });
  await crud.toolbarButton('Add').click();
  await expect(crud.drawer.getByText('How many accounts may be created; -1 means unlimited')).toBeVisible();
});
