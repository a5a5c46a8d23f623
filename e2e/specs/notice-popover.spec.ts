import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';

test.describe.configure({ timeout: 120_000 });

test('the notice popover: demo mail and messages, real notices with unread marks kept per user', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await Api.signIn(request);
  const title = `实训周安排 ${stamp}`;
  await admin.post('/api/blade-desk/notice/submit', {
    title,
    category: 1,
    releaseTime: new Date(Date.now() - 60_000).toISOString(),
    content: '<p>下周一起进行<strong>实训周</strong>。</p>',
  });
  await admin.post('/api/blade-desk/notice/submit', {
    title: `图书馆开放时间 ${stamp}`,
    category: 1,
    releaseTime: new Date(Date.now() - 120_000).toISOString(),
    content: '<p>周末照常开放。</p>',
  });
  const unread = await admin.get<number>('/api/blade-desk/notice/unread-count');
  expect(unread).toBeGreaterThanOrEqual(2);

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  const badge = page
    .locator('.ant-badge')
    .filter({ has: page.getByTestId('notice-bell') })
    .locator('.ant-badge-count');
  await expect(badge).toHaveText(String(unread));

  await page.getByTestId('notice-bell').click();
  const panel = page.getByTestId('notice-panel');
  await expect(panel.getByRole('tab')).toHaveText(['邮件', '消息', `通知 (${unread})`]);
  const item = panel.locator('.ant-list-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', 'false');
  await page.screenshot({ path: artifact('notice-popover.png') });

  // Mail and messages are examples, and say so.
  await panel.getByRole('tab', { name: '邮件' }).click();
  await expect(panel.getByText('示例数据：站内邮件与消息功能尚未开通')).toBeVisible();
  await expect(panel.getByText('【示例】期末实训考核安排已发布')).toBeVisible();
  await panel.getByRole('tab', { name: '消息' }).click();
  await expect(panel.getByText('【示例】张老师评论了你的作业')).toBeVisible();

  // Reading a notice marks it read on the server: the count drops and stays dropped after a reload.
  await panel.getByRole('tab', { name: /通知/ }).click();
  await item.click();
  const dialog = page.locator('.ant-modal').filter({ hasText: title });
  await expect(dialog.locator('strong')).toHaveText('实训周');
  await page.keyboard.press('Escape');
  await expect(badge).toHaveText(String(unread - 1));
  await page.reload();
  await page.getByTestId('notice-bell').click();
  await expect(panel.locator('.ant-list-item').filter({ hasText: title })).toHaveAttribute('data-read', 'true');

  // Mark all read.
  await panel.getByRole('button', { name: /全部标为已读/ }).click();
  await expect(badge).toHaveCount(0);
  expect(await admin.get<number>('/api/blade-desk/notice/unread-count')).toBe(0);
  await page.keyboard.press('Escape');

  // English.
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('notice-bell').click();
  await expect(panel.getByRole('tab')).toHaveText(['Mail', 'Messages', 'Notices']);
  await panel.getByRole('tab', { name: 'Mail' }).click();
  await expect(panel.getByText('Demo data: mail and messages are not available yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
});
