import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { ExamScreen, pngPicture } from '../pages/ExamPages.ts';
import { option, p, QuestionData, roleContext, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';

/**
 * A student takes an exam on a focused page (issue 26 §1): no menu, tabs or search, only the paper, the timer, the
 * answer sheet and 交卷; 跳到试题 is the first Tab; leaving asks first; the pictures and formulas of a question not yet
 * visited still show after the network goes; the teacher, the header, the answer sheet and the pager count the same
 * questions (a composite as its parts); after the hand-in focus is on the result. 我的考试 never shows zeros while
 * loading and says 作答中 for an attempt in progress; an untimed practice has no countdown. Data set up through the API.
 */
test.describe.configure({ timeout: 300_000 });
test.use({ storageState: sessionFile('s3') });
test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  for (const role of ['first', 's3'] as const) await storeSession(browser, info, role);
});

const CLASS = '70140';
/** A page's first load on a busy machine (its chunks, then its data). */
const LOAD = 60_000;
// Each step waits for a server that also runs the exam's jobs; the defaults are for single clicks.
const expect = baseExpect.configure({ timeout: 20_000 });
const teacherApi = (request: APIRequestContext) =>
  Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000');

/**
 * A paper of four questions — single, judge, a composite of two parts, and last a single choice whose stem has a
 * picture and a formula: 5 questions to answer by the one rule.
 */
async function makePaper(api: Api, tag: string): Promise<string> {
  const data = new QuestionData(api);
  const libId = await data.library(`E2E专注${tag}`);
  const picture = await api.upload({ name: 'gear.png', mimeType: 'image/png', buffer: pngPicture() });
  const single = await data.question(libId, {
    type: 'single',
    stem: p(`${tag} 公差带的位置由什么确定`),
    items: [option('基本偏差', true), option('标准公差')],
    score: 2,
  });
  const judge = await data.question(libId, {
    type: 'judge',
    stem: p(`${tag} 游标卡尺可以测深度`),
    answer: 'T',
    score: 2,
  });
  const composite = await data.question(libId, { type: 'composite', stem: p(`${tag} 阅读下面的工艺卡`) });
  await data.child(composite.id, { type: 'judge', stem: p(`${tag} 工序一是粗车`), answer: 'T', score: 2 });
  await data.child(composite.id, { type: 'short', stem: p(`${tag} 说明工序二的目的`), answer: p('精车'), score: 2 });
  const pictured = await data.question(libId, {
    type: 'single',
    stem:
      `<p>${tag} 看图：<img src="${picture}" alt="齿轮"> 按 ` +
      '<span data-type="formula" data-latex="n=\\frac{1000v}{\\pi d}">n=\\frac{1000v}{\\pi d}</span> 计算转速</p>',
    items: [option('318', true), option('636')],
    score: 2,
  });
  const paper = await api.post<{ id: string }>('/api/exam/pc/paper/save', {
    title: `E2E专注卷${tag}`,
    paperType: 'exam',
    duration: 30,
    attempts: 1,
  });
  const section = await api.post<{ id: string }>('/api/exam/pc/paper/title/save', {
    paperId: paper.id,
    name: '一、试题',
  });
  await api.post('/api/exam/pc/paper/title/importQuestion', {
    paperId: paper.id,
    titleId: section.id,
    questionIds: [single.id, judge.id, composite.id, pictured.id],
  });
  return paper.id;
}

async function assign(api: Api, paperId: string, title: string, more: Record<string, unknown> = {}) {
  await api.post('/api/jd/pc/paper_teacher/add_batch', {
    paperId,
    classIds: [CLASS],
    title,
    openTime: new Date(Date.now() - 60_000).toISOString(),
    closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    releaseRule: 'manual',
    ...more,
  });
}

const myCard = (page: Page, title: string) => page.getByTestId('my-item').filter({ hasText: title });

