import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

/** Every 教务管理 page of the demo school, as its administrator sees it, in Chinese and then in English. */
test('the academic affairs pages show the demo school in zh and en', async ({ page }) => {
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await expect(login.demoAccounts).toContainText('teacher1');
  await login.signIn('admin', 'admin');
  const pages: [string, string, string][] = [
    ['学校管理', 'Schools', 'school'],
    ['学年管理', 'School years', 'schoolyear'],
    ['学期管理', 'Terms', 'term'],
    ['班级管理', 'Classes', 'clazz'],
    ['学生管理', 'Students', 'student'],
    ['教师管理', 'Teachers', 'teacher'],
    ['分类管理', 'Classifications', 'flag'],
  ];
  for (const [zh, , file] of pages) {
    await shell.openMenu('教务管理', zh);
    if (file === 'flag') await page.getByRole('tab', { name: '题型' }).click();
    await expect(page.locator('.ant-table-row, .ant-tree-treenode:not([aria-hidden])').first()).toBeVisible();
    await page.screenshot({ path: artifact(`exam-${file}-zh.png`), fullPage: true });
  }
  await login.switchLanguage('English');
  for (const [, en, file] of pages) {
    await shell.openMenu('Academic affairs', en);
    if (file === 'flag') await page.getByRole('tab', { name: 'Question types' }).click();
    await expect(page.locator('.ant-table-row, .ant-tree-treenode:not([aria-hidden])').first()).toBeVisible();
    await page.screenshot({ path: artifact(`exam-${file}-en.png`), fullPage: true });
  }
});
