import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('an administrator keeps the post list: add with a dictionary type, filter by type, edit, delete (zh)', async ({
  page,
}) => {
  const code = `E2E${Date.now()}`;
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);

  await login.goto();
  await login.signIn('admin', 'admin');
  await shell.openMenu('系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(page).toHaveTitle('岗位管理 - 实训教学管理系统');

  await crud.toolbarButton('新增').click();
  await expect(crud.drawer.getByText('新增岗位')).toBeVisible();
  // The type select offers the post_category dictionary.
  await crud.formField('category').click();
  await page.locator('.ant-select-dropdown').getByText('基层', { exact: true }).click();
  await crud.formField('postCode').fill(code);
  await crud.formField('postName').fill('实训指导教师');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('新增成功')).toBeVisible();
  await expect(crud.drawer).toBeHidden();

  // The same code again is refused by the server, and what was typed stays in the drawer.
  await crud.toolbarButton('新增').click();
  await crud.formField('category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('高层', { exact: true }).click();
  await crud.formField('postCode').fill(code);
  await crud.formField('postName').fill('重复岗位');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('岗位编号已存在')).toBeVisible();
  await expect(crud.formField('postName')).toHaveValue('重复岗位');
  await crud.drawerButton(/取\s*消/).click();
  await expect(crud.drawer).toBeHidden();

  // Filter by type from the search bar: the row shows the dictionary label, not the key.
  await crud.searchField('category').click();
  await page.locator('.ant-select-dropdown:visible').getByText('基层', { exact: true }).click();
  await crud.search('postCode', code);
  await expect(crud.rows).toHaveCount(1);
  await expect(crud.row(code)).toContainText('基层');
  await expect(crud.row(code)).toContainText('实训指导教师');
  await page.screenshot({ path: artifact('post-zh.png') });

  await crud.rowActionClick(code, '编辑');
  await crud.formField('postName').fill('实训指导主管');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('修改成功')).toBeVisible();
  await expect(crud.drawer).toBeHidden();
  await expect(crud.row(code)).toContainText('实训指导主管');

  await crud.rowActionClick(code, '删除');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(crud.toast('删除成功')).toBeVisible();
  await expect(crud.rows).toHaveCount(0);
});
