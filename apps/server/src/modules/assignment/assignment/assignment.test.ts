import type { AttemptReview, ExamPaper, ExamQuestion, MyAssignment } from '@shixun/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  job,
  menu,
  paperStudent,
  paperStudentLog,
  paperStudentQuestion,
  paperTeacher,
  role,
  roleMenu,
  setting,
} from '../../../db/schema/index.ts';
import { grantArrivals } from '../../../seed/upgrade.ts';
import { createRole, createUser } from '../../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';
import { ASSIGNMENTS_GRANTED } from '../assignment.api.ts';
import { examCalls } from '../assignment.fixtures.ts';
import { ASSIGNMENT_STUDENT_CODES, ASSIGNMENT_TEACHER_CODES } from '../assignment.menus.ts';
import { writeAnswers } from '../attempt/attempt.take.ts';

let t: TestApp;
const T = '580001';
const OTHER = '580002';
let admin: string;
/** wang teaches class 1 and owns the paper; li is another teacher; s1, s2 in class 1, s3 in class 2. */
let wang: string;
let li: string;
let s1: string;
let s2: string;
let s3: string;
let stranger: string;
/** A student of another tenant. */
let outsider: string;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
let paperId: string;

const { call, data, refused } = examCalls(() => t);
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const flat = (paper: ExamPaper): ExamQuestion[] =>
  paper.sections.flatMap((s) => s.questions.flatMap((q) => [q, ...q.children]));
const mine = async (token: string): Promise<MyAssignment[]> => data(await call(token, 'GET', 'paper_student/my'));

beforeAll(async () => {
  t = await startTestApp();
  admin = await teachingTenant(t, T);
  org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, { payload: { teacherId: wangId, selectedRelas: [org.class1] } });
  await addTeacher(t, admin, 'li', '李老师');
  await addStudent(t, admin, org.class1, 'S001', '张一');
  await addStudent(t, admin, org.class1, 'S002', '张二');
  await addStudent(t, admin, org.class2, 'S003', '张三');
  const studentAccount = async (no: string) => (await t.login(no, '123456', T)).access_token;
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  s1 = await studentAccount('S001');
  s2 = await studentAccount('S002');
  s3 = await studentAccount('S003');
  const otherAdmin = await teachingTenant(t, OTHER);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  stranger = (await t.login('zhao', '123456', OTHER)).access_token;
  const otherOrg = await schoolWithClasses(t, otherAdmin, 'o');
  await addStudent(t, otherAdmin, otherOrg.class1, 'S001', '外校学生');
  outsider = (await t.login('S001', '123456', OTHER)).access_token;

  const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '机械基础' } }))).id;
  const save = async (payload: object) =>
    (await data(await call(wang, 'POST', '/api/exam/pc/question/save', { payload: { libId, ...payload } })))
      .id as string;
  const options = [
    { content: '<p>基本偏差</p>', isAnswer: 1 },
    { content: '<p>标准公差</p>', isAnswer: 0 },
    { content: '<p>配合公差</p>', isAnswer: 0 },
  ];
  const q = [
    await save({ type: 'single', stem: '<p>公差带的位置由什么确定？</p>', items: options, score: 2 }),
    await save({
      type: 'multiple',
      stem: '<p>属于形状公差的有</p>',
      items: [
        { content: '<p>直线度</p>', isAnswer: 1 },
        { content: '<p>平面度</p>', isAnswer: 1 },
        { content: '<p>同轴度</p>', isAnswer: 0 },
      ],
      score: 4,
    }),
    await save({ type: 'judge', stem: '<p>$\\sqrt{4}=2$</p>', answer: 'T', score: 1 }),
    await save({ type: 'fill', stem: '<p>H7 是___制</p>', items: [{ content: '基孔|基孔制' }], score: 2 }),
    await save({ type: 'short', stem: '<p>简述游标卡尺的读数方法。</p>', answer: '<p>主尺加游标。</p>', score: 5 }),
  ];
  paperId = (
    await data(
      await call(wang, 'POST', '/api/exam/pc/paper/save', {
        payload: { title: '期中考试', paperType: 'exam', duration: 30, passScore: 8, multipleScoring: 'partial' },
      }),
    )
  ).id;
  const section = (
    await data(await call(wang, 'POST', '/api/exam/pc/paper/title/save', { payload: { paperId, name: '一、试题' } }))
  ).id;
  await data(
    await call(wang, 'POST', '/api/exam/pc/paper/title/importQuestion', {
      payload: { paperId, titleId: section, questionIds: q },
    }),
  );
});
afterAll(() => t.close());

