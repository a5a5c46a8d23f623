import type { AssignmentResults, ExamPaper, ExamQuestion, MarkingAnswerPage, MyAssignment } from '@shixun/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';
import { examCalls } from '../assignment.fixtures.ts';

// 成绩分析 against figures worked out by hand, and 阅卷 by question a page at a time.
//
// A paper of four questions (total 10, pass 6): single 2, judge 1, fill 2, short 5 — knowledge point K1 on the
// single and the fill, K2 on the fill and the short answer. Two attempts allowed. Class 1: 甲 … 庚, class 2: 辛, 壬.
//
//   甲 R01  single ✓ judge ✓ fill ✓ short 5        = 10   (a second attempt started, not submitted)
//   乙 R02  1st: ✗ ✗ ✓ short 2 = 4;  2nd: ✓ ✓ ✓ short 3 = 8   → 8 counts
//   丙 R03  1st: ✓ ✓ ✓ short 2 = 7;  2nd: ✗ ✗ ✗ short 3 = 3   → 7 counts
//   丁 R04  ✓ ✓ ✗ short awaiting marking               = 3
//   戊 R05  ✗ ✓ (fill and short left blank)             = 1
//   己 R06  ✗ ✓ ✓ short 0                              = 3
//   庚 R07  never opened it                             absent
//   辛 R08  ✓ ✓ ✗ short 5 (class 2)                     = 8
//   壬 R09  opened it, never submitted (class 2)        absent
//
// Counted: 10, 8, 8, 7, 3, 3, 1 (n = 7). The 27 % groups: round(7 × 0.27) = 2 students, and those tied with the
// second: top 甲 10, 乙 8, 辛 8; bottom 戊 1, 丁 3, 己 3.

let t: TestApp;
const T = '581001';
const OTHER = '581002';
let wang: string;
let li: string;
let stranger: string;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
let assignmentId: string;
const tokens: Record<string, string> = {};
/** Attempt ids by student and attempt number (`乙2`). */
const attempts: Record<string, string> = {};

const { call, data, refused } = examCalls(() => t);

type Answers = { single?: boolean; judge?: boolean; fill?: boolean; short?: string };

