import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { option, p, QuestionData, roleContext, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';

/**
 * An exam from assignment to the wrong-answer book, as the demo school's 王老师 and two students of 2024级/1班 live it:
 * the teacher assigns a paper on 考试安排; two students take it at the same time — one loses the network mid-exam and
 * keeps answering, one reloads the page — a third's time runs out with no browser open and the server submits for
 * them; the teacher marks the short answers by question and releases; the students review what the policy shows and
 * re-practise a wrong answer. Papers and the third student's attempt are made through the API.
 */
test.describe.configure({ timeout: 240_000 });
test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  for (const role of ['first', 's2', 's3'] as const) await storeSession(browser, info, role);
});

const CLASS = '70140';
const stamp = () => Date.now().toString(36);
const teacherApi = (request: APIRequestContext) =>
  Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000');

/** A paper of four questions (single, judge, fill, short), words unique to this run. */
async function makePaper(api: Api, tag: string): Promise<{ id: string; title: string }> {
  const data = new QuestionData(api);
  const libId = await data.library(`E2E考试题库${tag}`);
  const rows = [
    await data.question(libId, {
      type: 'single',
      stem: p(`${tag} 公差带的位置由什么确定`),
      items: [option('基本偏差', true), option('标准公差')],
      score: 2,
    }),
    await data.question(libId, { type: 'judge', stem: p(`${tag} 游标卡尺可以测深度`), answer: 'T', score: 2 }),
    await data.question(libId, {
      type: 'fill',
      stem: p(`${tag} H7 的孔是___制`),
      items: [{ content: '基孔|基孔制', score: 2 }],
      score: 2,
    }),
    await data.question(libId, {
      type: 'short',
      stem: p(`${tag} 简述游标卡尺的读数方法`),
      answer: p('主尺读整数，游标读小数，相加。'),
      score: 4,
    }),
  ];
  const ids = rows.map((r) => r.id);
  const title = `E2E期中${tag}`;
  const paper = await api.post<{ id: string }>('/api/exam/pc/paper/save', {
    title,
    paperType: 'exam',
    duration: 30,
    passScore: 6,
    reviewPolicy: 'analysis',
  });
  const section = await api.post<{ id: string }>('/api/exam/pc/paper/title/save', {
    paperId: paper.id,
    name: '一、试题',
  });
  await api.post('/api/exam/pc/paper/title/importQuestion', {
    paperId: paper.id,
    titleId: section.id,
    questionIds: ids,
  });
  return { id: paper.id, title };
}

/** The student's attempt of an assignment, by its title (我的考试 as the API lists it). */
async function attemptOf(api: Api, title: string): Promise<string> {
  const mine = await api.get<{ title: string; attempt: { id: string } }[]>('/api/jd/pc/paper_student/my');
  return mine.find((m) => m.title === title)!.attempt.id;
}

/** Opens 我的考试 and starts (or resumes) the assignment of this title. */
async function startExam(page: Page, title: string) {
  await page.goto('/paper/my');
  const card = page.getByTestId('my-item').filter({ hasText: title });
  await card.getByRole('button', { name: /开始作答|继续作答/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /开\s*始/ })
    .click();
  await expect(page.getByTestId('exam-page')).toBeVisible();
  await expect(page.getByTestId('exam-timer')).toBeVisible();
}

const question = (page: Page, text: string) => page.locator('[data-question]').filter({ hasText: text });
/** Picks 正确/错误 (button-styled radios: their inputs are hidden, their labels take the click). */
const judge = (page: Page, text: string, value: '正确' | '错误') =>
  question(page, text).getByText(value, { exact: true }).click();
const saved = (page: Page) => expect(page.getByTestId('save-status')).toContainText('已保存', { timeout: 15_000 });

