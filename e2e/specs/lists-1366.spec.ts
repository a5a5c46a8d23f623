import { expect, type Locator, type Page, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { sessionFile, storeSession } from '../pages/QuestionPages.ts';

/**
 * Lists on a 1366×768 screen (issue 26 §1): the pinned 操作 column lies over no other column of a CrudPage, the
 * progress bar of 考试安排, 得分 in 监控 and 区分度 in 试题分析 are drawn whole, classes are named with their grade,
 * and the question list writes formulas out instead of showing LaTeX. Against the demo data, nothing is changed.
 */
test.use({ viewport: { width: 1366, height: 768 } });
test.describe.configure({ timeout: 180_000 });

/** Heading cells of the visible table that the pinned right-hand 操作 cell lies over (by their boxes). */
async function coveredHeadings(table: Locator): Promise<string[]> {
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  return table.evaluate((el) => {
    const pinned = el.querySelector('thead th.ant-table-cell-fix-end, thead th.ant-table-cell-fix-right');
    if (!pinned) return ['no pinned 操作 column'];
    const left = pinned.getBoundingClientRect().left;
    return [...el.querySelectorAll('thead th')]
      .filter((th) => th !== pinned && !th.classList.contains('ant-table-selection-column'))
      .filter((th) => th.getBoundingClientRect().right > left + 1)
      .map((th) => th.textContent ?? '');
  });
}

/** Cells whose content is wider than the cell shows (clipped or pushed under a neighbour). */
async function clipped(cells: Locator): Promise<string[]> {
  await expect(cells.first()).toBeVisible();
  return cells.evaluateAll((list) =>
    list
      .filter((c) => c.scrollWidth > c.clientWidth + 1)
      .map((c) => `${c.textContent}: ${c.scrollWidth}>${c.clientWidth}`),
  );
}

async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  // Pages opened before stay in their (hidden) tabs: the visible table is this page's.
  const table = page.locator('.ant-table-wrapper:visible').first();
  // A full load of the app and its menus first: slow on a busy CI machine.
  await expect(table.locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  return table;
}

test('the administrator’s lists keep the pinned 操作 column clear of the other columns (zh and en)', async ({
  page,
}) => {
  // Six full loads of the app: minutes on a busy machine.
  test.setTimeout(360_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', 'admin');
  await expect(page).toHaveURL(/\/wel\/index$/);
  for (const path of ['/exam/clazz', '/system/client', '/system/menu', '/system/tenant']) {
    expect(await coveredHeadings(await open(page, path)), path).toEqual([]);
  }
  await page.locator('button:has(.anticon-translation)').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  for (const path of ['/exam/clazz', '/system/client']) {
    expect(await coveredHeadings(await open(page, path)), `${path} (en)`).toEqual([]);
  }
});

test.describe('a teacher’s exam lists', () => {
  test.use({ storageState: sessionFile('first') });
  test.beforeAll(async ({ browser }, info) => {
    await storeSession(browser, info, 'first');
  });

  test('考试安排 and 监控 show progress and scores whole, classes with their grade', async ({ page }) => {
    const table = await open(page, '/paper/assignment');
    expect(await coveredHeadings(table)).toEqual([]);
    const released = table.locator('.ant-table-row').filter({ hasText: '机械基础期中考试' });
    await expect(released).toContainText('2024级1班');
    expect(await clipped(table.locator('.ant-table-row td:has(.ant-progress)'))).toEqual([]);

    await released.locator('[data-assignment]').click();
    const monitor = page.getByRole('dialog').locator('.ant-table-wrapper:visible');
    await expect(monitor.locator('.ant-table-row')).toHaveCount(10, { timeout: 60_000 });
    await expect(monitor.locator('.ant-table-row').first()).toContainText('2024级1班');
    expect(await coveredHeadings(monitor)).toEqual([]);
    // 得分 is the last column before 操作.
    expect(await clipped(monitor.locator('.ant-table-row td:nth-last-child(2)'))).toEqual([]);
  });

  test('试题分析 shows 区分度 inside the card, and the question list writes formulas out', async ({ page }) => {
    await page.goto('/paper/results');
    const questions = page.locator('[data-table="questions"]');
    await expect(questions.locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    const heading = questions.locator('thead th').filter({ hasText: '区分度' });
    const [cell, card] = [
      await heading.boundingBox(),
      await page.locator('.ant-card', { has: questions }).boundingBox(),
    ];
    expect(cell && card && cell.x + cell.width <= card.x + card.width).toBe(true);
    expect(await clipped(questions.locator('.ant-table-row td:last-child'))).toEqual([]);

    await page.goto('/question/question');
    const list = page.locator('.ant-table-wrapper:visible').first();
    await expect(list.locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    await page.locator('#questionSearch_text').fill('计算');
    await page.locator('#questionSearch_text').press('Enter');
    const fraction = list.locator('.ant-table-row').filter({ hasText: '1/2+1/3=' });
    await expect(fraction).toHaveCount(1);
    await expect(list).not.toContainText('\\frac');
  });
});