const assign = (token: string, payload: object = {}) =>
  call(token, 'POST', 'paper_teacher/add_batch', {
    payload: {
      paperId,
      classIds: [org.class1],
      openTime: minutes(-1),
      closeTime: minutes(60),
      shuffleQuestions: 1,
      shuffleOptions: 1,
      releaseRule: 'manual',
      reviewPolicy: 'analysis',
      ...payload,
    },
  });

describe('assigning a paper', () => {
  it('refuses bad windows, classes the teacher does not teach, other people and empty papers', async () => {
    await refused(await assign(wang, { closeTime: minutes(-5) }), 400, '结束时间应晚于开始时间');
    await refused(
      await call(wang, 'POST', 'paper_teacher/add_batch', { payload: { paperId, classIds: [] }, lang: 'en' }),
      400,
    );
    await refused(await assign(wang, { classIds: [org.class2] }), 403);
    await refused(await assign(s1), 403);
    await refused(await t.app.inject({ method: 'POST', url: '/api/jd/pc/paper_teacher/add_batch', payload: {} }), 401);
    await refused(await assign(stranger), 400, '所选试卷不存在');
    const empty = (
      await data(await call(wang, 'POST', '/api/exam/pc/paper/save', { payload: { title: '空卷', paperType: 'exam' } }))
    ).id;
    await refused(await assign(wang, { paperId: empty }), 400, '试卷《空卷》还没有试题，不能发布');
  });

  it('freezes the paper, builds every student’s attempt with their own order, and keeps the paper in use', async () => {
    const res = await assign(wang, { title: '期中考试（1班）' });
    const made = await data(res);
    expect(res.json().msg).toBe('已发布给 1 个班级的 2 名学生');
    expect(made).toMatchObject({ title: '期中考试（1班）', kind: 'exam', duration: 30, totalScore: 14, state: 'open' });
    expect(made.progress).toEqual({ students: 2, started: 0, submitted: 0, marked: 0, toMark: 0 });
    // A class is named with its grade wherever it is shown (every grade has a 1班).
    expect(made.classNames).toEqual(['2024级1班']);
    // Others do not see it: another teacher, another tenant.
    await refused(await call(li, 'GET', 'paper_teacher/detail', { query: { id: made.id } }), 404);
    await refused(await call(stranger, 'GET', 'paper_teacher/detail', { query: { id: made.id } }), 404);
    // The paper cannot be deleted while an assignment uses it.
    const del = await call(wang, 'POST', 'paper/remove', { query: { ids: paperId } });
    expect(del.statusCode).toBe(400);
    expect(del.json().msg).toContain('考试安排《期中考试（1班）》');
    // Its editor tells the teacher where it is used (changes reach new assignments only).
    const usage = await data(await call(wang, 'GET', `/api/exam/pc/paper/usage/${paperId}`));
    expect(usage.places).toBe('考试安排《期中考试（1班）》');
    // s3's class was not given it.
    expect(await mine(s3)).toEqual([]);
    const [m1] = await mine(s1);
    expect(m1).toMatchObject({ title: '期中考试（1班）', canTake: true, questionCount: 5 });
    expect(m1!.attempt.state).toBe('not_started');
  });
});

