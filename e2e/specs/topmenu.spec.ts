import { expect, type Locator, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** The checkbox of a node of the grant tree. */
const tick = (dialog: Locator, title: string) =>
  dialog
    .locator('.ant-tree-treenode')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .locator('.ant-tree-checkbox');

test('an administrator groups pages into a top menu; the sidebar of that top menu holds just them (zh)', async ({
  page,
  request,
}) => {
  const code = `e2e_${Date.now()}`;
  const name = `E2E教学${Date.now() % 100000}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '顶部菜单');
  await expect(page).toHaveURL(/\/system\/topmenu$/);

  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增顶部菜单')).toBeVisible();
  await crud.formField('code').fill('教学 菜单');
  await crud.formField('name').focus();
  await expect(crud.drawer.getByText('顶部菜单编号只能包含字母、数字、下划线和短横线')).toBeVisible();
  await crud.formField('code').fill(code);
  await crud.formField('name').fill(name);
  await crud.formField('source').fill('Read');
  await crud.option('ReadOutlined').click();
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.drawer).toBeHidden();

  await crud.search('code', code);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(name)).toContainText('ReadOutlined');

  // 菜单配置 on the toolbar acts on the selection, so it asks for one first.
  await crud.toolbarButton('菜单配置').click();
  await expect(crud.toast('请选择至少一条数据')).toBeVisible();

  const dialog = page.locator('.ant-modal').filter({ hasText: `菜单配置：${name}` });
  await crud.rowActionClick(name, '菜单配置');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('不会让任何人多看到一个菜单');
  await tick(dialog, '参数管理').click();
  await tick(dialog, '岗位管理').click();
  await page.screenshot({ path: artifact('topmenu-grant-zh.png') });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(crud.toast('菜单配置已保存')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened again, it shows what was saved: the two pages, their group half-ticked.
  await crud.rowActionClick(name, '菜单配置');
  await expect(tick(dialog, '参数管理')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(tick(dialog, '岗位管理')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(tick(dialog, '用户管理')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await expect(tick(dialog, '系统管理')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // What the top menu is for: the sidebar narrowed to those pages.
  const api = await Api.signIn(request);
  const [topMenu] = (await api.get<{ records: { id: string }[] }>('/api/blade-system/topmenu/list', { code })).records;
  const routes = await api.get<{ name: string; children?: { name: string }[] }[]>('/api/blade-system/menu/routes', {
    topMenuId: topMenu!.id,
  });
  expect(routes.map((r) => r.name)).toEqual(['系统管理']);
  expect(routes[0]!.children!.map((c) => c.name).sort()).toEqual(['参数管理', '岗位管理'].sort());
  await page.screenshot({ path: artifact('topmenu-zh.png') });

  await crud.rowActionClick(name, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
});

test('the top menu page speaks English', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.switchLanguage('English');
  await login.signIn('admin', 'admin');
  await new ShellPage(page).openMenu('System', 'Top menus');
  const crud = new CrudPage(page);
  await expect(crud.columnTitles()).toContainText(['Code', 'Name', 'Icon', 'Sort order', 'Actions']);
  await expect(crud.toolbarButton('Set menus')).toBeVisible();
  await page.screenshot({ path: artifact('topmenu-en.png') });
  await crud.toolbarButton('Add').click();
  await crud.formField('code').focus();
  await crud.formField('name').focus();
  await expect(crud.drawer.getByText('Please enter the top menu code')).toBeVisible();
});