test('a class takes an exam: offline and reload lose nothing, time up submits on the server, marking, release, review, wrong answers', async ({
  page,
  browser,
  request,
}, info) => {
  const tag = `k${stamp()}`;
  const api = await teacherApi(request);
  const paper = await makePaper(api, tag);

  // student04's attempt of a one-minute quiz, started through the API: nobody will be looking when time runs out.
  const quiz = `E2E限时${tag}`;
  await api.post('/api/jd/pc/paper_teacher/add_batch', {
    paperId: paper.id,
    classIds: [CLASS],
    title: quiz,
    openTime: new Date(Date.now() - 60_000).toISOString(),
    closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    duration: 1,
    graceSeconds: 0,
    releaseRule: 'manual',
  });
  const absent = await Api.signIn(request, 'student04', 'student', '000000');
  const quizAttempt = await attemptOf(absent, quiz);
  await absent.get('/api/jd/pc/paper_student_question/exam_paper', { paperStudentId: quizAttempt });

  // 王老师 assigns the paper to 2024级/1班 from 考试安排, scores released by hand, answers and analysis shown.
  await page.goto(`/paper/assignment?paperId=${paper.id}`);
  const drawer = page.locator('.ant-drawer').filter({ hasText: '发布考试' });
  await expect(drawer.getByText(paper.title).first()).toBeVisible();
  await drawer.getByLabel('班级').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^1班$/ }).click();
  await drawer.getByText('发布考试').first().click(); // close the tree's popup
  await drawer.getByText('手动公布').click();
  await drawer.getByText('答卷与解析').click();
  await drawer.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(page.getByText(/已发布给 1 个班级的 10 名学生/)).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: paper.title }).first()).toContainText('进行中');
  // The paper's editor now says the assignment keeps its own copy of the questions.
  await page.goto(`/paper/edit/${paper.id}`);
  await expect(page.getByTestId('paper-usage')).toContainText(`考试安排《${paper.title}》`);

  // Two students open it at the same time.
  const [ctxA, ctxB] = [await roleContext(browser, info, 's2'), await roleContext(browser, info, 's3')];
  const [a, b] = [await ctxA.newPage(), await ctxB.newPage()];
  await Promise.all([startExam(a, paper.title), startExam(b, paper.title)]);

  // A answers, loses the network, keeps answering (kept on the device), and comes back: nothing is lost.
  await question(a, '公差带的位置')
    .getByRole('radio', { name: /基本偏差/ })
    .check();
  await saved(a);
  await ctxA.setOffline(true);
  await judge(a, '游标卡尺可以测深度', '正确');
  await question(a, 'H7 的孔').getByRole('textbox').fill('基孔制');
  await expect(a.getByText('网络已断开，答案已保存在本机，联网后自动提交')).toBeVisible({ timeout: 20_000 });
  await ctxA.setOffline(false);
  await saved(a);
  const studentA = await Api.signIn(request, 'student02', 'student', '000000');
  const attemptA = await attemptOf(studentA, paper.title);
  const stored = await studentA.get<{ answers: Record<string, { answer: unknown }> }>(
    '/api/jd/pc/paper_student_question/exam_paper',
    { paperStudentId: attemptA },
  );
  expect(Object.values(stored.answers).map((x) => x.answer)).toEqual(expect.arrayContaining(['T', ['基孔制']]));

  // B answers, reloads in the middle, and finds every answer where it was.
  await judge(b, '游标卡尺可以测深度', '错误');
  await question(b, '游标卡尺的读数方法').getByRole('textbox').fill('先读主尺，再读游标，两者相加。');
  await saved(b);
  await b.reload();
  await expect(question(b, '游标卡尺可以测深度').getByRole('radio', { name: /错误/ })).toBeChecked();
  await expect(question(b, '游标卡尺的读数方法').getByRole('textbox')).toHaveValue('先读主尺，再读游标，两者相加。');

  // Both hand in; the confirmation names what is unanswered.
  for (const [who, unanswered] of [
    [a, /还有 1 题未作答/],
    [b, /还有 2 题未作答/],
  ] as const) {
    await who
      .getByRole('button', { name: /交\s*卷/ })
      .first()
      .click();
    await expect(who.getByTestId('submit-confirm')).toContainText(unanswered);
    await who.getByRole('button', { name: '确认交卷' }).click();
    await expect(who.getByTestId('exam-submitted')).toContainText('交卷成功');
    await expect(who.getByTestId('exam-submitted')).toContainText('成绩公布后可查看');
  }

  // The quiz's minute ran out while nobody looked: the server submitted it from its saved answers.
  await expect
    .poll(
      async () =>
        (
          await api.get<{ records: { id: string; state: string; autoSubmitted: number }[] }>(
            '/api/jd/pc/paper_student/page',
            {
              paperTeacherId: (
                await api.get<{ records: { id: string; title: string }[] }>('/api/jd/pc/paper_teacher/page', {
                  title: quiz,
                })
              ).records[0]!.id,
              size: '50',
            },
          )
        ).records.find((r) => r.id === quizAttempt),
      { timeout: 150_000, intervals: [5_000] },
    )
    .toMatchObject({ state: 'marked', autoSubmitted: 1 });

  // 王老师 marks the short answers by question, then releases the scores.
  const assignmentId = (
    await api.get<{ records: { id: string; title: string }[] }>('/api/jd/pc/paper_teacher/page', { title: paper.title })
  ).records.find((r) => r.title === paper.title)!.id;
  await page.goto(`/paper/marking?assignment=${assignmentId}`);
  await page.getByText('游标卡尺的读数方法').first().click();
  const score = page.getByRole('spinbutton', { name: /学生03 的得分/ });
  await score.fill('3');
  await score.press('Enter');
  await expect(page.getByText(/已保存 1 个评分/)).toBeVisible();
  // The window is still open for eight classmates: the dialog says so, and the key waits for the close.
  await page.getByRole('button', { name: '公布成绩' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '考试还在进行' });
  await expect(confirm).toContainText('8 名学生未交卷');
  await confirm.getByRole('button', { name: '现在公布成绩' }).click();
  await expect(page.getByText('成绩已公布').first()).toBeVisible();

  // B sees their score and each answer; the key and analysis (the policy) only once nobody can answer any more.
  await b.goto('/paper/my');
  await b.getByTestId('my-item').filter({ hasText: paper.title }).getByRole('button', { name: '查看答卷' }).click();
  // Two left blank, the true/false answer wrong, the short answer marked 3 of 4.
  await expect(b.getByTestId('review-score')).toContainText('3');
  const reviewUrl = b.url();
  await expect(b.getByTestId('review-policy')).toContainText('答案与解析将在');
  await expect(b.getByTestId('review-key')).toHaveCount(0);
  await b.goto('/paper/wrongbook');
  const row = b.locator('.ant-table-row').filter({ hasText: '游标卡尺可以测深度' });
  await expect(row.getByRole('button', { name: /练\s*习/ })).toBeDisabled();
  // 王老师 closes the exam early (the rest are absent); now B reads the key and practises the wrong answer.
  await api.post('/api/jd/pc/paper_teacher/submit', {
    id: assignmentId,
    closeTime: new Date(Date.now() - 1_000).toISOString(),
    graceSeconds: 0,
  });
  await b.goto(reviewUrl);
  await expect(b.getByTestId('review-key').first()).toBeVisible();
  await b.goto('/paper/wrongbook');
  await row.getByRole('button', { name: /练\s*习/ }).click();
  const practice = b.getByTestId('wrongbook-practice');
  await practice.getByText('正确', { exact: true }).click();
  await b
    .getByRole('dialog')
    .getByRole('button', { name: /检\s*查/ })
    .click();
  await expect(b.getByTestId('practice-feedback')).toContainText(/回答正确|正确/);
  await expect(b.getByTestId('practice-feedback')).toContainText('连续答对 1/3');
  await ctxA.close();
  await ctxB.close();
});

test('the exam pages read in English: assignments, marking, results, my exams and the wrong-answer book', async ({
  page,
  browser,
}, info) => {
  await page.goto('/paper/assignment');
  await new LoginPage(page).switchLanguage('English');
  await expect(page.getByRole('button', { name: 'Assign a paper' })).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: '机械基础期中考试' })).toContainText('Released');
  await page.goto('/paper/results');
  await expect(page.getByText('Mean').first()).toBeVisible();
  await new LoginPage(page).switchLanguage('中文');

  const student = await (await roleContext(browser, info, 's2')).newPage();
  await student.goto('/paper/my');
  await new LoginPage(student).switchLanguage('English');
  await expect(student.getByRole('tab', { name: /Open/ })).toBeVisible();
  await student.goto('/paper/wrongbook');
  await expect(student.getByRole('columnheader', { name: 'Question' })).toBeVisible();
  await new LoginPage(student).switchLanguage('中文');
  await student.context().close();
});
