import { expect, type Locator, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { axeFindings, type Finding } from '../pages/Axe.ts';
import { LoginPage } from '../pages/LoginPage.ts';

/**
 * WCAG 2.1 AA as axe-core measures it, on the main pages of the demo school (seeded data, nothing made): the login
 * page; 王老师's home, question list and editor, paper editor, 考试安排, 阅卷 and 成绩分析; student01's 我的考试, exam
 * page and 错题本; then a few of them again in English. Any critical or serious violation fails, after every page
 * has been looked at (each is printed with its rule and elements).
 */
test.describe.configure({ timeout: 240_000 });

/** The demo exam taken three days ago and marked (seed/assignment-demo.ts), and the one student01 can take now. */
const MARKED = '机械基础期中考试';
const OPEN = '机械基础单元测验';
const DEMO_PAPER = '72100';

/** Signs in once through the login page: one sign-in per role. */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account, password);
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Checks the page once `ready` shows, keeping what axe found for the end of the test. */
async function check(found: Finding[], page: Page, name: string, ready: Locator): Promise<void> {
  // Pages load their code and data lazily; a busy CI machine may take a while.
  await expect(ready).toBeVisible({ timeout: 60_000 });
  // Spinners and skeletons gone: the page as a person reads it, not a loading state.
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .page-spinner')).toHaveCount(0, {
    timeout: 30_000,
  });
  found.push(...(await axeFindings(page, name)));
}

/** Opens the exam from its 我的考试 card; answers its timer. */
async function openExam(page: Page, card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: /开始作答|继续作答/ }).click();
  // A first start asks to confirm (the exam's notice); a resumed attempt opens at once.
  const confirm = page.getByRole('dialog').getByRole('button', { name: /开\s*始/ });
  const timer = page.getByTestId('exam-timer');
  await expect(confirm.or(timer)).toBeVisible({ timeout: 30_000 });
  if (await confirm.isVisible()) await confirm.click();
  return timer;
}

const noViolations = (found: Finding[]) =>
  expect(
    found.map((f) => `${f.page}: ${f.impact} ${f.id} × ${f.targets.length} (${f.targets.slice(0, 3).join(' | ')})`),
  ).toEqual([]);

test('the login page, in zh and en', async ({ page }) => {
  const found: Finding[] = [];
  const login = new LoginPage(page);
  await login.goto();
  await check(found, page, 'login', login.submit);
  await login.switchLanguage('English');
  await check(found, page, 'login (en)', page.getByRole('button', { name: /Sign in|Log in|Login/i }));
  noViolations(found);
});

test('a teacher’s pages: home, questions, the editors, assignments, marking and results', async ({ page, request }) => {
  const found: Finding[] = [];
  await signIn(page, 'teacher1', 'teacher');

  await check(found, page, 'home', page.locator('main'));
  // The first Tab reaches the skip link, which takes the keyboard past the menu, the top bar and the tabs.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page.goto('/question/question');
  const rows = page.locator('.ant-table-row');
  await check(found, page, 'question list', rows.first());

  await rows
    .first()
    .getByRole('button', { name: /^编\s*辑$/ })
    .click();
  const editor = page.locator('.ant-modal').filter({ has: page.getByRole('textbox', { name: '题干' }) });
  await check(found, page, 'question editor', editor.getByRole('toolbar').first());
  await editor.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(editor).toBeHidden();

  await page.goto(`/paper/edit/${DEMO_PAPER}`);
  await check(found, page, 'paper editor', page.getByRole('button', { name: /^一、/ }));

  await page.goto('/paper/assignment');
  await check(found, page, '考试安排', page.locator('.ant-table-row').filter({ hasText: MARKED }).first());

  const api = await Api.signIn(request, 'teacher1', 'teacher');
  const marked = (await api.get<{ records: { id: string }[] }>('/api/jd/pc/paper_teacher/page', { title: MARKED }))
    .records[0]!.id;
  await page.goto(`/paper/marking?assignment=${marked}`);
  await check(found, page, '阅卷', page.locator('.ant-progress').first());

  await page.goto(`/paper/results?assignment=${marked}`);
  await check(found, page, '成绩分析', page.locator('.ant-table-row').first());

  // Once in English: the frame, a list and the rich editor's toolbar have their own words there.
  await new LoginPage(page).switchLanguage('English');
  await page.goto('/question/question');
  await check(found, page, 'question list (en)', rows.first());
  await rows
    .first()
    .getByRole('button', { name: /^Edit$/ })
    .click();
  const editorEn = page.locator('.ant-modal').filter({ has: page.getByRole('textbox', { name: 'Stem' }) });
  await check(found, page, 'question editor (en)', editorEn.getByRole('toolbar').first());
  noViolations(found);
});

test('a student’s pages: my exams, the exam page and the wrong-answer book', async ({ page }) => {
  const found: Finding[] = [];
  await signIn(page, 'student01', 'student');

  await page.goto('/paper/my');
  const card = page.getByTestId('my-item').filter({ hasText: OPEN });
  await check(found, page, '我的考试', card);

  await check(found, page, 'exam page', await openExam(page, card));

  await page.goto('/paper/wrongbook');
  await check(found, page, '错题本', page.getByTestId('wrongbook-table'));

  await new LoginPage(page).switchLanguage('English');
  await page.goto('/paper/my');
  await check(found, page, 'my exams (en)', page.getByTestId('my-item').first());
  noViolations(found);
});

test('on a phone (390×844) and in the dark skin: the student’s pages small, the teacher’s pages dark', async ({
  browser,
}) => {
  const found: Finding[] = [];
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const page = await phone.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await check(found, page, 'login (phone)', login.submit);
    await login.signIn('student01', 'student');
    await expect(page).toHaveURL(/\/wel\/index$/);
    await page.goto('/paper/my');
    const card = page.getByTestId('my-item').filter({ hasText: OPEN });
    await check(found, page, '我的考试 (phone)', card);
    await check(found, page, 'exam page (phone)', await openExam(page, card));
    await page.goto('/paper/wrongbook');
    // On a phone the entries are cards, not a table.
    await check(found, page, '错题本 (phone)', page.getByRole('button', { name: /练\s*习/ }).first());
  } finally {
    await phone.close();
  }

  // The dark skin as the theme drawer leaves it in this browser's settings.
  const dark = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    await dark.addInitScript(() =>
      localStorage.setItem('shixun-settings', JSON.stringify({ state: { theme: 'dark' }, version: 0 })),
    );
    const page = await dark.newPage();
    await signIn(page, 'teacher1', 'teacher');
    await check(found, page, 'home (dark)', page.locator('main'));
    await page.goto('/question/question');
    await check(found, page, 'question list (dark)', page.locator('.ant-table-row').first());
    await page.goto('/paper/assignment');
    await check(found, page, '考试安排 (dark)', page.locator('.ant-table-row').filter({ hasText: MARKED }).first());
  } finally {
    await dark.close();
  }
  noViolations(found);
});
