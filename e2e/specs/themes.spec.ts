import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

const THEMES = ['default', 'white', 'dark', 'star', 'intelligent', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];

test.describe.configure({ timeout: 180_000 });

async function signIn(page: import('@playwright/test').Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
}

test('a theme visibly changes sidebar and header; theme and colour are kept over a reload', async ({ page }) => {
  await signIn(page);
  const shell = new ShellPage(page);
  const sider = page.locator('.sx-sider');
  const looks = async () => ({
    sider: await shell
      .style(sider, 'background-image')
      .then(async (img) => (img === 'none' ? shell.style(sider, 'background-color') : img)),
    header: await shell
      .style(shell.header, 'background-image')
      .then(async (img) => (img === 'none' ? shell.style(shell.header, 'background-color') : img)),
  });

  const before = await looks();
  expect(before.sider).toBe('rgb(32, 34, 42)');
  expect(before.header).toBe('rgb(255, 255, 255)');

  // LTE's header is the primary colour under white text, so it takes the colour's readable shade (4.5:1):
  // #409EFF → #2D6EB2.
  await shell.chooseTheme('lte');
  await expect.poll(looks).toEqual({ sider: 'rgb(34, 45, 50)', header: 'rgb(45, 110, 178)' });
  await shell.chooseTheme('white');
  await expect.poll(looks).toEqual({ sider: 'rgb(255, 255, 255)', header: 'rgb(255, 255, 255)' });
  await shell.chooseTheme('dark');
  await expect.poll(async () => (await looks()).header).toBe('rgb(28, 28, 30)');
  // The pages go dark too (antd's dark algorithm), not only the frame.
  await shell.openMenu('系统管理', '参数管理');
  await expect
    .poll(() => shell.style(page.locator('.ant-card').first(), 'background-color'))
    .not.toBe('rgb(255, 255, 255)');

  // The colour picker drives the primary colour: LTE's header and the primary buttons take it, in its readable
  // shade (#EB2F96 → #BE2679); the chosen colour itself is what is kept.
  await shell.chooseTheme('lte');
  await page.getByTestId('theme-button').click();
  const hex = page.locator('.ant-drawer .ant-color-picker-trigger');
  await hex.click();
  await page.locator('.ant-color-picker-presets-color').nth(4).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await looks()).header).toBe('rgb(190, 38, 121)');
  await expect
    .poll(() => shell.style(page.getByRole('button', { name: /新\s*增/ }), 'background-color'))
    .toBe('rgb(190, 38, 121)');

  await page.reload();
  await expect(page.locator('.sx-shell')).toHaveAttribute('data-theme', 'lte', { timeout: 30_000 });
  await expect.poll(async () => (await looks()).header).toBe('rgb(190, 38, 121)');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shixun-settings') ?? '{}').state);
  expect(stored).toMatchObject({ theme: 'lte', color: '#eb2f96', language: 'zh' });

  // Back to the defaults for the next test.
  await page.getByTestId('theme-button').click();
  await page.getByRole('button', { name: /恢复默认/ }).click();
  await page.locator('[data-theme-name="default"]').click();
  await page.keyboard.press('Escape');
  await expect.poll(looks).toEqual(before);
});

test('screenshots: all 11 themes at 1366×768 and the phone layout at 390×844', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const shell = new ShellPage(page);
  await shell.openMenu('系统管理', '参数管理');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const skins = new Set<string>();
  for (const name of THEMES) {
    await page.evaluate((theme) => {
      const key = 'shixun-settings';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
      stored.state = { ...stored.state, theme };
      localStorage.setItem(key, JSON.stringify(stored));
    }, name);
    await page.reload();
    // A reload on a busy machine can take a while: the table is the last thing to arrive.
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.sx-shell')).toHaveAttribute('data-theme', name);
    // Sidebar, logo block, header and tab bar together: no two skins look the same.
    const parts = [page.locator('.sx-sider'), page.locator('.sx-brand'), shell.header, page.locator('.sx-tabs')];
    skins.add((await Promise.all(parts.map((part) => shell.style(part, 'background')))).join('|'));
    await page.screenshot({ path: artifact(`themes/${name}.png`) });
  }
  expect(skins.size).toBe(THEMES.length);

  // The phone: the sidebar is a drawer, the top bar keeps its essentials and a menu of the rest.
  await page.evaluate(() => localStorage.removeItem('shixun-settings'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: artifact('phone/390x844-page.png') });
  await page.getByRole('button', { name: '展开菜单' }).click();
  const drawer = page.locator('.ant-drawer .sx-sider');
  await expect(drawer).toBeVisible();
  await page.screenshot({ path: artifact('phone/390x844-menu.png') });
  await drawer.getByRole('menuitem', { name: /岗位管理$/ }).click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: '更多操作' }).click();
  await expect(page.getByRole('menuitem', { name: '菜单搜索' })).toBeVisible();
  await page.screenshot({ path: artifact('phone/390x844-actions.png') });
  await page.keyboard.press('Escape');
  await page.goto('/wel/index');
  await expect(page.getByText('快捷入口')).toBeVisible();
  await page.screenshot({ path: artifact('phone/390x844-home.png'), fullPage: true });
});
