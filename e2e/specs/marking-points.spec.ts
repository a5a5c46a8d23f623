import { type APIRequestContext, expect, test } from '@playwright/test';
import { Api } from '../pages/Api.ts';
import { p, QuestionData, sessionFile, storeSession, TEACHERS } from '../pages/QuestionPages.ts';

/**
 * Issue 26 §1 — 阅卷 by scoring points: 王老师 marks a student's short answer by ticking its scoring points (要点)
 * shown beside the answer, each with its score; the mark is their sum and can still be typed. An automatically graded
 * question says so instead of "已阅 0/1" under a full bar. The paper, the assignment and the answers are made through
 * the API; the marking is done on the page.
 */
test.use({ storageState: sessionFile('first') });
test.beforeAll(async ({ browser }, info) => {
  await storeSession(browser, info, 'first');
});

const CLASS = '70140';
const teacherApi = (request: APIRequestContext) =>
  Api.signIn(request, TEACHERS.first.account, TEACHERS.first.password, '000000');

test('a teacher marks a short answer by ticking its scoring points', async ({ page, request }) => {
  const tag = `m${Date.now().toString(36)}`;
  const api = await teacherApi(request);
  const data = new QuestionData(api);
  const libId = await data.library(`E2E要点题库${tag}`);
  const judge = await data.question(libId, {
    type: 'judge',
    stem: p(`${tag} 游标卡尺可以测深度`),
    answer: 'T',
    score: 1,
  });
  const short = await data.question(libId, {
    type: 'short',
    stem: p(`${tag} 简述游标卡尺的读数方法`),
    answer: p('主尺读整数，游标读小数，相加。'),
    items: [
      { content: '读主尺整毫米数', score: 2 },
      { content: '读游标对齐刻线', score: 3 },
    ],
    score: 5,
  });
  const paper = await api.post<{ id: string }>('/api/exam/pc/paper/save', {
    title: `E2E要点${tag}`,
    paperType: 'exam',
  });
  const section = await api.post<{ id: string }>('/api/exam/pc/paper/title/save', { paperId: paper.id, name: '一' });
  await api.post('/api/exam/pc/paper/title/importQuestion', {
    paperId: paper.id,
    titleId: section.id,
    questionIds: [judge.id, short.id],
  });
  const title = `E2E要点阅卷${tag}`;
  const assignment = await api.post<{ id: string }>('/api/jd/pc/paper_teacher/add_batch', {
    paperId: paper.id,
    classIds: [CLASS],
    title,
    openTime: new Date(Date.now() - 60_000).toISOString(),
    closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    releaseRule: 'manual',
  });

  // 学生05 answers both and hands in (through the API).
  const student = await Api.signIn(request, 'student05', 'student', '000000');
  const mine = await student.get<{ title: string; attempt: { id: string } }[]>('/api/jd/pc/paper_student/my');
  const attemptId = mine.find((m) => m.title === title)!.attempt.id;
  const exam = await student.get<{ sections: { questions: { id: string; type: string }[] }[] }>(
    '/api/jd/pc/paper_student_question/exam_paper',
    { paperStudentId: attemptId },
  );
  const questions = exam.sections.flatMap((s) => s.questions);
  await student.post('/api/jd/pc/paper_student_question/submit_exam', {
    paperStudentId: attemptId,
    answers: questions.map((q, i) => ({
      questionId: q.id,
      answer: q.type === 'judge' ? 'T' : '主尺读出 12 毫米，游标第 5 格对齐。',
      seq: i + 1,
    })),
  });

  await page.goto(`/paper/marking?assignment=${assignment.id}`);
  // The true/false question was scored automatically: its label says so, under its full bar.
  const judgeEntry = page.locator('[data-question]').filter({ hasText: '判断题' });
  await expect(judgeEntry).toContainText('自动评分 1 份', { timeout: 30_000 });
  await expect(judgeEntry).not.toContainText('已阅 0/1');

  await page.locator('[data-question]').filter({ hasText: '简答题' }).click();
  const answer = page.locator('[data-answer]').filter({ hasText: '学生05' });
  const points = answer.getByRole('group', { name: '学生05 的评分要点' });
  await expect(points).toContainText('读主尺整毫米数');
  await expect(points).toContainText('3 分');
  const score = answer.getByRole('spinbutton', { name: '学生05 的得分' });
  await points.getByRole('checkbox', { name: /读游标对齐刻线/ }).check();
  await expect(score).toHaveValue('3.0');
  await points.getByRole('checkbox', { name: /读主尺整毫米数/ }).check();
  await expect(score).toHaveValue('5.0');
  // The marker may still type another score within bounds.
  await score.fill('4.5');
  await score.press('Enter');
  await expect(page.getByText(/已保存 1 个评分/)).toBeVisible();

  const review = await api.get<{ attempt: { score: number } }>('/api/jd/pc/paper_student_question/review', {
    paperStudentId: attemptId,
  });
  expect(review.attempt.score).toBe(5.5);
});
