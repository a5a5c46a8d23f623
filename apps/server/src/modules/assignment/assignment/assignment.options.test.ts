import type { Assignment, ExamPaper, ExamQuestion, MyAssignment, ResultStudent } from '@shixun/contracts';
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
import { accessPasswordMatches, countedScore, hashAccessPassword, inNetworks } from './assignment.options.ts';

// Issue 26 §2: an assignment's access password, allowed networks, grading method for several attempts and blind
// marking. A paper of two auto-graded questions (single 2, judge 1: total 3), three attempts allowed.

let t: TestApp;
const T = '582001';
const OTHER = '582002';
let wang: string;
let li: string;
let stranger: string;
let otherStudent: string;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
let paperId: string;
const tokens: Record<string, string> = {};

const { call, data, refused } = examCalls(() => t);

async function assign(payload: object = {}): Promise<Assignment> {
  return data(
    await call(wang, 'POST', 'paper_teacher/add_batch', {
      payload: {
        paperId,
        classIds: [org.class1],
        openTime: new Date(Date.now() - 60_000).toISOString(),
        closeTime: new Date(Date.now() + 3_600_000).toISOString(),
        attempts: 3,
        releaseRule: 'manual',
        ...payload,
      },
    }),
  );
}

async function latestAttempt(name: string, assignmentId: string): Promise<MyAssignment> {
  const mine: MyAssignment[] = await data(await call(tokens[name]!, 'GET', 'paper_student/my'));
  return mine.find((m) => m.id === assignmentId)!;
}