describe('taking an exam', () => {
  let attempt: string;
  let paper: ExamPaper;
  let ids: Record<string, ExamQuestion>;

  it('opens the student’s own paper without the key, on the server’s clock', async () => {
    attempt = (await mine(s1))[0]!.attempt.id;
    const home = await data(await call(s2, 'GET', '/api/blade-desk/dashboard'));
    expect(home.todo).toEqual([{ key: 'examsToTake', count: 1, path: '/paper/my' }]);
    paper = await data(
      await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }),
    );
    expect(paper.attempt.state).toBe('in_progress');
    const end = new Date(paper.attempt.endTime!).getTime() - new Date(paper.attempt.serverTime).getTime();
    expect(end).toBeGreaterThan(29 * 60_000);
    expect(end).toBeLessThanOrEqual(30 * 60_000);
    const questions = flat(paper);
    expect(questions.map((q) => q.no).sort()).toEqual(['1', '2', '3', '4', '5']);
    ids = Object.fromEntries(questions.map((q) => [q.type, q]));
    expect(JSON.stringify(paper)).not.toContain('isAnswer');
    expect(JSON.stringify(paper)).not.toContain('主尺加游标');
    expect(ids.fill!.blanks).toBe(1);
    expect(ids.fill!.items[0]!.content).toBe('');
    // Nobody else opens it: another student (404 as if it did not exist), another tenant.
    await refused(
      await call(s2, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }),
      404,
    );
    await refused(
      await call(outsider, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }),
      404,
    );
    // Its results are not to be read before release, by its student either.
    await refused(await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: attempt } }), 403);
  });

  it('saves answers idempotently by sequence number: an older save never overwrites a newer one, an equal one does', async () => {
    const save = (answers: object[]) =>
      call(s1, 'POST', 'paper_student_question/save_answers', { payload: { paperStudentId: attempt, answers } });
    const right = ids.single!.items.find((i) => i.content.includes('基本偏差'))!.id;
    const wrong = ids.single!.items.find((i) => i.content.includes('标准公差'))!.id;
    const ack = await data(await save([{ questionId: ids.single!.id, answer: right, seq: 5 }]));
    expect(ack.acked).toEqual([{ questionId: ids.single!.id, seq: 5 }]);
    // A late duplicate of an older edit is acknowledged but changes nothing.
    await data(await save([{ questionId: ids.single!.id, answer: wrong, seq: 3 }]));
    const shape = (
      await data(await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }))
    ).answers[ids.single!.id];
    expect(shape).toEqual({ answer: right, seq: 5, flagged: 0 });
    // An equal number is the same edit sent again, or edit 5 made on a second device: the later write stands.
    const stored = async () =>
      (await data(await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } })))
        .answers[ids.single!.id];
    await data(await save([{ questionId: ids.single!.id, answer: wrong, seq: 5 }]));
    expect(await stored()).toEqual({ answer: wrong, seq: 5, flagged: 0 });
    await data(await save([{ questionId: ids.single!.id, answer: right, seq: 5 }]));
    expect(await stored()).toEqual({ answer: right, seq: 5, flagged: 0 });
    const multiple = ids.multiple!.items.filter((i) => /直线度|平面度/.test(i.content)).map((i) => i.id);
    await data(
      await save([
        { questionId: ids.multiple!.id, answer: [multiple[0]], seq: 1, flagged: 1 },
        { questionId: ids.judge!.id, answer: 'F', seq: 1 },
        { questionId: ids.fill!.id, answer: [' 基孔制 '], seq: 1 },
        { questionId: ids.short!.id, answer: '读主尺，再读游标。', seq: 1 },
      ]),
    );
    // Bad input loses nothing and says why.
    await refused(await save([{ questionId: ids.single!.id, answer: 'nope', seq: 9 }]), 400, '答案格式不正确');
    await refused(await save([{ questionId: '123', answer: 'x', seq: 9 }]), 400, '试题不在这份试卷中');
    await refused(await save([{ questionId: ids.single!.id, answer: right, seq: 0 }]), 400);
    await refused(
      await call(s2, 'POST', 'paper_student_question/save_answers', {
        payload: { paperStudentId: attempt, answers: [{ questionId: ids.single!.id, answer: wrong, seq: 99 }] },
      }),
      404,
    );
  });

  it('grades on submission (partial multiple choice, normalised blanks), then refuses any change', async () => {
    // A save that read the attempt before the submission and writes after it: refused by its own statement.
    const [before] = await t.db
      .select({ s: paperStudent, a: paperTeacher })
      .from(paperStudent)
      .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
      .where(eq(paperStudent.id, attempt));
    const done = await data(
      await call(s1, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: attempt, answers: [] },
      }),
    );
    expect(done.attempt.state).toBe('marking');
    expect(done.attempt.score).toBeNull(); // not released
    const [row] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, attempt));
    // single 2 + multiple 4 × 1/2 + judge 0 + fill 2 = 6; the short answer awaits marking.
    expect(row!.objectiveScore).toBe(6);
    await refused(
      await call(s1, 'POST', 'paper_student_question/save_answers', {
        payload: { paperStudentId: attempt, answers: [{ questionId: ids.judge!.id, answer: 'T', seq: 2 }] },
      }),
      400,
      '已交卷，答案不能再修改',
    );
    await expect(
      writeAnswers(t.db, before!, [{ questionId: ids.judge!.id, answer: 'T', seq: 2 }]),
    ).rejects.toMatchObject({ status: 400, key: 'exam.submitted' });
    const [judge] = await t.db
      .select()
      .from(paperStudentQuestion)
      .where(
        and(
          eq(paperStudentQuestion.paperStudentId, attempt),
          eq(paperStudentQuestion.paperTeacherQuestionId, ids.judge!.id),
        ),
      );
    expect(judge).toMatchObject({ answer: 'F', seq: 1 });
    // Submitting again changes nothing.
    await data(
      await call(s1, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: attempt, answers: [] },
      }),
    );
  });

  it('submits on the server when time is up, with no browser open, from the saved answers', async () => {
    const other = (await mine(s2))[0]!.attempt.id;
    const p2: ExamPaper = await data(
      await call(s2, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: other } }),
    );
    const judge = flat(p2).find((q) => q.type === 'judge')!;
    await data(
      await call(s2, 'POST', 'paper_student_question/save_answers', {
        payload: { paperStudentId: other, answers: [{ questionId: judge.id, answer: 'T', seq: 1 }] },
      }),
    );
    // Time runs out: the attempt's end and its timer are moved into the past (as if 31 minutes went by).
    const past = new Date(Date.now() - 2 * 60_000);
    await t.db.update(paperStudent).set({ endTime: past }).where(eq(paperStudent.id, other));
    await t.db.update(job).set({ runAt: past }).where(eq(job.key, other));
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, other));
    expect(row).toMatchObject({ state: 'marked', autoSubmitted: 1, objectiveScore: 1 });
    const logs = await t.db.select().from(paperStudentLog).where(eq(paperStudentLog.paperStudentId, other));
    expect(logs.map((l) => l.kind)).toContain('auto_submit');
  });

  it('is marked by question, bounded by the question’s score, with corrections logged, then released', async () => {
    const assignmentId = (await mine(s1))[0]!.id;
    const questions = await data(
      await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
    );
    const short = questions.find((q: { type: string }) => q.type === 'short');
    expect(short).toMatchObject({ manual: true, toMark: 1, answered: 1 });
    // The home page's to-dos: one answer for wang to mark.
    const home = await data(await call(wang, 'GET', '/api/blade-desk/dashboard'));
    expect(home.todo).toContainEqual({ key: 'answersToMark', count: 1, path: '/paper/marking' });
    await refused(
      await call(li, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
      404,
    );
    await refused(
      await call(s1, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
      403,
    );
    const { records: answers } = await data(
      await call(wang, 'GET', 'paper_student_question/answers', { query: { paperTeacherQuestionId: short.id } }),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      studentName: '张一',
      className: '2024级1班',
      answer: '读主尺，再读游标。',
      result: 'pending',
    });
    const mark = (score: number, lang = 'zh') =>
      call(wang, 'POST', 'paper_student_question/submit_correct', {
        payload: { marks: [{ id: answers[0].id, score, comment: '要点齐全' }] },
        lang,
      });
    await refused(await mark(6), 400, '得分（6）不能高于本题分值（5）');
    await refused(await mark(6, 'en'), 400, 'The score (6) cannot be higher than the question is worth (5)');
    await data(await mark(3));
    await data(await mark(4));
    const [row] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, attempt));
    expect(row).toMatchObject({ state: 'marked', score: 10 });
    const corrections = await t.db.select().from(paperStudentLog).where(eq(paperStudentLog.kind, 'correct'));
    expect(corrections.map((c) => [c.before, c.after])).toEqual([
      [
        { questionId: short.id, score: 3 },
        { questionId: short.id, score: 4 },
      ],
    ]);

    await refused(await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: attempt } }), 403);
    const released = await call(wang, 'POST', `paper_teacher/release/${assignmentId}`);
    expect(released.json().msg).toBe('成绩已公布');
    await refused(await call(wang, 'POST', `paper_teacher/release/${assignmentId}`), 400, '成绩已经公布过了');
    const reviewed = async (): Promise<AttemptReview> =>
      data(await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: attempt } }));
    const judgeOf = (r: AttemptReview) => r.sections[0]!.questions.find((q) => q.type === 'judge')!;
    // Released while the window is open: the score and answers now, the key once nobody can answer any more.
    const early = await reviewed();
    expect(early).toMatchObject({ policy: 'answers', attempt: { score: 10 } });
    expect(early.keysFrom).not.toBeNull();
    expect(judgeOf(early).key).toBeUndefined();
    await t.db
      .update(paperTeacher)
      .set({ closeTime: new Date(Date.now() - 1000), graceSeconds: 0 })
      .where(eq(paperTeacher.id, assignmentId));
    const review = await reviewed();
    expect(review).toMatchObject({ policy: 'analysis', keysFrom: null });
    expect(review.attempt.score).toBe(10);
    expect(judgeOf(review)).toMatchObject({ answer: 'F', result: 'wrong', earned: 0, key: 'T' });
    // Another student's attempt is not theirs to read.
    await refused(await call(s2, 'GET', 'paper_student_question/review', { query: { paperStudentId: attempt } }), 404);
    const [m1] = await mine(s1);
    expect(m1!.attempt).toMatchObject({ released: true, score: 10 });
  });

  it('puts wrong answers in the wrong-answer book, mastered after three right re-tries', async () => {
    const page = await data(await call(s1, 'GET', '/api/exam/pc/wrongbook/page'));
    // judge wrong; multiple and the short answer (4 of 5) partly right.
    expect(page.records.map((r: { type: string }) => r.type).sort()).toEqual(['judge', 'multiple', 'short']);
    const entry = page.records.find((r: { type: string }) => r.type === 'judge');
    expect(entry).toMatchObject({ source: '期中考试（1班）', wrongCount: 1, state: 'active' });
    expect((await data(await call(s2, 'GET', '/api/exam/pc/wrongbook/page'))).records).toEqual([]);
    await refused(await call(s2, 'GET', '/api/exam/pc/wrongbook/practice', { query: { id: entry.id } }), 404);
    const practice = await data(await call(s1, 'GET', '/api/exam/pc/wrongbook/practice', { query: { id: entry.id } }));
    expect(practice.lastAnswer).toBe('F');
    const check = async (answer: string) =>
      data(await call(s1, 'POST', '/api/exam/pc/wrongbook/check', { payload: { id: entry.id, answer } }));
    expect(await check('T')).toMatchObject({ result: 'right', key: 'T', rightStreak: 1, state: 'active' });
    expect(await check('F')).toMatchObject({ result: 'wrong', rightStreak: 0 });
    await check('T');
    await check('T');
    expect(await check('T')).toMatchObject({ rightStreak: 3, state: 'mastered' });
  });
});