/** Opens the student's latest attempt, answers as told (a missing key is left blank) and, unless `keep`, submits. */
async function sit(name: string, answers: Answers, opts: { retry?: boolean; keep?: boolean } = {}): Promise<string> {
  const token = tokens[name]!;
  if (opts.retry) await data(await call(token, 'POST', `paper_student/retry/${assignmentId}`));
  const mine: MyAssignment[] = await data(await call(token, 'GET', 'paper_student/my'));
  const attempt = mine.find((m) => m.id === assignmentId)!.attempt.id;
  const paper: ExamPaper = await data(
    await call(token, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }),
  );
  const q = Object.fromEntries(
    paper.sections.flatMap((s) => s.questions).map((x): [string, ExamQuestion] => [x.type, x]),
  );
  const option = (right: boolean) =>
    q.single!.items.find((i) => i.content.includes(right ? '基本偏差' : '标准公差'))!.id;
  const given = [
    answers.single === undefined ? null : { questionId: q.single!.id, answer: option(answers.single) },
    answers.judge === undefined ? null : { questionId: q.judge!.id, answer: answers.judge ? 'T' : 'F' },
    answers.fill === undefined ? null : { questionId: q.fill!.id, answer: [answers.fill ? '基孔' : '基轴'] },
    answers.short === undefined ? null : { questionId: q.short!.id, answer: answers.short },
  ].flatMap((a) => (a ? [{ ...a, seq: 1 }] : []));
  const body = { paperStudentId: attempt, answers: given };
  if (opts.keep) await data(await call(token, 'POST', 'paper_student_question/save_answers', { payload: body }));
  else await data(await call(token, 'POST', 'paper_student_question/submit_exam', { payload: body }));
  return attempt;
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, {
    payload: { teacherId: wangId, selectedRelas: [org.class1, org.class2] },
  });
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  const names = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬'];
  for (const [i, name] of names.entries()) {
    await addStudent(t, admin, i < 7 ? org.class1 : org.class2, `R0${i + 1}`, `学生${name}`);
    tokens[name] = (await t.login(`R0${i + 1}`, '123456', T)).access_token;
  }
  const otherAdmin = await teachingTenant(t, OTHER);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  stranger = (await t.login('zhao', '123456', OTHER)).access_token;

  const k1 = await api.submit('flag', { kind: 'knowledge', name: 'K1 公差' });
  const k2 = await api.submit('flag', { kind: 'knowledge', name: 'K2 配合' });
  const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '分析' } }))).id;
  const save = async (payload: object) =>
    (await data(await call(wang, 'POST', '/api/exam/pc/question/save', { payload: { libId, ...payload } })))
      .id as string;
  const questions = [
    await save({
      type: 'single',
      stem: '<p>公差带的位置由什么确定？</p>',
      items: [
        { content: '<p>基本偏差</p>', isAnswer: 1 },
        { content: '<p>标准公差</p>', isAnswer: 0 },
      ],
      score: 2,
      flagIds: [k1],
    }),
    await save({ type: 'judge', stem: '<p>$\\sqrt{4}=2$</p>', answer: 'T', score: 1 }),
    await save({ type: 'fill', stem: '<p>H7 是___制</p>', items: [{ content: '基孔' }], score: 2, flagIds: [k1, k2] }),
    await save({
      type: 'short',
      stem: '<p>简述配合的种类。</p>',
      answer: '<p>间隙、过渡、过盈。</p>',
      score: 5,
      flagIds: [k2],
    }),
  ];
  const paperId = (
    await data(
      await call(wang, 'POST', '/api/exam/pc/paper/save', {
        payload: { title: '配合测验', paperType: 'exam', duration: 30, passScore: 6 },
      }),
    )
  ).id;
  const section = (
    await data(await call(wang, 'POST', '/api/exam/pc/paper/title/save', { payload: { paperId, name: '一、试题' } }))
  ).id;
  await data(
    await call(wang, 'POST', '/api/exam/pc/paper/title/importQuestion', {
      payload: { paperId, titleId: section, questionIds: questions },
    }),
  );
  assignmentId = (
    await data(
      await call(wang, 'POST', 'paper_teacher/add_batch', {
        payload: {
          paperId,
          classIds: [org.class1, org.class2],
          openTime: new Date(Date.now() - 60_000).toISOString(),
          closeTime: new Date(Date.now() + 3_600_000).toISOString(),
          attempts: 2,
          releaseRule: 'manual',
        },
      }),
    )
  ).id;

  attempts.甲1 = await sit('甲', { single: true, judge: true, fill: true, short: '间隙、过渡、过盈' });
  attempts.乙1 = await sit('乙', { single: false, judge: false, fill: true, short: '间隙' });
  attempts.乙2 = await sit('乙', { single: true, judge: true, fill: true, short: '间隙、过渡' }, { retry: true });
  attempts.丙1 = await sit('丙', { single: true, judge: true, fill: true, short: '过盈' });
  attempts.丙2 = await sit('丙', { single: false, judge: false, fill: false, short: '间隙和过盈' }, { retry: true });
  attempts.丁1 = await sit('丁', { single: true, judge: true, fill: false, short: '不知道' });
  attempts.戊1 = await sit('戊', { single: false, judge: true });
  attempts.己1 = await sit('己', { single: false, judge: true, fill: true, short: '？' });
  attempts.辛1 = await sit('辛', { single: true, judge: true, fill: false, short: '间隙、过渡、过盈三种' });
  attempts.壬1 = await sit('壬', { single: true }, { keep: true });
  attempts.甲2 = await sit('甲', { single: false }, { retry: true, keep: true });
  // A class sitting an exam through the API: about sixty calls, slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const answersPage = async (query: Record<string, string | number>): Promise<MarkingAnswerPage> =>
  data(await call(wang, 'GET', 'paper_student_question/answers', { query }));

