import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { tick } from '../pages/CheckTree.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** Seeded ids: 岗位管理 and its 查看 button. */
const POST_VIEW = '1112';

test('a school on a read-only 岗位 package sees only that page, without write buttons; a package in use stays (zh)', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now() % 1000000;
  const pkg = `E2E岗位只读版${stamp}`;
  const school = `E2E产品包学校${stamp}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '租户产品包');
  await expect(page).toHaveURL(/\/system\/tenant-package$/);

  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增产品包')).toBeVisible();
  await crud.formField('packageName').focus();
  await crud.formField('remark').focus();
  await expect(crud.drawer.getByText('请输入产品包名称')).toBeVisible();
  await crud.formField('packageName').fill(pkg);
  await tick(crud.drawer, POST_VIEW);
  await page.screenshot({ path: artifact('tenant-package-form-zh.png') });
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await crud.search('packageName', pkg);
  await expect(crud.rows).toHaveCount(1);
  // The button, its page and the 系统管理 group above them.
  await expect(crud.row(pkg)).toContainText('3 项');

  // The school is opened on that package.
  await shell.openMenu('系统管理', '租户管理');
  await crud.toolbarButton('新增').click();
  await crud.formField('tenantName').fill(school);
  await crud.choose('packageId', pkg);
  await crud.drawerButton(/保\s*存/).click();
  const created = page.locator('.ant-modal').filter({ hasText: '租户已创建' });
  const tenantId = ((await created.getByTestId('created-tenant-id').textContent()) ?? '').trim();
  const password = ((await created.getByTestId('created-password').textContent()) ?? '').trim();
  await created.getByRole('button', { name: '我已保存，关闭' }).click();
  await crud.search('tenantName', school);
  await expect(crud.row(school)).toContainText(pkg);

  // Its administrator sees 岗位管理 alone, read-only: what the package leaves out is neither shown nor allowed.
  const api = await Api.signIn(request);
  await api.withParam('account.tenantMode', 'true', async () => {
    const context = await browser.newContext();
    try {
      const theirs = await context.newPage();
      const theirLogin = new LoginPage(theirs);
      await theirLogin.goto();
      await theirs.locator('#tenantId').fill(tenantId);
      await theirLogin.signIn('admin', password);
      const theirShell = new ShellPage(theirs);
      await theirShell.openMenu('系统管理', '岗位管理');
      await expect(theirs).toHaveURL(/\/system\/post$/);
      const theirCrud = new CrudPage(theirs);
      await expect(theirCrud.table).toBeVisible();
      await expect(theirCrud.toolbarButton('新增')).toHaveCount(0);
      await expect(theirCrud.toolbarButton('删除')).toHaveCount(0);
      await expect(theirShell.sidebar.getByRole('menuitem', { name: /用户管理$/ })).toHaveCount(0);
      await expect(theirShell.sidebar.getByRole('menuitem', { name: /角色管理$/ })).toHaveCount(0);
      await theirs.screenshot({ path: artifact('tenant-package-school-zh.png') });
    } finally {
      await context.close();
    }
  });

  // A package in use cannot be removed; once its school is gone it can.
  await shell.openMenu('系统管理', '租户产品包');
  await crud.search('packageName', pkg);
  await crud.removeRow(pkg, {
    action: '删除',
    confirm: /确\s*定/,
    done: `产品包正被租户使用，请先为这些租户更换产品包：${school}`,
  });
  await shell.openMenu('系统管理', '租户管理');
  await crud.search('tenantName', school);
  await crud.removeRow(school);
  await shell.openMenu('系统管理', '租户产品包');
  await crud.search('packageName', pkg);
  await crud.removeRow(pkg);
  await expect(crud.rows).toHaveCount(0);
});

test('the package page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await shell.openMenu('System', 'Tenant packages');
  await expect(crud.columnTitles()).toContainText(['Package name', 'Menus and buttons', 'Status']);
  await crud.toolbarButton('Add').click();
  await expect(crud.drawer.getByText('Add package')).toBeVisible();
  await expect(crud.drawer.getByText('Tick the pages and buttons in this package')).toBeVisible();
  await page.screenshot({ path: artifact('tenant-package-en.png') });
});
