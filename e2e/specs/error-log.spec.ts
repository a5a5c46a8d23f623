import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';

test.describe.configure({ timeout: 120_000 });

test('runtime errors reach the error log; the log is uploaded and cleared, each after a confirmation', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  const badge = page
    .locator('.ant-badge')
    .filter({ has: page.getByTestId('error-log-button') })
    .locator('.ant-badge-count');
  await expect(badge).toHaveCount(0);

  // The diagnostics page's drills make the app fail the way real faults do.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '系统诊断' }).click();
  await expect(page).toHaveURL(/\/test\/index$/);
  await expect(page.getByText('运行正常')).toBeVisible();
  await page.getByTestId('drill-script').click();
  await page.getByTestId('drill-promise').click();
  await page.getByTestId('drill-render').click();
  await expect(page.getByText('页面出错了')).toBeVisible();
  await expect(page.locator('.sx-header')).toBeVisible();
  await page.getByTestId('drill-notFound').click();
  await expect(page.locator('.ant-message')).toContainText('接口不存在');
  await expect(page.getByRole('status')).toContainText('请求失败（404）：接口不存在');
  // HTTP failures are told to the user, not logged as front-end errors: three entries.
  await expect(badge).toHaveText('3');

  // A reload keeps them (they live in this browser).
  await page.reload();
  await expect(page.getByText('运行正常')).toBeVisible({ timeout: 30_000 });
  await expect(badge).toHaveText('3');

  await page.getByTestId('error-log-button').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '错误日志' });
  await expect(dialog.locator('.ant-table-row')).toHaveCount(3);
  await expect(dialog).toContainText('诊断：脚本错误（测试）');
  await expect(dialog).toContainText('诊断：未处理的异步错误（测试）');
  await expect(dialog).toContainText('诊断：页面渲染错误（测试）');
  await expect(dialog.getByText('页面错误', { exact: true })).toBeVisible();
  await page.screenshot({ path: artifact('error-log.png') });

  // Upload: confirmed, sent to POST oauth/logout, 发送成功, the local log is empty.
  await dialog.getByRole('button', { name: /上传日志/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定将 3 条错误日志发送给服务器吗？');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/blade-auth/oauth/logout') && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  const response = await sent;
  expect(await response.json()).toMatchObject({ code: 200, data: 3 });
  expect((response.request().postDataJSON() as { type: string }[]).map((l) => l.type).sort()).toEqual([
    'error',
    'promise',
    'render',
  ]);
  await expect(page.locator('.ant-message')).toContainText('发送成功');
  await expect(dialog.getByText('暂无错误日志')).toBeVisible();
  await expect(badge).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Clear: another error, then cleared after a confirmation (cancelling keeps it).
  await page.getByTestId('drill-script').click();
  await expect(badge).toHaveText('1');
  await page.getByTestId('error-log-button').click();
  await dialog.getByRole('button', { name: /清空日志/ }).click();
  await expect(confirm).toContainText('确定清空本地错误日志吗？');
  await confirm.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  await expect(dialog.locator('.ant-table-row')).toHaveCount(1);
  await dialog.getByRole('button', { name: /清空日志/ }).click();
  await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.ant-message')).toContainText('清空成功');
  await expect(dialog.getByText('暂无错误日志')).toBeVisible();
  await page.keyboard.press('Escape');

  // English.
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('drill-script').click();
  await page.getByTestId('error-log-button').click();
  const english = page.locator('.ant-modal').filter({ hasText: 'Error log' });
  await english.getByRole('button', { name: /Clear logs/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message')).toContainText('Cleared successfully');
  await page.keyboard.press('Escape');
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
});
