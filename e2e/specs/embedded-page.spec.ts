import { expect, test } from '@playwright/test';
import { TestOAuthServer } from '../../apps/server/src/test/oauth-provider.ts';
import { Api } from '../pages/Api.ts';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

test.describe.configure({ timeout: 120_000 });

test('external menu pages open in the embedded page; only menu addresses are framed; isOpen = 2 opens a window', async ({
  page,
  request,
}) => {
  // A local web site: one page that may be framed, one that refuses.
  const site = await TestOAuthServer.start();
  const admin = await Api.signIn(request);
  const stamp = Date.now().toString(36);
  const add = (key: string, name: string, path: string, isOpen: number) =>
    admin.post<{ id: string }>('/api/blade-system/menu/submit', {
      parentId: '1001',
      code: `e2e_${key}_${stamp}`,
      name,
      path,
      category: 1,
      sort: 900,
      isOpen,
    });
  const menus = [
    await add('docs', '实训资料库', `${site.url}/page.html`, 1),
    await add('deny', '拒绝嵌入的网站', `${site.url}/deny.html`, 1),
    await add('window', '新窗口资料', `${site.url}/page.html?window=1`, 2),
  ];
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('admin', 'admin');
    await expect(page).toHaveURL(/\/wel\/index$/);
    const shell = new ShellPage(page);

    await shell.openMenu('系统管理', '实训资料库');
    await expect(page).toHaveURL(/\/myiframe\/127001\d+pagehtml\?src=.+&name=/);
    expect(new URL(page.url()).searchParams.get('src')).toBe(`${site.url}/page.html`);
    await expect(shell.tabLabels.last()).toHaveText('实训资料库');
    await expect(page.frameLocator('iframe[title="实训资料库"]').locator('h1')).toHaveText('实训资料库');
    await page.screenshot({ path: artifact('embedded-page.png') });
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: /在新窗口打开/ }).click();
    expect((await popup).url()).toBe(`${site.url}/page.html`);

    // A site that refuses to be framed: the page says how to get there.
    await shell.openMenu('系统管理', '拒绝嵌入的网站');
    await expect(page.getByText('如果上方一片空白，说明该网站不允许被嵌入')).toBeVisible();
    await expect(page.getByRole('button', { name: /在新窗口打开/ })).toBeVisible();

    // The tab brings the embedded page back with its address.
    await shell.tab('实训资料库').click();
    await expect(page.frameLocator('iframe[title="实训资料库"]').locator('h1')).toHaveText('实训资料库');

    // isOpen = 2: a new window, not a tab.
    const window = page.waitForEvent('popup');
    await shell.sidebar.getByRole('menuitem', { name: /新窗口资料$/ }).click();
    expect((await window).url()).toBe(`${site.url}/page.html?window=1`);
    await expect(shell.tabLabels).not.toContainText(['新窗口资料']);

    // A crafted link is not framed, and nothing but http(s) is ever opened.
    await page.goto(
      `/myiframe/evil?src=${encodeURIComponent('https://evil.example/login.html')}&name=%E7%99%BB%E5%BD%95`,
    );
    await expect(page.getByText('该地址不在您的菜单中，出于安全考虑不在系统内嵌显示')).toBeVisible({ timeout: 30_000 });
    await expect(shell.tabLabels.last()).toHaveText('外部页面');
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.goto(`/myiframe/x?src=${encodeURIComponent('javascript:alert(document.cookie)')}`);
    await expect(page.getByText('无效的页面地址')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('iframe')).toHaveCount(0);
  } finally {
    await admin.post('/api/blade-system/menu/remove', undefined, { ids: menus.map((m) => m.id).join(',') });
    await site.close();
  }
});