describe('阅卷 by question, a page at a time', () => {
  let shortId: string;
  it('pages the answers awaiting marking first, keeps a page in place while it is marked, and finds the next', async () => {
    const questions = await data(
      await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
    );
    shortId = questions.find((q: { type: string }) => q.type === 'short').id;
    // Eight short answers (戊 left it blank), all awaiting marking; by student number (乙's two attempts in a row).
    const first = await answersPage({ paperTeacherQuestionId: shortId, current: 1, size: 3 });
    expect(first).toMatchObject({ total: 8, size: 3, current: 1, pages: 3, toMark: 8 });
    expect(first.records.map((a) => a.paperStudentId)).toEqual([attempts.甲1, attempts.乙1, attempts.乙2]);
    expect(first.nextToMark).toEqual({ id: expect.any(String), current: 2 });
    const { since } = first;

    // Marked (two of three): with `since` the page keeps its answers, now marked, and the next is on page 2.
    const mark = async (marks: { id: string; score: number }[]) =>
      data(await call(wang, 'POST', 'paper_student_question/submit_correct', { payload: { marks } }));
    const byAttempt = (page: MarkingAnswerPage, attempt: string) =>
      page.records.find((a) => a.paperStudentId === attempt)!.id;
    await mark([
      { id: byAttempt(first, attempts.甲1!), score: 5 },
      { id: byAttempt(first, attempts.乙1!), score: 2 },
    ]);
    const again = await answersPage({ paperTeacherQuestionId: shortId, current: 1, size: 3, since });
    expect(again.records.map((a) => [a.paperStudentId, a.result])).toEqual([
      [attempts.甲1, 'right'],
      [attempts.乙1, 'partial'],
      [attempts.乙2, 'pending'],
    ]);
    expect(again).toMatchObject({ total: 8, toMark: 6, since });
    // The next awaiting marking after page 1 is on page 2; page 3 wraps round to 乙's second attempt on page 1.
    expect(again.nextToMark).toEqual({ id: expect.any(String), current: 2 });
    const last = await answersPage({ paperTeacherQuestionId: shortId, current: 3, size: 3, since });
    expect(last.records.map((a) => a.paperStudentId)).toEqual([attempts.己1, attempts.辛1]);
    expect(last.nextToMark).toEqual({ id: byAttempt(first, attempts.乙2!), current: 1 });
    // A fresh pass puts what still awaits marking first.
    const fresh = await answersPage({ paperTeacherQuestionId: shortId, current: 1, size: 3 });
    expect(fresh.records.map((a) => a.paperStudentId)).toEqual([attempts.乙2, attempts.丙1, attempts.丙2]);

    const page2 = await answersPage({ paperTeacherQuestionId: shortId, current: 2, size: 3, since });
    expect(page2.records.map((a) => a.paperStudentId)).toEqual([attempts.丙1, attempts.丙2, attempts.丁1]);
    expect(again.nextToMark!.id).toBe(byAttempt(page2, attempts.丙1!));
    await mark([
      { id: byAttempt(again, attempts.乙2!), score: 3 },
      { id: byAttempt(page2, attempts.丙1!), score: 2 },
      { id: byAttempt(page2, attempts.丙2!), score: 3 },
      { id: byAttempt(last, attempts.己1!), score: 0 },
      { id: byAttempt(last, attempts.辛1!), score: 5 },
    ]);
    // 丁's answer is left awaiting marking: the only one, wherever the page.
    const done = await answersPage({ paperTeacherQuestionId: shortId, current: 3, size: 3, since });
    expect(done).toMatchObject({ toMark: 1, nextToMark: { id: byAttempt(page2, attempts.丁1!), current: 2 } });
    // Past the last page: no answers, the same totals.
    expect(await answersPage({ paperTeacherQuestionId: shortId, current: 9, size: 3 })).toMatchObject({
      records: [],
      total: 8,
      pages: 3,
    });
  });

  it('refuses bad paging, other teachers and other tenants', async () => {
    const url = 'paper_student_question/answers';
    await refused(await call(wang, 'GET', url, { query: { paperTeacherQuestionId: shortId, size: 201 } }), 400);
    await refused(await call(wang, 'GET', url, { query: { paperTeacherQuestionId: shortId, current: 0 } }), 400);
    await refused(
      await call(wang, 'GET', url, { query: { paperTeacherQuestionId: shortId, since: 'yesterday' } }),
      400,
    );
    await refused(await call(wang, 'GET', url, { query: { paperTeacherQuestionId: 'abc' } }), 400);
    await refused(await call(li, 'GET', url, { query: { paperTeacherQuestionId: shortId } }), 404);
    await refused(await call(stranger, 'GET', url, { query: { paperTeacherQuestionId: shortId } }), 404);
    await refused(await call(tokens.甲!, 'GET', url, { query: { paperTeacherQuestionId: shortId } }), 403);
    await refused(
      await t.app.inject({ method: 'GET', url: `/api/jd/pc/${url}?paperTeacherQuestionId=${shortId}` }),
      401,
    );
  });
});

