import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

test('the home page: platform counts, to-dos and notices for the administrator; friendly empty states otherwise', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await Api.signIn(request);
  const notice = await admin.post<{ id: string }>('/api/blade-desk/notice/submit', {
    title: `首页通知 ${stamp}`,
    category: 1,
    releaseTime: new Date(Date.now() - 60_000).toISOString(),
    content: '<p>本周五下午进行<strong>实训考核</strong>。</p>',
  });
  const role = await admin.post<{ id: string }>('/api/blade-system/role/submit', {
    roleName: '首页测试',
    roleAlias: `home_${stamp}`,
  });
  await admin.post('/api/blade-user/submit', {
    account: `home${stamp}`,
    password: md5('home-pass'),
    name: '小周',
    realName: '周同学',
    roleIds: [role.id],
  });

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByText('数据概览')).toBeVisible();
  const tenants = await admin.get<{ total: number }>('/api/blade-system/tenant/list', { size: '1' });
  await expect(page.getByTestId('count-tenant')).toContainText('租户');
  await expect(page.getByTestId('count-tenant').locator('.ant-statistic-content')).toHaveText(String(tenants.total));
  await expect(page.getByTestId('count-user')).toContainText('用户');
  await expect(page.getByTestId('count-notice')).toBeVisible();
  await expect(page.getByText('最新通知')).toBeVisible();
  await page.getByText(`首页通知 ${stamp}`).click();
  await expect(page.locator('.ant-modal')).toContainText('本周五下午进行实训考核。');
  await expect(page.locator('.ant-modal strong')).toHaveText('实训考核');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: artifact('home-admin-zh.png') });

  // English.
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Overview')).toBeVisible();
  await expect(page.getByTestId('count-user')).toContainText('Users');
  await expect(page.getByText('Latest notices')).toBeVisible();
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: '中文' }).click();

  // A user whose role may list nothing: no counters, friendly empty states, the notice is still there for them.
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown-menu-item-danger').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await login.signIn(`home${stamp}`, 'home-pass');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByText('待办事项', { exact: true })).toBeVisible();
  await expect(page.getByText('暂无待办事项，考试、作业和批阅任务会出现在这里')).toBeVisible();
  await expect(page.getByText('暂无可访问的菜单，请联系管理员分配权限')).toBeVisible();
  await expect(page.getByText(`首页通知 ${stamp}`)).toBeVisible();
  await expect(page.getByText('数据概览')).toHaveCount(0);
  await page.screenshot({ path: artifact('home-user-zh.png') });

  await admin.post('/api/blade-desk/notice/remove', undefined, { ids: notice.id });
});