describe('practice, policies and exceptions', () => {
  it('gives practice feedback at once and more attempts; an exam gives neither', async () => {
    const made = await data(
      await assign(wang, { kind: 'practice', releaseRule: 'immediate', shuffleQuestions: 0, title: '课堂练习' }),
    );
    const entry = (await mine(s2)).find((m) => m.id === made.id)!;
    const paper: ExamPaper = await data(
      await call(s2, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: entry.attempt.id } }),
    );
    const judge = flat(paper).find((q) => q.type === 'judge')!;
    await data(
      await call(s2, 'POST', 'paper_student_question/save_answers', {
        payload: { paperStudentId: entry.attempt.id, answers: [{ questionId: judge.id, answer: 'F', seq: 1 }] },
      }),
    );
    const feedback = await data(
      await call(s2, 'POST', 'paper_student_question/check', {
        payload: { paperStudentId: entry.attempt.id, questionId: judge.id },
      }),
    );
    expect(feedback).toMatchObject({ result: 'wrong', key: 'T' });
    await data(
      await call(s2, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: entry.attempt.id, answers: [] },
      }),
    );
    const again = (await mine(s2)).find((m) => m.id === made.id)!;
    expect(again).toMatchObject({ canRetry: true, attemptsUsed: 1 });
    const next = await data(await call(s2, 'POST', `paper_student/retry/${made.id}`));
    expect(next.id).not.toBe(entry.attempt.id);
    // Exams answer no such question.
    const exam = (await mine(s2)).find((m) => m.kind === 'exam')!;
    await refused(
      await call(s2, 'POST', 'paper_student_question/check', {
        payload: { paperStudentId: exam.attempt.id, questionId: judge.id },
      }),
      403,
    );
    await refused(await call(s2, 'POST', `paper_student/retry/${exam.id}`), 400, '作答次数已用完');
  });

  it('shows the score only under that policy, and grants extra time with a reason', async () => {
    const made = await data(
      await assign(wang, { reviewPolicy: 'score', releaseRule: 'immediate', title: '小测验', duration: 10 }),
    );
    const entry = (await mine(s1)).find((m) => m.id === made.id)!;
    const paper: ExamPaper = await data(
      await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: entry.attempt.id } }),
    );
    const exception = (payload: object, token = wang) =>
      call(token, 'POST', 'paper_teacher/exception', { payload: { paperStudentId: entry.attempt.id, ...payload } });
    await refused(await exception({ kind: 'extend', minutes: 15 }), 400, '请填写原因');
    await refused(await exception({ kind: 'extend', minutes: 15, reason: '视力障碍' }, li), 404);
    await refused(await exception({ kind: 'extend', minutes: 15, reason: '视力障碍' }, s1), 403);
    const extended = await exception({ kind: 'extend', minutes: 15, reason: '视力障碍' });
    expect(extended.json().msg).toBe('已为该学生延长 15 分钟');
    const [row] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, entry.attempt.id));
    expect(row!.endTime!.getTime() - new Date(paper.attempt.endTime!).getTime()).toBe(15 * 60_000);
    const [timer] = await t.db
      .select()
      .from(job)
      .where(sql`${job.key} = ${entry.attempt.id} and ${job.state} = 'pending'`);
    expect(timer!.runAt.getTime()).toBe(row!.endTime!.getTime() + 60_000);

    const short = flat(paper).find((q) => q.type === 'short')!;
    await data(
      await call(s1, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: entry.attempt.id, answers: [{ questionId: short.id, answer: '', seq: 1 }] },
      }),
    );
    const review: AttemptReview = await data(
      await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: entry.attempt.id } }),
    );
    expect(review.policy).toBe('score');
    expect(review.sections).toEqual([]);
    expect(review.attempt.score).toBe(0);
  });

  it('lists attempts to their teacher with progress, and to a student only their own', async () => {
    const assignmentId = (await mine(s1)).find((m) => m.title === '期中考试（1班）')!.id;
    const list = await data(await call(wang, 'GET', 'paper_student/page', { query: { paperTeacherId: assignmentId } }));
    expect(
      list.records.map((r: { studentName: string; className: string; state: string }) => [
        r.studentName,
        r.className,
        r.state,
      ]),
    ).toEqual([
      ['张一', '2024级1班', 'marked'],
      ['张二', '2024级1班', 'marked'],
    ]);
    const own = await data(await call(s1, 'GET', 'paper_student/page'));
    expect(new Set(own.records.map((r: { studentName: string }) => r.studentName))).toEqual(new Set(['张一']));
    const detail = await data(await call(wang, 'GET', 'paper_teacher/detail', { query: { id: assignmentId } }));
    expect(detail).toMatchObject({
      state: 'released',
      progress: { students: 2, started: 2, submitted: 2, marked: 2 },
    });
  });
});

