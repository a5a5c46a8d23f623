import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { tick } from '../pages/CheckTree.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** Seeded menu ids (apps/server/src/seed/menus.ts): 岗位管理 and its 查看 button. */
const POST_PAGE = '1003';
const POST_VIEW = '1112';

test('an administrator builds a dept, a role that may only look at posts and a user holding it; that user sees exactly that (zh)', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const roleName = `岗位查看员${run}`;
  const deptName = `教务处${run}`;
  const account = `viewer${run}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');

  await shell.openMenu('系统管理', '部门管理');
  await expect(crud.columnTitles().filter({ hasText: '部门全称' })).toBeVisible();
  await crud.toolbarButton('新增').click();
  await crud.formField('deptName').fill(deptName);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.row(deptName)).toBeVisible();

  // The page that was open stays until the next one has loaded: wait for the new one before clicking.
  await shell.openMenu('系统管理', '角色管理');
  await expect(crud.columnTitles().filter({ hasText: '角色别名' })).toBeVisible();
  await crud.toolbarButton('新增').click();
  await crud.formField('roleName').fill(roleName);
  await crud.formField('roleAlias').fill(`v${run}`);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await crud.rowAction(roleName, '权限设置').click();
  const grant = page.locator('.ant-modal').filter({ hasText: `权限设置：${roleName}` });
  await expect(grant.locator(`[data-key="${POST_PAGE}"]`)).toBeVisible();
  await tick(grant, POST_VIEW);
  // Only the button was ticked; its page and group follow half-ticked.
  await expect(
    grant.locator(`.ant-tree-treenode:has([data-key="${POST_PAGE}"]) .ant-tree-checkbox-indeterminate`),
  ).toBeVisible();
  await page.screenshot({ path: artifact('role-grant-zh.png') });
  await grant.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('权限已保存，用户下次操作时生效')).toBeVisible();

  await shell.openMenu('系统管理', '用户管理');
  await expect(crud.columnTitles().filter({ hasText: '登录账号' })).toBeVisible();
  await crud.toolbarButton('新增').click();
  await crud.formField('account').fill(account);
  await crud.formField('password').fill('short');
  await crud.formField('password').blur();
  await expect(crud.drawer.getByText('密码至少需要 6 位')).toBeVisible();
  await crud.formField('password').fill('viewer-pass-1');
  await crud.formField('name').fill('小王');
  await crud.formField('realName').fill('王老师');
  await crud.choose('deptId', deptName);
  await crud.choose('roleIds', roleName);
  await page.keyboard.press('Escape');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await crud.search('account', account);
  await expect(crud.row(account)).toContainText(roleName);
  await expect(crud.row(account)).toContainText(deptName);
  await page.screenshot({ path: artifact('user-zh.png') });

  await shell.signOut(/确\s*定/);
  await login.signIn(account, 'viewer-pass-1');
  await expect(page).toHaveURL(/\/wel/);
  const pages = shell.sidebar.getByRole('menuitem');
  await shell.sidebar.getByRole('menuitem', { name: '系统管理' }).click();
  await expect(shell.sidebar.getByRole('menuitem', { name: '岗位管理' })).toBeVisible();
  await expect(pages).toHaveCount(2);
  await shell.openMenu('系统管理', '岗位管理');
  await expect(crud.table).toBeVisible();
  await expect(crud.toolbarButton('新增')).toHaveCount(0);
  await expect(crud.toolbarButton('删除')).toHaveCount(0);
  await expect(page.locator('tr.ant-table-row').getByRole('button', { name: '编辑' })).toHaveCount(0);
  await page.screenshot({ path: artifact('restricted-user-zh.png') });

  // A page that is not theirs is not there at all, even typed in.
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/404$/);
});