describe('成绩分析 computed by the database', () => {
  it('matches the figures worked out by hand: ties, absent students, best attempts, marking pending', async () => {
    const r: AssignmentResults = await data(await call(wang, 'GET', `paper_teacher/results/${assignmentId}`));
    expect(r.summary).toEqual({
      students: 9,
      submitted: 7,
      absent: 2,
      // 40 / 7; 1 3 3 7 8 8 10; √(296/7 − (40/7)²) = 3.1037; 4 of 7 at 6 or more.
      mean: 5.7,
      median: 7,
      max: 10,
      min: 1,
      stdev: 3.1,
      passed: 4,
      passRate: 0.571,
      toMark: 1,
    });
    expect(r.distribution.map((b) => b.count)).toEqual([0, 1, 0, 2, 0, 0, 0, 1, 2, 1]);
    expect(r.distribution[9]).toEqual({ from: 9, to: 10, count: 1 });
    expect(r.byClass).toEqual([
      { classId: org.class1, className: '2024级1班', students: 7, submitted: 6, mean: 5.3, passRate: 0.5 },
      { classId: org.class2, className: '2024级2班', students: 2, submitted: 1, mean: 8, passRate: 1 },
    ]);
    const figures = r.questions.map((q) => [
      q.no,
      q.type,
      q.answered,
      q.right,
      q.partial,
      q.wrong,
      q.blank,
      q.facility,
      q.discrimination,
    ]);
    expect(figures).toEqual([
      // 10 of 14; top 6 of 6, bottom 2 of 6 (丁) → 1 − 0.333.
      ['1', 'single', 7, 5, 0, 2, 0, 0.71, 0.67],
      ['2', 'judge', 7, 7, 0, 0, 0, 1, 0],
      // 8 of 14 (戊 blank); top 4 of 6, bottom 2 of 6 (己).
      ['3', 'fill', 6, 4, 0, 2, 1, 0.57, 0.33],
      // 15 of 35 (丁 awaiting marking, 戊 blank); top 13 of 15, bottom 0.
      ['4', 'short', 6, 2, 2, 1, 1, 0.43, 0.87],
    ]);
    expect(r.knowledge.map((k) => [k.name, k.mastery, k.byClass.map((c) => c.mastery)])).toEqual([
      // K1: single + fill, worth 4 an attempt: 18 of 28; class 1 16 of 24, class 2 2 of 4.
      ['K1 公差', 0.643, [0.667, 0.5]],
      // K2: fill + short, worth 7: 23 of 49; class 1 18 of 42, class 2 5 of 7.
      ['K2 配合', 0.469, [0.429, 0.714]],
    ]);
  });

  const students = async (query: Record<string, string | number> = {}) =>
    data(await call(wang, 'GET', `paper_teacher/results/${assignmentId}/students`, { query }));
  const line = (s: { studentName: string; rank: number | null; score: number | null; passed: boolean }) =>
    `${s.studentName.slice(2)}${s.rank ?? '-'}:${s.score ?? '-'}${s.passed ? '✓' : ''}`;

  it('pages the students by rank (ties share one), filtered and sorted by the database', async () => {
    const page1 = await students({ size: 4 });
    expect(page1).toMatchObject({ total: 9, size: 4, current: 1, pages: 3 });
    expect(page1.records.map(line)).toEqual(['甲1:10✓', '乙2:8✓', '辛2:8✓', '丙4:7✓']);
    expect(page1.records[1]).toMatchObject({ paperStudentId: attempts.乙2, state: 'marked', className: '2024级1班' });
    expect((await students({ size: 4, current: 2 })).records.map(line)).toEqual(['丁5:3', '己5:3', '戊7:1', '庚-:-']);
    expect((await students({ size: 4, current: 3 })).records.map(line)).toEqual(['壬-:-']);
    expect(await students({ size: 4, current: 4 })).toMatchObject({ records: [], total: 9, pages: 3 });

    expect((await students({ classId: org.class2 })).records.map(line)).toEqual(['辛2:8✓', '壬-:-']);
    expect((await students({ outcome: 'absent' })).records.map(line)).toEqual(['庚-:-', '壬-:-']);
    expect((await students({ outcome: 'inProgress' })).records.map(line)).toEqual(['壬-:-']);
    expect((await students({ outcome: 'notStarted' })).records.map(line)).toEqual(['庚-:-']);
    expect((await students({ outcome: 'failed', classId: org.class1 })).total).toBe(3);
    expect((await students({ student: '丙' })).records.map(line)).toEqual(['丙4:7✓']);
    expect((await students({ student: 'r08' })).records.map(line)).toEqual(['辛2:8✓']);
    expect((await students({ student: '%' })).total).toBe(0);

    // Sorted: those without a score stay last either way.
    const scores = async (query: Record<string, string>) =>
      (await students({ ...query, size: 20 })).records.map((s: { score: number | null }) => s.score);
    expect(await scores({ ascs: 'score' })).toEqual([1, 3, 3, 7, 8, 8, 10, null, null]);
    expect(await scores({ descs: 'rank' })).toEqual([1, 3, 3, 7, 8, 8, 10, null, null]);
    expect(
      (await students({ descs: 'studentNo', size: 3 })).records.map((s: { studentNo: string }) => s.studentNo),
    ).toEqual(['R09', 'R08', 'R07']);
    // Unknown sort keys are ignored.
    expect((await students({ ascs: 'password', size: 1 })).records.map(line)).toEqual(['甲1:10✓']);
  });

  it('refuses bad filters and paging, other teachers and other tenants', async () => {
    const url = `paper_teacher/results/${assignmentId}/students`;
    await refused(await call(wang, 'GET', url, { query: { outcome: 'won' } }), 400, '结果格式不正确');
    await refused(await call(wang, 'GET', url, { query: { classId: 'x' } }), 400);
    await refused(await call(wang, 'GET', url, { query: { size: 500 } }), 400);
    for (const path of [url, `paper_teacher/results/${assignmentId}`, `paper_teacher/results/${assignmentId}/export`]) {
      await refused(await call(li, 'GET', path), 404);
      await refused(await call(stranger, 'GET', path), 404);
      await refused(await call(tokens.甲!, 'GET', path), 403);
      await refused(await t.app.inject({ method: 'GET', url: `/api/jd/pc/${path}` }), 401);
    }
  });

  it('exports the same figures and every student in rank order', async () => {
    const file = await call(wang, 'GET', `paper_teacher/results/${assignmentId}/export`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['概况', '成绩', '试题分析']);
    const rows = (i: number) =>
      workbook.worksheets[i]!.getSheetValues()
        .slice(1)
        .map((r) => (r as ExcelJS.CellValue[]).slice(1));
    expect(rows(0)).toContainEqual(['平均分', '5.7']);
    expect(rows(0)).toContainEqual(['及格率', '57.1%']);
    expect(rows(1)).toEqual([
      ['名次', '学号', '姓名', '班级', '得分', '及格'],
      ['1', 'R01', '学生甲', '2024级1班', '10', '是'],
      ['2', 'R02', '学生乙', '2024级1班', '8', '是'],
      ['2', 'R08', '学生辛', '2024级2班', '8', '是'],
      ['4', 'R03', '学生丙', '2024级1班', '7', '是'],
      ['5', 'R04', '学生丁', '2024级1班', '3', '否'],
      ['5', 'R06', '学生己', '2024级1班', '3', '否'],
      ['7', 'R05', '学生戊', '2024级1班', '1', '否'],
      [undefined, 'R07', '学生庚', '2024级1班', '缺考'],
      [undefined, 'R09', '学生壬', '2024级2班', '缺考'],
    ]);
    expect(rows(2)[4]).toEqual(['4', '简答题', '5', '6', '2', '2', '1', '1', '0.43', '0.87']);
    expect(workbook.worksheets[1]!.getRow(1).font?.bold).toBe(true);
  });
});