/** Starts (with the password, if given) the student's latest attempt and hands it in: the single and judge right or not. */
async function sit(name: string, assignmentId: string, right: { single: boolean; judge: boolean }, password?: string) {
  const token = tokens[name]!;
  const attempt = (await latestAttempt(name, assignmentId)).attempt.id;
  const paper: ExamPaper = await data(
    await call(token, 'POST', 'paper_student_question/start', { payload: { paperStudentId: attempt, password } }),
  );
  const q = Object.fromEntries(
    paper.sections.flatMap((s) => s.questions).map((x): [string, ExamQuestion] => [x.type, x]),
  );
  const option = q.single!.items.find((i) => i.content.includes(right.single ? '基本偏差' : '标准公差'))!.id;
  const answers = [
    { questionId: q.single!.id, answer: option, seq: 1 },
    { questionId: q.judge!.id, answer: right.judge ? 'T' : 'F', seq: 1 },
  ];
  await data(
    await call(token, 'POST', 'paper_student_question/submit_exam', { payload: { paperStudentId: attempt, answers } }),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, { payload: { teacherId: wangId, selectedRelas: [org.class1] } });
  await addTeacher(t, admin, 'li', '李老师');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  for (const [i, name] of ['甲', '乙', '丙'].entries()) {
    await addStudent(t, admin, org.class1, `P0${i + 1}`, `学生${name}`);
    tokens[name] = (await t.login(`P0${i + 1}`, '123456', T)).access_token;
  }
  const otherAdmin = await teachingTenant(t, OTHER);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  stranger = (await t.login('zhao', '123456', OTHER)).access_token;
  const otherOrg = await schoolWithClasses(t, otherAdmin);
  await addStudent(t, otherAdmin, otherOrg.class1, 'X01', '外校学生');
  otherStudent = (await t.login('X01', '123456', OTHER)).access_token;

  const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '选项' } }))).id;
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
    }),
    await save({ type: 'judge', stem: '<p>2 是偶数</p>', answer: 'T', score: 1 }),
  ];
  paperId = (
    await data(
      await call(wang, 'POST', '/api/exam/pc/paper/save', {
        payload: { title: '选项测验', paperType: 'exam', duration: 30, passScore: 2 },
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
}, 120_000);
afterAll(() => t.close());

describe('the settings', () => {
  it('are set when assigning and changed later; the password is never returned, only whether there is one', async () => {
    const a = await assign({
      accessPassword: 'room-301',
      allowedNetworks: ['10.1.2.0/24', ' 2001:db8::/48 '],
      gradingMethod: 'last',
      blindMarking: 1,
    });
    expect(a).toMatchObject({
      hasPassword: true,
      allowedNetworks: ['10.1.2.0/24', '2001:db8::/48'],
      gradingMethod: 'last',
      blindMarking: 1,
    });
    expect(JSON.stringify(a)).not.toContain('room-301');
    expect(a).not.toHaveProperty('accessPassword');
    // Not sent: it stays; '' clears it.
    const kept = await data(await call(wang, 'POST', 'paper_teacher/submit', { payload: { id: a.id, title: '改名' } }));
    expect(kept).toMatchObject({ hasPassword: true, title: '改名' });
    const cleared = await data(
      await call(wang, 'POST', 'paper_teacher/submit', { payload: { id: a.id, accessPassword: '' } }),
    );
    expect(cleared.hasPassword).toBe(false);
    const plain = await assign();
    expect(plain).toMatchObject({ hasPassword: false, allowedNetworks: [], gradingMethod: 'highest', blindMarking: 0 });
  });

  it('refuses a malformed range or method with a message naming it (400), in zh and en', async () => {
    const bad = await call(wang, 'POST', 'paper_teacher/add_batch', {
      payload: {
        paperId,
        classIds: [org.class1],
        openTime: new Date().toISOString(),
        closeTime: new Date(Date.now() + 3_600_000).toISOString(),
        allowedNetworks: ['10.1.2.0/33'],
      },
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('IPv4 or IPv6');
    const [a] = [await assign()];
    await refused(
      await call(wang, 'POST', 'paper_teacher/submit', { payload: { id: a!.id, allowedNetworks: ['school'] } }),
      400,
    );
    const zh = await call(wang, 'POST', 'paper_teacher/submit', { payload: { id: a!.id, gradingMethod: 'best' } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('最高分');
  });

  it('401 without a token, 403 for a student, not found for another teacher or tenant', async () => {
    const a = await assign();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jd/pc/paper_teacher/submit',
      payload: { id: a.id, gradingMethod: 'first' },
    });
    expect(res.statusCode).toBe(401);
    await refused(
      await call(tokens.甲!, 'POST', 'paper_teacher/submit', { payload: { id: a.id, gradingMethod: 'first' } }),
      403,
    );
    await refused(
      await call(li, 'POST', 'paper_teacher/submit', { payload: { id: a.id, gradingMethod: 'first' } }),
      404,
    );
    await refused(
      await call(stranger, 'POST', 'paper_teacher/submit', { payload: { id: a.id, gradingMethod: 'first' } }),
      404,
    );
  });
});

describe('the access password', () => {
  it('is asked to start an attempt, not to resume it; a wrong one is 403', async () => {
    const a = await assign({ accessPassword: 'room-301' });
    const mine = await latestAttempt('甲', a.id);
    expect(mine.needsPassword).toBe(true);
    const id = mine.attempt.id;
    // Opened by a link, the exam page is told to ask for it (data.needsPassword), not only the message.
    const unasked = await call(tokens.甲!, 'GET', 'paper_student_question/exam_paper', {
      query: { paperStudentId: id },
    });
    await refused(unasked, 403, '此考试需要访问密码，请输入老师给出的密码后开始');
    expect(unasked.json().data).toEqual({ needsPassword: true });
    await refused(
      await call(tokens.甲!, 'POST', 'paper_student_question/start', {
        payload: { paperStudentId: id, password: 'room-302' },
        lang: 'en',
      }),
      403,
      'The access password is wrong',
    );
    expect((await latestAttempt('甲', a.id)).attempt.state).toBe('not_started');
    const paper: ExamPaper = await data(
      await call(tokens.甲!, 'POST', 'paper_student_question/start', {
        payload: { paperStudentId: id, password: 'room-301' },
      }),
    );
    expect(paper.attempt.state).toBe('in_progress');
    // Resuming (a reload) reads the paper without it.
    const again: ExamPaper = await data(
      await call(tokens.甲!, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: id } }),
    );
    expect(again.attempt.id).toBe(id);
  });

  it('after ten wrong ones every try is 429 for a while, the right one too', async () => {
    const a = await assign({ accessPassword: 'room-301' });
    const id = (await latestAttempt('乙', a.id)).attempt.id;
    const start = (password: string) =>
      call(tokens.乙!, 'POST', 'paper_student_question/start', { payload: { paperStudentId: id, password } });
    for (let i = 0; i < 10; i++) await refused(await start(`guess-${i}`), 403);
    await refused(await start('guess-10'), 429, '密码错误次数过多，请 5 分钟后再试');
    await refused(await start('room-301'), 429);
  });

  it('start: 401 without a token, 400 without an attempt, not found for another tenant', async () => {
    const a = await assign({ accessPassword: 'room-301' });
    const id = (await latestAttempt('丙', a.id)).attempt.id;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/jd/pc/paper_student_question/start',
      payload: { paperStudentId: id, password: 'room-301' },
    });
    expect(anonymous.statusCode).toBe(401);
    await refused(await call(tokens.丙!, 'POST', 'paper_student_question/start', { payload: { password: 'x' } }), 400);
    await refused(
      await call(otherStudent, 'POST', 'paper_student_question/start', {
        payload: { paperStudentId: id, password: 'room-301' },
      }),
      404,
    );
    // A teacher has no take permission.
    await refused(
      await call(wang, 'POST', 'paper_student_question/start', {
        payload: { paperStudentId: id, password: 'room-301' },
      }),
      403,
    );
  });

  it('is stored as a salted digest that only the same password matches', () => {
    const stored = hashAccessPassword('room-301');
    expect(stored).not.toContain('room-301');
    expect(hashAccessPassword('room-301')).not.toBe(stored);
    expect(accessPasswordMatches(stored, 'room-301')).toBe(true);
    expect(accessPasswordMatches(stored, 'room-30')).toBe(false);
  });
});