describe('results', () => {
  it('analyses an assignment: statistics, distribution, each question, each class; exports them', async () => {
    const assignmentId = (await mine(s1)).find((m) => m.title === '期中考试（1班）')!.id;
    const r = await data(await call(wang, 'GET', `paper_teacher/results/${assignmentId}`));
    // s1 scored 10 (6 automatic + 4 marked), s2 1 (auto-submitted with one right answer); pass score 8.
    expect(r.summary).toMatchObject({ students: 2, submitted: 2, absent: 0, mean: 5.5, median: 5.5, max: 10, min: 1 });
    expect(r.summary.passRate).toBe(0.5);
    const students = await data(await call(wang, 'GET', `paper_teacher/results/${assignmentId}/students`));
    expect(
      students.records.map((s: { studentName: string; rank: number; passed: boolean }) => [
        s.studentName,
        s.rank,
        s.passed,
      ]),
    ).toEqual([
      ['张一', 1, true],
      ['张二', 2, false],
    ]);
    expect(r.distribution.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(2);
    const judge = r.questions.find((q: { type: string }) => q.type === 'judge');
    expect(judge).toMatchObject({ answered: 2, right: 1, wrong: 1, facility: 0.5 });
    expect(r.byClass).toEqual([
      { classId: org.class1, className: '2024级1班', students: 2, submitted: 2, mean: 5.5, passRate: 0.5 },
    ]);
    await refused(await call(li, 'GET', `paper_teacher/results/${assignmentId}`), 404);
    await refused(await call(s1, 'GET', `paper_teacher/results/${assignmentId}`), 403);
    const file = await call(wang, 'GET', `paper_teacher/results/${assignmentId}/export`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('a draw per student', () => {
  it('freezes the blueprint’s pools and gives every student, also one who joins later, their own draw', async () => {
    const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '抽题题库' } }))).id;
    for (let i = 1; i <= 5; i++)
      await data(
        await call(wang, 'POST', '/api/exam/pc/question/save', {
          payload: { libId, type: 'judge', stem: `<p>抽题判断 ${i}</p>`, answer: 'T', score: 1 },
        }),
      );
    const drawn = (
      await data(
        await call(wang, 'POST', '/api/exam/pc/paper/save', { payload: { title: '一人一卷', paperType: 'exam' } }),
      )
    ).id;
    await data(
      await call(wang, 'POST', '/api/exam/pc/paper/blueprint/draw', {
        payload: {
          paperId: drawn,
          perStudent: 1,
          rules: [{ section: '一、判断题', libId, type: 'judge', count: 2, score: 3 }],
        },
      }),
    );
    const made = await data(await assign(wang, { paperId: drawn, title: '一人一卷', releaseRule: 'immediate' }));
    expect(made).toMatchObject({ perStudent: 1, totalScore: 6 });
    const stems = async (token: string) => {
      const entry = (await mine(token)).find((m) => m.id === made.id)!;
      const paper: ExamPaper = await data(
        await call(token, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: entry.attempt.id } }),
      );
      expect(paper.assignment.totalScore).toBe(6);
      return flat(paper).map((q) => q.stem);
    };
    for (const token of [s1, s2]) {
      const mine = await stems(token);
      expect(mine).toHaveLength(2);
      expect(mine.every((s) => s.includes('抽题判断'))).toBe(true);
    }
    // A student who joins the class afterwards draws from the same frozen pools.
    await addStudent(t, admin, org.class1, 'S004', '张四');
    const late = (await t.login('S004', '123456', T)).access_token;
    expect(await stems(late)).toHaveLength(2);
  });
});