test('a student takes an exam on a focused page: keyboard, leaving, offline pictures and formulas, one count', async ({
  page,
  browser,
  request,
}, info) => {
  const tag = `f${Date.now().toString(36)}`;
  const api = await teacherApi(request);
  const paperId = await makePaper(api, tag);
  const title = `E2E专注${tag}`;
  await assign(api, paperId, title, { shuffleQuestions: 0 });

  // 我的考试 while its list is on the way: a loading state, never zeros.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/jd/pc/paper_student/my**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/paper/my');
  await expect(page.getByTestId('my-count-loading').first()).toBeVisible({ timeout: LOAD });
  await expect(page.getByTestId('my-count')).toHaveCount(0);
  release();
  await expect(page.getByTestId('my-count').first()).toBeVisible();
  await page.unroute('**/api/jd/pc/paper_student/my**');

  await myCard(page, title)
    .getByRole('button', { name: /开始作答/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /开\s*始/ })
    .click();
  const exam = new ExamScreen(page);
  await expect(exam.root).toBeVisible({ timeout: LOAD });

  // Focused: none of the shell (menu, tag tabs, menu search), only the paper's own header.
  await expect(page.locator('.sx-sider, .sx-shell')).toHaveCount(0);
  await expect(exam.header).toContainText(title);
  await expect(exam.header.getByTestId('exam-timer')).toBeVisible();
  await expect(exam.header.getByRole('button', { name: /交\s*卷/ })).toBeVisible();
  await expect(page.getByTestId('exam-count')).toContainText('共 5 题');
  await expect(exam.sheet).toContainText('已答 0 / 5 题');

  // The keyboard: the first Tab is 跳到试题, which lands on question 1.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到试题' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-question]').first()).toBeFocused();
  await expect(page.locator('[data-question]').first()).toContainText('公差带的位置');

  // Leaving asks first (browser back); staying keeps the attempt; leaving shows it as 作答中, not used up.
  await page.goBack();
  const leave = page.getByRole('dialog').filter({ hasText: '离开作答页面？' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: /^离\s*开$/ }).click();
  await expect(page.getByTestId('my-exams')).toBeVisible({ timeout: LOAD });
  await expect(myCard(page, title).getByTestId('my-attempts')).toHaveText('作答中：第 1 次，共可作答 1 次');
  await myCard(page, title)
    .getByRole('button', { name: /继续作答/ })
    .click();
  await expect(exam.root).toBeVisible();

  // One question per screen; everything the paper shows is fetched on opening, then the network goes.
  await exam.onePerScreen();
  await expect(exam.position).toHaveText('第 1 / 5 题');
  await exam.kept();
  await page.context().setOffline(true);
  await exam.next();
  await expect(exam.position).toHaveText('第 2 / 5 题');
  await exam.next();
  await expect(exam.position).toHaveText('第 3–4 / 5 题');
  await exam.next();
  await expect(exam.position).toHaveText('第 5 / 5 题');
  const picture = page.locator('[data-question] img[alt="齿轮"]');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  await expect(page.locator('[data-question] .katex').first()).toBeVisible();
  const fontLoaded = () =>
    page.evaluate(
      () =>
        document.fonts.check('italic 1em KaTeX_Math') &&
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'KaTeX_Math' && f.status === 'loaded'),
    );
  expect(await fontLoaded()).toBe(true);
  await page.context().setOffline(false);

  // Handed in: focus is on what happened, not on the page body.
  await exam.handIn();
  await expect(page.getByTestId('exam-done-heading')).toBeFocused();
  await expect(page.getByTestId('exam-done-heading')).toHaveText('交卷成功');

  // The teacher's paper editor counts what the student answers: 5 (the composite as its 2 parts), not 4 rows.
  const teacher = await (await roleContext(browser, info, 'first')).newPage();
  await teacher.goto(`/paper/edit/${paperId}`);
  await expect(teacher.getByTestId('paper-usage')).toBeVisible({ timeout: 60_000 });
  await expect(teacher.getByText(/共 5 题/).first()).toBeVisible();
  await teacher.context().close();
});

test('an untimed practice shows no countdown; the exam page in English counts the same', async ({ page, request }) => {
  const tag = `u${Date.now().toString(36)}`;
  const api = await teacherApi(request);
  const paperId = await makePaper(api, tag);
  const title = `E2E不限时${tag}`;
  // Open for 13 days, no time limit: a 13-day countdown would alarm for nothing.
  await assign(api, paperId, title, {
    kind: 'practice',
    duration: 0,
    closeTime: new Date(Date.now() + 13 * 86_400_000).toISOString(),
  });
  const student = await Api.signIn(request, 'student03', 'student', '000000');
  const mine = await student.get<{ title: string; attempt: { id: string } }[]>('/api/jd/pc/paper_student/my');
  const exam = new ExamScreen(page);
  await exam.goto(mine.find((m) => m.title === title)!.attempt.id);
  await expect(exam.header).toContainText(title);
  await expect(page.getByTestId('exam-timer')).toHaveCount(0);
  await expect(page.getByTestId('exam-deadline')).toHaveCount(0);

  // The header's language switch: the page and its counts in English.
  await exam.header.getByRole('button', { name: /切换语言|中文/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('exam-count')).toContainText('Questions: 5');
  await exam.onePerScreen();
  await exam.next();
  await exam.next();
  await expect(exam.position).toHaveText('Questions 3–4 of 5');
});
