import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  // With the options loaded and no social provider configured, no "other ways to sign in" heading over nothing.
  await expect(login.demoAccounts).toBeVisible();
  await expect(page.getByText('其他登录方式')).toHaveCount(0);
  await login.signIn('admin', 'not-the-password');
  await expect(login.error).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.submit).toBeEnabled();
});

test('an unauthenticated visit to /wel/index ends on /login', async ({ page }) => {
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).account).toBeVisible();
});

test('the 404 page offers a way home, which the guard turns into /login when signed out', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login page does not download the table and form code of the CRUD pages, nor the validation library', async ({
  page,
}) => {
  const scripts: string[] = [];
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    scripts.push(new URL(r.url()).pathname);
    bodies.push(r.text());
  });
  await new LoginPage(page).goto();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /\/(param|Shell|MenuView)-/.test(s))).toEqual([]);
  // zod arrives with a form's rules; a constant imported from a module that also declares schemas pulls it in.
  expect((await Promise.all(bodies)).filter((body) => body.includes('invalid_type'))).toEqual([]);
});

test('a teacher sees their role by name and no tenant, has no diagnostics, and is refused 用户管理 inside the frame', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('teacher1', 'teacher');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.ant-descriptions .ant-tag')).toHaveText(['教师']);
  await expect(page.locator('.ant-descriptions')).not.toContainText('租户');

  await shell.userMenu.click();
  await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '系统诊断' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/system/user');
  await expect(page.getByText('没有权限访问此页面')).toBeVisible();
  await expect(shell.sidebar).toBeVisible();
  await expect(shell.header).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});