describe('allowed networks', () => {
  it('match IPv4 and IPv6 ranges, bare addresses and IPv4 inside IPv6', () => {
    const ranges = ['10.1.2.0/24', '192.168.9.9', '2001:db8::/48'];
    expect(inNetworks(ranges, '10.1.2.200')).toBe(true);
    expect(inNetworks(ranges, '::ffff:10.1.2.7')).toBe(true);
    expect(inNetworks(ranges, '10.1.3.1')).toBe(false);
    expect(inNetworks(ranges, '192.168.9.9')).toBe(true);
    expect(inNetworks(ranges, '2001:db8:0:ffff::1')).toBe(true);
    expect(inNetworks(ranges, '2001:db9::1')).toBe(false);
    expect(inNetworks([], '8.8.8.8')).toBe(true);
    expect(inNetworks(ranges, 'not-an-address')).toBe(false);
  });

  it('gate starting and resuming from the address the server sees, not saves or the hand-in once started', async () => {
    const a = await assign({ allowedNetworks: ['10.1.2.0/24', '2001:db8::/48'] });
    const id = (await latestAttempt('甲', a.id)).attempt.id;
    const from = (remoteAddress: string, method: 'GET' | 'POST', url: string, body?: object) =>
      t.as(tokens.甲!, {
        method,
        url: `/api/jd/pc/paper_student_question/${url}`,
        remoteAddress,
        ...(method === 'GET' ? { query: { paperStudentId: id } } : { payload: body }),
        headers: { 'accept-language': 'zh' },
      });
    const outside = await from('203.0.113.5', 'GET', 'exam_paper');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('此考试只能在老师指定的网络（如学校机房）中开始或继续作答');
    expect(outside.body).not.toContain('10.1.2');
    expect((await from('203.0.113.5', 'POST', 'start', { paperStudentId: id })).statusCode).toBe(403);
    expect((await latestAttempt('甲', a.id)).attempt.state).toBe('not_started');

    const inside = await from('2001:db8::7', 'GET', 'exam_paper');
    expect(inside.statusCode, inside.body).toBe(200);
    const paper: ExamPaper = inside.json().data;
    expect(paper.attempt.state).toBe('in_progress');
    // Resuming from outside is refused; a save from outside is taken (the answers are not lost) …
    expect((await from('203.0.113.5', 'GET', 'exam_paper')).statusCode).toBe(403);
    const judge = paper.sections.flatMap((s) => s.questions).find((q) => q.type === 'judge')!;
    const answers = [{ questionId: judge.id, answer: 'T', seq: 1 }];
    expect((await from('203.0.113.5', 'POST', 'save_answers', { paperStudentId: id, answers })).statusCode).toBe(200);
    // … and so is the hand-in.
    const handed = await from('203.0.113.5', 'POST', 'submit_exam', { paperStudentId: id, answers });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await from('::ffff:10.1.2.9', 'GET', 'exam_paper')).statusCode).toBe(200);
  });
});

describe('the grading method', () => {
  it('chooses one of several attempts for 成绩分析 and for what the student sees once released', async () => {
    const a = await assign();
    // 乙: 1st judge only = 1, 2nd all right = 3, 3rd single only = 2.
    await sit('乙', a.id, { single: false, judge: true });
    await data(await call(tokens.乙!, 'POST', `paper_student/retry/${a.id}`));
    await sit('乙', a.id, { single: true, judge: true });
    await data(await call(tokens.乙!, 'POST', `paper_student/retry/${a.id}`));
    await sit('乙', a.id, { single: true, judge: false });
    // 丙: once, 2.
    await sit('丙', a.id, { single: true, judge: false });
    const before = await latestAttempt('乙', a.id);
    expect(before).toMatchObject({ gradingMethod: 'highest', finalScore: null });
    await data(await call(wang, 'POST', `paper_teacher/release/${a.id}`));

    const expected = { highest: 3, last: 2, first: 1, average: 2 } as const;
    for (const [method, score] of Object.entries(expected)) {
      await data(await call(wang, 'POST', 'paper_teacher/submit', { payload: { id: a.id, gradingMethod: method } }));
      const page = await data(await call(wang, 'GET', `paper_teacher/results/${a.id}/students`));
      const line = (name: string) => page.records.find((r: ResultStudent) => r.studentName === `学生${name}`);
      expect([method, line('乙').score], method).toEqual([method, score]);
      expect(line('丙').score).toBe(2);
      const results = await data(await call(wang, 'GET', `paper_teacher/results/${a.id}`));
      expect(results.summary.mean, method).toBeCloseTo((score + 2) / 2, 5);
      expect(await latestAttempt('乙', a.id)).toMatchObject({ gradingMethod: method, finalScore: score });
    }
  });

  it('averages to two places and counts submitted attempts only', () => {
    const tries = [
      { attemptNo: 1, state: 'marked', score: '1' },
      { attemptNo: 2, state: 'marked', score: 2 },
      { attemptNo: 3, state: 'marked', score: '2' },
      { attemptNo: 4, state: 'in_progress', score: null },
    ];
    expect(countedScore('average', tries)).toBe(1.67);
    expect(countedScore('last', tries)).toBe(2);
    expect(countedScore('first', tries)).toBe(1);
    expect(countedScore('highest', [{ attemptNo: 1, state: 'not_started', score: null }])).toBeNull();
  });
});

