import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('an administrator manages a parameter from sign-in to sign-out (zh)', async ({ page }) => {
  const key = `e2e.demo.${Date.now()}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await expect(page).toHaveTitle('登录 - 实训教学管理系统');
  await expect(login.demoAccounts).toContainText('admin');
  await page.screenshot({ path: artifact('login-zh.png') });
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByText('快捷入口')).toBeVisible();

  await expect(shell.sidebar.getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await shell.openMenu('系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page).toHaveTitle('参数管理 - 实训教学管理系统');
  await expect(shell.tabs.getByText('参数管理')).toBeVisible();
  await expect(crud.rows.first()).toBeVisible();

  // Deleting with nothing selected only warns.
  await crud.toolbarButton('删除').click();
  await expect(crud.toast('请选择至少一条数据')).toBeVisible();
  await expect(crud.confirmDialog).toHaveCount(0);

  // Add, with the on-blur message for an empty name.
  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增参数')).toBeVisible();
  await crud.formField('paramName').focus();
  await crud.formField('paramKey').focus();
  await expect(crud.drawer.getByText('请输入参数名称')).toBeVisible();
  await crud.formField('paramName').fill('端到端测试参数');
  await crud.formField('paramKey').fill(key);
  await crud.formField('paramValue').fill('初始值');
  await crud.formField('remark').fill('由端到端测试创建');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.drawer).toBeHidden();

  // Search: Enter in the search form.
  await crud.search('paramKey', key);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(key)).toContainText('端到端测试参数');
  await page.screenshot({ path: artifact('param-zh.png') });

  // View: double-click opens a read-only drawer; Esc closes it.
  await crud.row(key).dblclick();
  await expect(crud.drawer.getByText('查看参数')).toBeVisible();
  await expect(crud.formField('paramName')).toHaveValue('端到端测试参数');
  await expect(crud.formField('paramName')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(crud.drawer).toBeHidden();

  // Edit.
  await crud.rowActionClick(key, '编辑');
  await expect(crud.drawer.getByText('编辑参数')).toBeVisible();
  await expect(crud.formField('paramValue')).toHaveValue('初始值');
  await crud.formField('paramValue').fill('修改后的值');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('修改成功')).toBeVisible();
  await expect(crud.row(key)).toContainText('修改后的值');

  // Delete the selected row, after confirming.
  await crud.select(key);
  await crud.toolbarButton('删除').click();
  await expect(crud.confirmDialog).toContainText('确定将选择数据删除?');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
  await expect(crud.table.locator('.ant-empty-description')).toHaveText('暂无数据');

  // Signed in, an address that is neither a static route nor in the menu is a 404; tabs survive the reload.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/wel/index');
  await expect(shell.tabs.getByText('参数管理')).toBeVisible();

  await shell.signOut(/确\s*定/);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/login$/);
});