describe('成绩分析 after a change', () => {
  it('follows a mark given after its figures were worked out', async () => {
    const results = async (): Promise<AssignmentResults> =>
      data(await call(wang, 'GET', `paper_teacher/results/${assignmentId}`));
    expect((await results()).summary).toMatchObject({ toMark: 1, mean: 5.7 });
    const questions = await data(
      await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
    );
    const short = questions.find((q: { type: string }) => q.type === 'short').id;
    const { records } = await answersPage({ paperTeacherQuestionId: short, current: 1, size: 1 });
    expect(records[0]).toMatchObject({ paperStudentId: attempts.丁1, result: 'pending' });
    await data(
      await call(wang, 'POST', 'paper_student_question/submit_correct', {
        payload: { marks: [{ id: records[0]!.id, score: 4 }] },
      }),
    );
    // 丁: 3 + 4 = 7, so 44 / 7 and five at 6 or more; the short answer earned 19 of 35, one more partly right.
    const after = await results();
    expect(after.summary).toMatchObject({ toMark: 0, mean: 6.3, passed: 5, passRate: 0.714 });
    expect(after.questions[3]).toMatchObject({ partial: 3, facility: 0.54 });
    // The export made before the mark is not handed out again.
    const file = await call(wang, 'GET', `paper_teacher/results/${assignmentId}/export`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const row = (workbook.worksheets[1]!.getSheetValues() as ExcelJS.CellValue[][]).find((r) => r?.[2] === 'R04');
    expect(row?.slice(1)).toEqual(['4', 'R04', '学生丁', '2024级1班', '7', '是']);
  });
});