describe('re-grading after a key fix', () => {
  it('previews each change before and after, applies it to the frozen copy only, keeps marks set by hand', async () => {
    const assignmentId = (await mine(s1)).find((m) => m.title === '期中考试（1班）')!.id;
    const questions = await data(
      await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId } }),
    );
    const judge = questions.find((q: { type: string }) => q.type === 'judge');
    const short = questions.find((q: { type: string }) => q.type === 'short');
    const regrade = (payload: object, token = wang) =>
      call(token, 'POST', 'paper_teacher_question/regrade', { payload: { id: judge.id, ...payload } });
    await refused(await regrade({ judge: 'F' }, s1), 403);
    await refused(await regrade({ judge: 'F' }, li), 404);
    await refused(
      await regrade({}),
      400,
      '修正后的答案不完整：单选题选一个正确选项，多选题至少一个，填空题每空都要有答案',
    );
    await refused(
      await call(wang, 'POST', 'paper_teacher_question/regrade', { payload: { id: short.id, judge: 'T' } }),
      400,
      '只有客观题（单选、多选、判断、填空）可以修正答案后重新评分',
    );
    // s1 answered F (wrong), s2 T (right): with the key F they swap.
    const preview = await data(await regrade({ judge: 'F' }));
    expect(preview.applied).toBe(false);
    expect(
      preview.changes.map(
        (c: { studentName: string; before: number; after: number; totalBefore: number; totalAfter: number }) => [
          c.studentName,
          c.before,
          c.after,
          c.totalBefore,
          c.totalAfter,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        ['张一', 0, 1, 10, 11],
        ['张二', 1, 0, 1, 0],
      ]),
    );
    const [before] = await t.db
      .select()
      .from(paperStudent)
      .where(eq(paperStudent.id, (await mine(s1)).find((m) => m.id === assignmentId)!.attempt.id));
    expect(before!.score).toBe(10);
    const applied = await regrade({ judge: 'F', apply: 1 });
    expect(applied.json().msg).toBe('已重新评分，2 名学生的得分有变化');
    const [after] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, before!.id));
    expect(after!.score).toBe(11);
    const logs = await t.db.select().from(paperStudentLog).where(eq(paperStudentLog.kind, 'regrade'));
    expect(logs).toHaveLength(2);
    // Applied again, nothing changes.
    expect((await data(await regrade({ judge: 'F' }))).changes).toEqual([]);
  });
});