describe('blind marking', () => {
  it('hides names and student numbers from markers until the scores are released', async () => {
    const a = await assign({ blindMarking: 1 });
    await sit('甲', a.id, { single: true, judge: true });
    await sit('乙', a.id, { single: false, judge: true });
    const questions = await data(
      await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: a.id } }),
    );
    const single = questions.find((q: { type: string }) => q.type === 'single').id;
    const answers = async () =>
      (
        await data(
          await call(wang, 'GET', 'paper_student_question/answers', {
            query: { paperTeacherQuestionId: single, current: 1, size: 10 },
          }),
        )
      ).records as { studentName: string; studentNo: string; className: string }[];
    const attempts = async () =>
      (await data(await call(wang, 'GET', 'paper_student/list', { query: { paperTeacherId: a.id, size: 50 } })))
        .records as { studentName: string; studentNo: string }[];

    const blind = await answers();
    expect(blind).toHaveLength(2);
    for (const r of blind)
      expect(r).toMatchObject({ studentName: expect.stringMatching(/^#[0-9A-F]{6}$/), studentNo: '' });
    expect(JSON.stringify(blind)).not.toContain('学生');
    const listed = await attempts();
    expect(listed.map((r) => r.studentName).every((n) => /^#[0-9A-F]{6}$/.test(n))).toBe(true);
    // The same student has the same label in both lists.
    expect(new Set(listed.map((r) => r.studentName))).toEqual(
      new Set([...blind.map((r) => r.studentName), ...listed.map((r) => r.studentName)]),
    );
    // 成绩分析 and its export name nobody either, and a name search cannot point at a label.
    const results = async (query: Record<string, string> = {}) =>
      (
        await data(
          await call(wang, 'GET', `paper_teacher/results/${a.id}/students`, {
            query: { current: 1, size: 20, ...query },
          }),
        )
      ).records as ResultStudent[];
    expect((await data(await call(wang, 'GET', `paper_teacher/results/${a.id}`))).assignment.blind).toBe(true);
    // Every student of the classes has a line (丙 did not start).
    const ranked = await results();
    expect(ranked).toHaveLength(3);
    for (const r of ranked) expect(r).toMatchObject({ studentNo: '', className: '', classId: '' });
    expect(new Set(ranked.map((r) => r.studentName))).toEqual(new Set(listed.map((r) => r.studentName)));
    expect(await results({ student: '学生甲' })).toHaveLength(3);
    // Nor can sorting by name or number: the order stays rank, then label.
    const names = (rows: ResultStudent[]) => rows.map((r) => r.studentName);
    expect(names(await results({ ascs: 'studentName' }))).toEqual(names(ranked));
    expect(names(await results({ descs: 'studentNo' }))).toEqual(names(ranked));
    const exported = await call(wang, 'GET', `paper_teacher/results/${a.id}/export`);
    expect(exported.statusCode).toBe(200);
    const sheet = (await new ExcelJS.Workbook().xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer))
      .worksheets[1]!;
    const cells = JSON.stringify(sheet.getSheetValues());
    expect(cells).not.toContain('学生');
    expect(cells).toContain(ranked[0]!.studentName);

    // The student still sees their own name on their attempt.
    const own = await data(await call(tokens.甲!, 'GET', 'paper_student/list', { query: { paperTeacherId: a.id } }));
    expect(own.records[0].studentName).toBe('学生甲');

    await data(await call(wang, 'POST', `paper_teacher/release/${a.id}`));
    expect((await answers()).map((r) => r.studentName).sort()).toEqual(['学生乙', '学生甲']);
    expect((await attempts()).some((r) => r.studentName === '学生丙')).toBe(true);
    expect((await results()).map((r) => r.studentName).sort()).toEqual(['学生丙', '学生乙', '学生甲']);
    expect(await results({ student: '学生甲' })).toHaveLength(1);
  });
});
