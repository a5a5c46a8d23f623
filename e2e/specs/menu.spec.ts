import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('the platform administrator browses the menu tree, finds a page, adds a menu with a button and removes them (zh)', async ({
  page,
}) => {
  const stamp = Date.now();
  const code = `e2e_${stamp}`;
  const name = `E2E菜单${stamp % 100000}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '菜单管理');
  await expect(page).toHaveURL(/\/system\/menu$/);
  await expect(page).toHaveTitle('菜单管理 - 实训教学管理系统');

  // One level at a time: groups, then their pages, then a page's buttons.
  await expect(crud.row('系统管理')).toContainText('菜单');
  await expect(crud.row('参数管理')).toHaveCount(0);
  await crud.row('系统管理').locator('.ant-table-row-expand-icon').click();
  await expect(crud.row('参数管理')).toContainText('/system/param');
  await crud.row('参数管理').locator('.ant-table-row-expand-icon').click();
  await expect(crud.row('param_add')).toContainText('按钮');
  await page.screenshot({ path: artifact('menu-zh.png') });

  // A search finds matches wherever they sit, nested and opened, without opening their parents first.
  await crud.search('code', 'post');
  await expect(crud.row('岗位管理')).toBeVisible();
  await expect(crud.row('post_delete')).toContainText('按钮');
  await expect(crud.rows).toHaveCount(5);
  await page.getByRole('button', { name: '清空' }).click();
  await expect(crud.row('权限管理')).toBeVisible();

  // A new page under 系统管理, from that row.
  await crud.rowActionClick('系统管理', '新增子项');
  await expect(crud.drawer.getByText('新增菜单')).toBeVisible();
  const field = (label: string) => crud.drawer.locator('.ant-form-item').filter({ hasText: label });
  await expect(field('上级菜单')).toContainText('系统管理');
  await expect(field('菜单类型')).toContainText('菜单');
  await crud.formField('name').fill(name);
  await crud.formField('code').fill(code);
  await crud.formField('path').fill('javascript:alert(1)');
  await crud.formField('sort').focus();
  await expect(crud.drawer.getByText('路由地址须以 / 开头，或是以 http:// 或 https:// 开头的网址')).toBeVisible();
  await crud.formField('path').fill('https://example.com/handbook');
  await crud.formField('source').fill('Book');
  await crud.option('BookOutlined').click();
  // The pick is made before moving on (a click on a closing dropdown would leave the icon unset).
  await expect(crud.drawer.locator('.ant-form-item').filter({ has: crud.formField('source') })).toContainText(
    'BookOutlined',
  );
  await crud.choose('isOpen', '新窗口');
  await crud.formField('roles').fill('administrator');
  await crud.formField('roles').press('Enter');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.drawer).toBeHidden();

  // A button under it: the same row action, now offering a button.
  await crud.search('code', code);
  await expect(crud.row(name)).toContainText('新窗口');
  await expect(crud.row(name)).toContainText('administrator');
  await expect(crud.row(name).getByRole('img', { name: 'BookOutlined' })).toBeVisible();
  await crud.rowActionClick(name, '新增子项');
  await expect(field('上级菜单')).toContainText(name);
  await expect(field('菜单类型')).toContainText('按钮');
  await crud.formField('name').fill('导出');
  await crud.formField('code').fill(`${code}_export`);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.row(`${code}_export`)).toContainText('按钮');
  await expect(crud.rows).toHaveCount(2);
  await page.screenshot({ path: artifact('menu-search-zh.png') });

  // The new page is in the sidebar after a reload (the platform administrator sees every page).
  await page.reload();
  await expect(shell.sidebar.getByRole('menuitem', { name: new RegExp(`${name}$`) })).toBeVisible();

  // A page with its button still below it is not removed alone; the whole branch at once is.
  await crud.search('code', code);
  await crud.rowActionClick(name, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('请先删除下级菜单和按钮')).toBeVisible();
  await crud.select(name);
  await crud.select(`${code}_export`);
  await crud.toolbarButton('删除').click();
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
});

test('the menu page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Menus');
  const crud = new CrudPage(page);
  await expect(crud.columnTitles()).toContainText(['Name', 'Code', 'Type', 'Route', 'Icon', 'Sort order']);
  await crud.search('code', 'topmenu');
  await expect(crud.row('topmenu_grant')).toContainText('Button');
  await expect(crud.rows.first()).toContainText('Menu');
  await page.screenshot({ path: artifact('menu-en.png') });
  await crud.toolbarButton('Add').click();
  await crud.formField('name').focus();
  await crud.formField('code').focus();
  await expect(crud.drawer.getByText('Please enter the menu name')).toBeVisible();
});