describe('an installation from before exams', () => {
  it('gives its teacher and student roles the exam pages once', async () => {
    const menusOf = async (codes: string[]) =>
      (await t.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))).map((m) => m.id);
    const roleOf = async (alias: string) =>
      (
        await t.db
          .select({ id: role.id })
          .from(role)
          .where(and(eq(role.tenantId, T), eq(role.roleAlias, alias), eq(role.isDeleted, 0)))
      )[0]!.id;
    const [teacherRole, studentRole] = [await roleOf('teacher'), await roleOf('student')];
    const [teacherMenus, studentMenus] = [
      await menusOf(ASSIGNMENT_TEACHER_CODES),
      await menusOf(ASSIGNMENT_STUDENT_CODES),
    ];
    const held = async (roleId: string, ids: string[]) =>
      (
        await t.db
          .select()
          .from(roleMenu)
          .where(and(eq(roleMenu.roleId, roleId), inArray(roleMenu.menuId, ids)))
      ).length;
    const takeAway = async () => {
      await t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, teacherRole), inArray(roleMenu.menuId, teacherMenus)));
      await t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, studentRole), inArray(roleMenu.menuId, studentMenus)));
    };
    await takeAway();
    await t.db.delete(setting).where(eq(setting.key, ASSIGNMENTS_GRANTED));
    await grantArrivals(t.db);
    expect(await held(teacherRole, teacherMenus)).toBe(teacherMenus.length);
    expect(await held(studentRole, studentMenus)).toBe(studentMenus.length);
    // Once: what an administrator takes away afterwards stays away.
    await takeAway();
    await grantArrivals(t.db);
    expect(await held(studentRole, studentMenus)).toBe(0);
    await grantArrivals(t.db);
    // The roles get their pages back for the tests after this one.
    await t.db
      .insert(roleMenu)
      .values([
        ...teacherMenus.map((menuId) => ({ roleId: teacherRole, menuId })),
        ...studentMenus.map((menuId) => ({ roleId: studentRole, menuId })),
      ]);
  });
});

