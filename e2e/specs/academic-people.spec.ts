import { expect, test } from '@playwright/test';
import { fillTemplate } from '../pages/AcademicPages.ts';
import { artifact } from '../pages/artifacts.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { png } from '../pages/samples.ts';

const DEMO_SCHOOL = '实训示范学校';

test('an administrator gives the demo school a logo, imports teachers and resets a student’s password (zh)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');

  // The logo goes up through put-file, shows at once, and is kept with the school.
  await shell.openMenu('教务管理', '学校管理');
  await crud.rowActionClick(DEMO_SCHOOL, '编辑');
  const logo = crud.drawer.locator('.ant-avatar img');
  await expect(logo).toHaveCount(0);
  await crud.drawer
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
  await expect(logo).toHaveAttribute('src', /\/files\/\d{6}\/\d{8}\/[\w-]+\.png$/);
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('修改成功')).toBeVisible();
  await crud.rowActionClick(DEMO_SCHOOL, '查看');
  await expect(logo).toHaveAttribute('src', /\/files\//);
  await crud.drawerButton(/关\s*闭/).click();

  // Teachers from the template: a duplicate account is reported and nothing is written; fixed, both come in.
  await shell.openMenu('教务管理', '教师管理');
  await crud.toolbarButton('导入教师').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '导入教师' });
  const rows = [
    ['e2e_zhang', '张老师', '男', '13900139001', '', 'E2E-T01', '讲师'],
    ['e2e_zhang', '李老师', '女', '', '', 'E2E-T02', ''],
  ];
  const bad = await fillTemplate(page, dialog.getByRole('button', { name: '下载模板' }), rows);
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog).toContainText('未导入任何数据');
  await expect(crud.row('E2E-T01')).toHaveCount(0);
  rows[1]![0] = 'e2e_li';
  const good = await fillTemplate(page, dialog.getByRole('button', { name: '下载模板' }), rows);
  await dialog.locator('input[type=file]').setInputFiles(good);
  await dialog.getByRole('button', { name: '开始导入' }).click();
  const secrets = page.locator('.ant-modal').filter({ hasText: '导入成功：新增 2 人' });
  await expect(secrets).toBeVisible();
  const password = (await secrets.locator('tr', { hasText: 'e2e_li' }).locator('td').nth(1).textContent())?.trim();
  await page.screenshot({ path: artifact('exam-teacher-import-zh.png') });
  await secrets.getByRole('button').last().click();
  await expect(crud.row('E2E-T01')).toContainText('张老师');
  await expect(crud.row('E2E-T02')).toContainText('李老师');

  // A student's password is reset after a confirmation; the new one is shown once and signs in.
  await shell.openMenu('教务管理', '学生管理');
  await crud.search('realName', '学生40');
  await expect(crud.rows).toHaveCount(1);
  await crud.select('student40');
  await crud.toolbarButton('密码重置').click();
  await expect(crud.confirmDialog).toContainText('1');
  await crud.confirmDialog.getByRole('button', { name: /确\s*定/ }).click();
  const reset = page
    .locator('.ant-modal')
    .filter({ hasText: 'student40' })
    .filter({ has: page.locator('code') });
  await expect(reset).toBeVisible();
  const studentPassword = (await reset.locator('tr', { hasText: 'student40' }).locator('code').textContent())?.trim();
  expect(studentPassword).toBeTruthy();
  expect(studentPassword).not.toBe('student');
  await reset.getByRole('button').last().click();

  // The imported teacher signs in with the password shown once; so does the student with theirs.
  await shell.signOut(/确\s*定/);
  await login.signIn('e2e_li', password ?? '');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByText('李老师').first()).toBeVisible();
  await shell.signOut(/确\s*定/);
  await login.signIn('student40', studentPassword ?? '');
  await expect(page).toHaveURL(/\/wel\/index$/);
});
