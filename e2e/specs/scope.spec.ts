import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MenuMasterDetail } from '../pages/MenuMasterDetail.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('an administrator hangs a data scope and an API scope under 用户管理 (zh)', async ({ page, request }) => {
  const stamp = Date.now();
  const deptName = `实训中心${stamp}`;
  const api = await Api.signIn(request, 'admin', 'admin');
  const dept = await api.post<{ id: string }>('/api/blade-system/dept/submit', { deptName, deptCategory: 2 });

  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const menus = new MenuMasterDetail(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');

  // 数据权限: nothing picked yet says what to do; the tree searches.
  await shell.openMenu('权限管理', '数据权限');
  await expect(page).toHaveURL(/\/authority\/data-scope$/);
  await expect(page.getByText(/数据权限决定一个角色能看到哪些数据/)).toBeVisible();
  await expect(page.getByText('请在左侧选择一个页面菜单，查看和配置它的数据权限规则。')).toBeVisible();
  await page.screenshot({ path: artifact('data-scope-empty-zh.png') });
  await menus.search.fill('用户');
  await expect(menus.menu('岗位管理')).toBeHidden();
  await menus.pick('用户管理');
  await expect(page.getByText('「用户管理」的数据权限')).toBeVisible();

  const rule = `本部门及下级${stamp}`;
  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增数据权限')).toBeVisible();
  // The rule starts under the picked page.
  await expect(crud.drawer.locator('.ant-select', { has: crud.formField('menuId') })).toContainText('用户管理');
  await crud.formField('scopeName').fill(rule);
  // Nothing to choose as a type until the resource is known; each resource says which types it supports.
  await expect(crud.formField('scopeType')).toBeDisabled();
  await crud.formField('resourceCode').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('支持：全部可见、本人可见');
  await page.screenshot({ path: artifact('data-scope-resources-zh.png') });
  await menus.option('用户（user）').click();

  // The dept picker shows for 自定义 only, and its choice is kept as the dept list.
  await crud.formField('scopeType').click();
  await menus.option('自定义').click();
  await expect(crud.formField('scopeValue')).toBeVisible();
  await expect(crud.drawer.getByText('只显示所选部门的记录')).toBeVisible();
  await crud.formField('scopeValue').click();
  await menus.option(deptName).click();
  await crud.drawer.getByText('新增数据权限').click();
  await page.screenshot({ path: artifact('data-scope-custom-zh.png') });
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.row(rule)).toContainText('自定义');
  await expect(crud.row(rule)).toContainText(deptName);
  await expect(crud.row(rule)).toContainText('用户');

  // Switching to 所在机构及子级可见 hides the picker; the rule no longer lists depts.
  await crud.rowActionClick(rule, '编辑');
  await expect(crud.formField('scopeValue')).toBeVisible();
  await crud.formField('scopeType').click();
  await menus.option('所在机构及子级可见').click();
  await expect(crud.formField('scopeValue')).toBeHidden();
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('修改成功')).toBeVisible();
  await expect(crud.row(rule)).toContainText('所在机构及子级可见');
  await expect(crud.row(rule)).not.toContainText(deptName);
  await page.screenshot({ path: artifact('data-scope-zh.png') });

  // Another page does not show it.
  await menus.search.fill('');
  await menus.pick('岗位管理');
  await expect(page.getByText('「岗位管理」的数据权限')).toBeVisible();
  await expect(crud.row(rule)).toHaveCount(0);

  // 接口权限: same frame; the path field explains itself.
  await shell.openMenu('权限管理', '接口权限');
  await expect(page).toHaveURL(/\/authority\/api-scope$/);
  await expect(page.getByText(/接口权限决定谁能调用某个接口/)).toBeVisible();
  await menus.pick('用户管理');
  await expect(page.getByText('「用户管理」的接口权限')).toBeVisible();
  const apiRule = `导出用户${stamp}`;
  // A path no route has, so other specs' users are never held back by it.
  const path = `/api/e2e-${stamp}/**`;
  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText(/以 \/\*\* 结尾表示该前缀下的全部接口/)).toBeVisible();
  await crud.formField('scopeName').fill(apiRule);
  await crud.formField('resourceCode').fill('user_export');
  await crud.formField('scopePath').fill('/api/blade-user/**/x');
  await crud.formField('scopeName').focus();
  await expect(crud.drawer.getByText('请求地址须以 /api/ 开头，只能在末尾使用 /**')).toBeVisible();
  await crud.formField('scopePath').fill(path);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.row(apiRule)).toContainText(path);
  await expect(crud.row(apiRule)).toContainText('系统接口');
  await page.screenshot({ path: artifact('api-scope-zh.png') });

  // Both rules are gone again, through the pages' delete.
  await crud.rowActionClick(apiRule, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.row(apiRule)).toHaveCount(0);
  await shell.openMenu('权限管理', '数据权限');
  await menus.pick('用户管理');
  await crud.rowActionClick(rule, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  // The first delete's toast may still be showing.
  await expect(crud.toast('删除成功').last()).toBeVisible();
  await expect(crud.row(rule)).toHaveCount(0);
  await api.post('/api/blade-system/dept/remove', undefined, { ids: dept.id });
});

test('the scope pages speak English', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const menus = new MenuMasterDetail(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');

  await shell.openMenu('Access control', 'Data scopes');
  await expect(page.getByText(/A data scope limits which records a role sees/)).toBeVisible();
  await expect(page.getByText('Choose a page on the left to see and set up its data scope rules.')).toBeVisible();
  await expect(page.getByText('Pages', { exact: true })).toBeVisible();
  await menus.pick('Users');
  await expect(page.getByText('Data scopes: Users')).toBeVisible();
  await expect(crud.columnTitles()).toContainText([
    'Scope name',
    'Resource code',
    'Scope type',
    'Visible departments',
    'Status',
  ]);
  await crud.toolbarButton('Add').click();
  await expect(crud.drawer.getByText('Add data scope')).toBeVisible();
  await crud.formField('resourceCode').click();
  await menus.option('Users (user)').click();
  await crud.drawer.getByText('Add data scope').click();
  await crud.drawerButton(/Save/).click();
  await expect(crud.drawer.getByText('Please enter the scope name')).toBeVisible();
  await page.screenshot({ path: artifact('data-scope-en.png') });
  await crud.drawerButton(/Cancel/).click();

  await shell.openMenu('Access control', 'API scopes');
  await expect(page.getByText(/An API scope limits who may call an API/)).toBeVisible();
  await menus.pick('Users');
  await expect(page.getByText('API scopes: Users')).toBeVisible();
  await crud.toolbarButton('Add').click();
  await expect(crud.drawer.getByText(/ending with \/\*\* covers every API below that prefix/)).toBeVisible();
  await page.screenshot({ path: artifact('api-scope-en.png') });
});
