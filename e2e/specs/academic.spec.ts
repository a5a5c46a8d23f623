import { expect, test } from '@playwright/test';
import { fillTemplate, OrgTree } from '../pages/AcademicPages.ts';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { tick } from '../pages/CheckTree.ts';
import { CrudPage } from '../pages/CrudPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { qrLink } from '../pages/qr.ts';
import { ShellPage } from '../pages/ShellPage.ts';

const SCHOOL = 'E2E实训学校';

/**
 * The path of issue 5: an administrator builds a school year, a term, a grade and its classes, adds a teacher related
 * to one class, imports students from the template; the teacher signs in and sees exactly that class, makes its QR
 * code, and a student who opens the code's link (signing in on the way) joins the class.
 */
test('an administrator builds the school; the teacher sees exactly their class; a student joins by QR code (zh)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  const crud = new CrudPage(page);
  const tree = new OrgTree(page);
  const save = async (done = '新增成功') => {
    await crud.drawerButton(/保\s*存/).click();
    await expect(crud.toast(done)).toBeVisible();
    await expect(crud.drawer).toBeHidden();
  };
  const date = async (prop: string, value: string) => {
    await crud.formField(prop).fill(value);
    await crud.formField(prop).press('Enter');
  };

  await login.goto();
  await login.signIn('admin', 'admin');

  await shell.openMenu('教务管理', '学校管理');
  await crud.toolbarButton('新增').click();
  await crud.formField('name').fill(SCHOOL);
  await crud.formField('code').fill(`e2e${Date.now()}`);
  await crud.formField('linkman').fill('教务处');
  await save();

  await shell.openMenu('教务管理', '学年管理');
  await crud.toolbarButton('新增').click();
  await crud.choose('schoolId', SCHOOL);
  await crud.formField('name').fill('2030-2031学年');
  await date('startDate', '2030-09-01');
  await date('endDate', '2031-08-31');
  await save();
  // An overlapping year of the same school is refused, naming the year in the way.
  await crud.toolbarButton('新增').click();
  await crud.choose('schoolId', SCHOOL);
  await crud.formField('name').fill('重叠学年');
  await date('startDate', '2031-03-01');
  await date('endDate', '2032-02-28');
  await crud.drawerButton(/保\s*存/).click();
  await expect(crud.toast('与学年《2030-2031学年》（2030-09-01 至 2031-08-31）的日期重叠')).toBeVisible();
  await crud.drawerButton(/取\s*消/).click();

  await shell.openMenu('教务管理', '学期管理');
  await crud.toolbarButton('新增').click();
  await crud.choose('schoolyearId', `${SCHOOL} · 2030-2031学年`);
  await crud.formField('name').fill('2030-2031学年第一学期');
  await date('startDate', '2030-09-01');
  await date('endDate', '2031-01-31');
  await save();
  await expect(crud.row('2030-2031学年第一学期')).toContainText('当前学期');

  await shell.openMenu('教务管理', '班级管理');
  await tree.pick(SCHOOL);
  await crud.toolbarButton('新增').click();
  await crud.formField('name').fill('2030级');
  await save();
  await tree.pick('2030级');
  for (const name of ['1班', '2班']) {
    await crud.toolbarButton('新增').click();
    await crud.formField('name').fill(name);
    await crud.formField('enrolmentYear').fill('2030');
    await save();
  }
  await expect(crud.rows).toHaveCount(2);
  await page.screenshot({ path: artifact('exam-flow-classes-zh.png') });

  await shell.openMenu('教务管理', '教师管理');
  await crud.toolbarButton('新增').click();
  await crud.formField('account').fill('e2e_teacher');
  await crud.formField('password').fill('teach123');
  await crud.formField('realName').fill('赵老师');
  await save();
  await crud.rowActionClick('e2e_teacher', '关联班级');
  const dialog = page.locator('.ant-modal').filter({ hasText: '赵老师 的任教学校、年级和班级' });
  // The tree lists every school's classes; tick ours by its id.
  const api = await Api.signIn(request);
  type Row = { id: string; name: string };
  const [grade] = (await api.get<{ records: Row[] }>('/api/exam/pc/clazz/page', { name: '2030级' })).records;
  const classes = (await api.get<{ records: Row[] }>('/api/exam/pc/clazz/page', { parentId: grade!.id })).records;
  await tick(dialog, classes.find((c) => c.name === '1班')!.id);
  await page.screenshot({ path: artifact('exam-flow-relations-zh.png') });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(crud.toast('已保存，该教师现可看到 1 个班级')).toBeVisible();
  await expect(crud.row('e2e_teacher')).toContainText(`${SCHOOL} / 2030级 / 1班`);

  await shell.openMenu('教务管理', '学生管理');
  const class1 = classes.find((c) => c.name === '1班')!.id;
  await tree.pick({ key: class1 });
  await crud.toolbarButton('导入学生').click();
  const importDialog = page.locator('.ant-modal').filter({ hasText: '导入学生' });
  await expect(importDialog).toContainText('「1班」');
  const rows = [
    ['30300001', '陈一', '男', '', '', ''],
    ['30300002', '陈二', '女', '', '', ''],
    ['30300002', '陈三', '男', '', '', '2030级/2班'],
  ];
  const bad = await fillTemplate(page, importDialog.getByRole('button', { name: '下载模板' }), rows);
  await importDialog.locator('input[type=file]').setInputFiles(bad);
  await importDialog.getByRole('button', { name: '开始导入' }).click();
  await expect(importDialog).toContainText('有 1 处问题，未导入任何数据');
  await expect(importDialog).toContainText('学号与第 3 行重复');
  await page.screenshot({ path: artifact('exam-flow-import-report-zh.png') });
  rows[2]![0] = '30300003';
  const good = await fillTemplate(page, importDialog.getByRole('button', { name: '下载模板' }), rows);
  await importDialog.locator('input[type=file]').setInputFiles(good);
  await importDialog.getByRole('button', { name: '开始导入' }).click();
  // The new accounts' first passwords, shown once.
  const secrets = page.locator('.ant-modal').filter({ hasText: '导入成功：新增 3 人' });
  await expect(secrets).toBeVisible();
  const password =
    (await secrets.locator('tr', { hasText: '30300003' }).locator('td').nth(1).textContent())?.trim() ?? '';
  await page.screenshot({ path: artifact('exam-flow-import-passwords-zh.png') });
  await secrets.getByRole('button').last().click();
  await expect(crud.rows).toHaveCount(2);

  await shell.signOut(/确\s*定/);
  await login.signIn('e2e_teacher', 'teach123');
  await shell.openMenu('教务管理', '班级管理');
  // Exactly their class: one school, one grade, one class, in the tree and the table.
  await expect(tree.root.locator('[data-org=school]')).toHaveText([SCHOOL]);
  await expect(tree.root.locator('[data-org=class]')).toHaveText(['1班']);
  await expect(crud.rows).toHaveCount(2);
  await expect(crud.toolbarButton('新增')).toHaveCount(0);
  // Viewing their class names its school and grade, and asks the server for nothing they may not read.
  await crud.rowActionClick('1班', '查看');
  await expect(crud.drawer).toContainText(SCHOOL);
  await crud.drawerButton(/关\s*闭/).click();
  await expect(page.getByText('没有权限')).toHaveCount(0);
  await page.screenshot({ path: artifact('exam-flow-teacher-classes-zh.png') });
  // Their class's two students; the one in 2班 is not theirs.
  await shell.openMenu('教务管理', '学生管理');
  await expect(crud.rows).toHaveCount(2);
  await expect(crud.row('30300003')).toHaveCount(0);
  await shell.openMenu('教务管理', '班级管理');
  await crud.row('1班').getByRole('button', { name: '班级二维码' }).click();
  const qr = page.locator('.ant-modal').filter({ hasText: '班级二维码' });
  const link = await qrLink(qr.locator('img'));
  await page.screenshot({ path: artifact('exam-flow-qrcode-zh.png') });
  expect(new URL(link).pathname).toBe('/bind/class');
  await qr.getByRole('button', { name: '关闭' }).click();
  await shell.signOut(/确\s*定/);

  // The student of 2班 opens the link before signing in: signs in first, comes back, joins 1班.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await login.signIn('30300003', password);
  await expect(page.getByText('加入「2030级/1班」')).toBeVisible();
  await page.screenshot({ path: artifact('exam-flow-bind-zh.png') });
  await page.getByRole('button', { name: '加入班级' }).click();
  await expect(page).toHaveURL(/\/exam\/my-class$/);
  await expect(page.getByText('30300003')).toBeVisible();
  await expect(page.locator('.ant-descriptions')).toContainText('2030级/1班');
  await expect(page.locator('.ant-descriptions')).toContainText('赵老师');
  await page.screenshot({ path: artifact('exam-flow-my-class-zh.png') });

  // The teacher's roster now holds the student who joined.
  await shell.signOut(/确\s*定/);
  await login.signIn('e2e_teacher', 'teach123');
  await shell.openMenu('教务管理', '学生管理');
  await expect(crud.rows).toHaveCount(3);
});