describe('every exam call', () => {
  const calls: [method: 'GET' | 'POST', url: string][] = [
    ['POST', 'paper_teacher/add_batch'],
    ['POST', 'paper_teacher/release/1'],
    ['POST', 'paper_teacher/exception'],
    ['POST', 'paper_teacher/force_submit'],
    ['GET', 'paper_teacher/results/1'],
    ['GET', 'paper_teacher/results/1/export'],
    ['GET', 'paper_teacher_question/marking?paperTeacherId=1'],
    ['POST', 'paper_teacher_question/regrade'],
    ['GET', 'paper_student_question/answers?paperTeacherQuestionId=1'],
    ['POST', 'paper_student_question/submit_correct'],
    ['GET', 'paper_student/my'],
    ['POST', 'paper_student/retry/1'],
    ['POST', 'paper_student/event'],
    ['GET', 'paper_student_question/exam_paper?paperStudentId=1'],
    ['POST', 'paper_student_question/save_answers'],
    ['POST', 'paper_student_question/submit_exam'],
    ['POST', 'paper_student_question/check'],
    ['GET', 'paper_student_question/review?paperStudentId=1'],
    ['GET', '/api/exam/pc/wrongbook/practice?id=1'],
    ['POST', '/api/exam/pc/wrongbook/check'],
  ];
  it('answers 401 without a token and 403 without its permission code', async () => {
    const none = await createRole(t.db, T, 'no-codes');
    await createUser(t.db, { tenantId: T, account: 'nobody', password: 'nobody-pw', roleIds: [none] });
    const nobody = (await t.login('nobody', 'nobody-pw', T)).access_token;
    for (const [method, url] of calls) {
      const path = url.startsWith('/') ? url : `/api/jd/pc/${url}`;
      expect((await t.app.inject({ method, url: path, payload: {} })).statusCode, `${method} ${path}`).toBe(401);
      expect((await t.as(nobody, { method, url: path, payload: {} })).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('records integrity signals for the teacher, and 收卷 submits attempts in progress with a reason', async () => {
    const made = await data(await assign(wang, { title: '收卷演练', releaseRule: 'manual' }));
    const attempt = (await mine(s2)).find((m) => m.id === made.id)!.attempt.id;
    await data(await call(s2, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attempt } }));
    await data(
      await call(s2, 'POST', 'paper_student/event', { payload: { paperStudentId: attempt, kind: 'left_page' } }),
    );
    await refused(
      await call(s2, 'POST', 'paper_student/event', { payload: { paperStudentId: attempt, kind: 'x' } }),
      400,
    );
    await refused(
      await call(s1, 'POST', 'paper_student/event', { payload: { paperStudentId: attempt, kind: 'left_page' } }),
      404,
    );
    const force = (payload: object, token = wang) => call(token, 'POST', 'paper_teacher/force_submit', { payload });
    await refused(await force({ ids: [attempt] }), 400, '请填写原因');
    await refused(await force({ ids: [attempt], reason: '停电' }, li), 404);
    const forced = await force({ ids: [attempt], reason: '停电' });
    expect(forced.json().msg).toBe('已收卷 1 份');
    const [row] = await t.db.select().from(paperStudent).where(eq(paperStudent.id, attempt));
    // Nothing awaits marking (no short answer was given): marked at once, not by the timer.
    expect(row).toMatchObject({ state: 'marked', leftPage: 1, autoSubmitted: 0 });
    const logs = await t.db.select().from(paperStudentLog).where(eq(paperStudentLog.paperStudentId, attempt));
    expect(logs.map((l) => [l.kind, l.reason])).toEqual(
      expect.arrayContaining([
        ['left_page', ''],
        ['force_submit', '停电'],
      ]),
    );
  });
});
