import { expect, test } from '@playwright/test';
import { artifact } from '../pages/artifacts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';

// Each test walks many screens; a loaded two-core machine needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('lock: a password is required, every address leads to /lock, a reload keeps it, only the right password unlocks', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  await shell.openMenu('系统管理', '参数管理');
  await page.getByTestId('lock-button').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('unlock-me');
  await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByText('屏幕已锁定')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByPlaceholder('锁屏密码').fill('wrong');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page.getByText('解锁密码错误，请重新输入')).toBeVisible();
  await page.getByPlaceholder('锁屏密码').fill('unlock-me');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page).toHaveURL(/\/system\/param$/);

  // Locked again, then signed out from the lock screen: the next sign-in starts unlocked.
  await page.getByTestId('lock-button').click();
  await page.locator('.ant-modal').getByLabel('锁屏密码').fill('again');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /锁\s*屏/ })
    .click();
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/system\/param$/);
});

test('tabs follow SPEC §4: home stays, closing the active tab opens the previous one, the right-click menu works', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  await expect(shell.tabLabels).toHaveText(['首页']);
  // The only tab cannot be closed.
  await expect(shell.tab('首页').getByTestId('tab-close')).toHaveCount(0);

  await shell.openMenu('系统管理', '参数管理');
  await shell.openMenu('系统管理', '岗位管理');
  await shell.openMenu('系统管理', '字典管理');
  await expect(shell.tabLabels).toHaveText(['首页', '参数管理', '岗位管理', '字典管理']);

  // Closing the active tab opens the one before it.
  await shell.tab('字典管理').getByTestId('tab-close').click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(shell.tabLabels).toHaveText(['首页', '参数管理', '岗位管理']);
  // Closing a tab that is not active keeps the page.
  await shell.tab('参数管理').getByTestId('tab-close').click();
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(shell.tabLabels).toHaveText(['首页', '岗位管理']);

  // Right-click menu: close others keeps home and the tab asked about; it becomes the page shown.
  await shell.openMenu('系统管理', '参数管理');
  await shell.openMenu('系统管理', '用户管理');
  await shell.tabMenu('参数管理', '关闭其他');
  await expect(shell.tabLabels).toHaveText(['首页', '参数管理']);
  await expect(page).toHaveURL(/\/system\/param$/);

  // 清除缓存 drops loaded data and loads the page's list again.
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/blade-system/param/list'));
  await shell.tabMenu('参数管理', '清除缓存');
  await reloaded;
  await expect(page.getByText('缓存已清除')).toBeVisible();

  // Close all leaves home.
  await shell.tabMenu('参数管理', '关闭全部');
  await expect(shell.tabLabels).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);

  // Tabs survive a reload.
  await shell.openMenu('系统管理', '岗位管理');
  await page.reload();
  await expect(shell.tabLabels).toHaveText(['首页', '岗位管理']);
  await page.screenshot({ path: artifact('shell-tabs.png') });
});

test('menu search: from the top bar, the tab menu and Ctrl+K; prefix match in both languages; Esc closes', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  // The top search box.
  await page.getByRole('combobox', { name: '搜索菜单' }).fill('参数');
  await page.locator('.ant-select-dropdown:visible').getByText('参数管理').click();
  await expect(page).toHaveURL(/\/system\/param$/);

  // The panel from the tab menu: prefix, case-insensitive, keyboard.
  await shell.tabBarMenu('菜单搜索');
  const panel = page.locator('.ant-modal').filter({ hasText: '菜单搜索' });
  await expect(panel).toBeVisible();
  const results = panel.locator('#menu-search-results button');
  await panel.getByRole('textbox').fill('用户');
  await expect(results).toHaveText([/用户管理/]);
  await panel.getByRole('textbox').fill('管理');
  await expect(panel.getByText('没有找到匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.keyboard.press('Control+k');
  await expect(panel).toBeVisible();
  await panel.getByRole('textbox').fill('岗');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(panel).toBeHidden();

  // English labels are searched too.
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.keyboard.press('Control+k');
  const english = page.locator('.ant-modal').filter({ hasText: 'Menu search' });
  await english.getByRole('textbox').fill('PARAM');
  await expect(english.locator('#menu-search-results button')).toHaveText([/Parameters/]);
  await page.screenshot({ path: artifact('menu-search-en.png') });
  await page.keyboard.press('Escape');
  await expect(english).toBeHidden();
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
});

test('full screen from the top bar, and back', async ({ page }) => {
  const full = page.getByTestId('fullscreen-button');
  await full.click();
  await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
  await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
  await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
});

test('workbench and desktop: pin shortcuts, see recent pages, launch pages from the desktop', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.openMenu('系统管理', '岗位管理');
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: '我的工作台' }).click();
  await expect(page).toHaveURL(/\/wel\/dashboard$/);
  await expect(page.locator('.ant-card').filter({ hasText: '最近访问' })).toContainText('岗位管理');

  await page.getByRole('button', { name: '添加常用功能' }).click();
  const picker = page.locator('.ant-modal').filter({ hasText: '选择常用功能' });
  await picker.getByRole('checkbox', { name: /参数管理/ }).check();
  await picker.getByRole('checkbox', { name: /通知公告/ }).check();
  await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
  const shortcuts = page.locator('.ant-card').filter({ hasText: '常用功能' });
  await expect(shortcuts.getByRole('button', { name: /参数管理/ })).toBeVisible();
  await page.reload();
  await shortcuts.getByRole('button', { name: /参数管理/ }).click();
  await expect(page).toHaveURL(/\/system\/param$/);

  await page.goto('/zhuomian');
  await expect(page.getByRole('region', { name: '系统管理' })).toBeVisible();
  await page.getByPlaceholder('筛选应用').fill('用户');
  await expect(page.getByRole('region', { name: '系统管理' }).getByRole('button')).toHaveText(['用户管理']);
  await page.getByRole('button', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
});
