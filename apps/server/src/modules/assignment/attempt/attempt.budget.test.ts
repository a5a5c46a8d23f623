import type { ExamPaper, ExamQuestion } from '@shixun/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_PER_SECOND, BUDGET_TOKENS, SaveBudget, saveCost } from '../../../core/http/save-budget.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';

/**
 * The budget of save_answers and submit_exam (attempt.budget.ts) on the real app and database: limits answered with
 * 413 naming them, a flooding student answered 429 before their bodies are parsed, and another student's saves made
 * during the flood all acknowledged and kept.
 */
let t: TestApp;
const T = '590001';
/** wang assigns; flood floods; calm saves during the flood; s3 tries the limits. */
let wang: string;
let flood: string;
let calm: string;
let s3: string;

const call = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.as(token, {
    method: 'POST',
    url: `/api/jd/pc/paper_student_question/${url}`,
    payload: payload as string,
    headers: { 'accept-language': 'zh', 'content-type': 'application/json', ...headers },
  });
const data = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The student's attempt, opened (started), with its questions by type. */
async function open(token: string) {
  const [m] = data(await t.as(token, { method: 'GET', url: '/api/jd/pc/paper_student/my' })) as {
    attempt: { id: string };
  }[];
  const attempt = m!.attempt.id;
  const paper = data(
    await t.as(token, {
      method: 'GET',
      url: '/api/jd/pc/paper_student_question/exam_paper',
      query: { paperStudentId: attempt },
    }),
  ) as ExamPaper;
  const q = Object.fromEntries(
    paper.sections.flatMap((s) => s.questions).map((x): [string, ExamQuestion] => [x.type, x]),
  );
  return { attempt, short: q.short!.id, fill: q.fill!.id };
}

async function saved(token: string, attempt: string) {
  const paper = data(
    await t.as(token, {
      method: 'GET',
      url: '/api/jd/pc/paper_student_question/exam_paper',
      query: { paperStudentId: attempt },
    }),
  ) as ExamPaper;
  return paper.answers;
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  const org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, { payload: { teacherId: wangId, selectedRelas: [org.class1] } });
  for (const no of ['S001', 'S002', 'S003']) await addStudent(t, admin, org.class1, no, no);
  wang = (await t.login('wang', '123456', T)).access_token;
  const token = async (no: string) => (await t.login(no, '123456', T)).access_token;
  flood = await token('S001');
  calm = await token('S002');
  s3 = await token('S003');

  const teacher = academicApi(t, wang);
  const lib = await t.as(wang, {
    method: 'POST',
    url: '/api/jd/pc/question_lib/submit',
    payload: { name: '机械基础' },
  });
  const libId = data(lib).id as string;
  const question = async (payload: object) =>
    (await teacher.call('POST', 'question/save', { payload: { libId, ...payload } })).id as string;
  const questions = [
    await question({ type: 'short', stem: '<p>简述游标卡尺的读数方法。</p>', answer: '<p>主尺加游标。</p>', score: 5 }),
    await question({ type: 'fill', stem: '<p>H7 是___制</p>', items: [{ content: '基孔' }], score: 2 }),
  ];
  const paperId = (await teacher.call('POST', 'paper/save', { payload: { title: '期中考试', paperType: 'exam' } })).id;
  const titleId = (await teacher.call('POST', 'paper/title/save', { payload: { paperId, name: '一、试题' } })).id;
  await teacher.call('POST', 'paper/title/importQuestion', { payload: { paperId, titleId, questionIds: questions } });
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const res = await t.as(wang, {
    method: 'POST',
    url: '/api/jd/pc/paper_teacher/add_batch',
    payload: { paperId, classIds: [org.class1], openTime: minutes(-1), closeTime: minutes(60) },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

describe('the save budget', () => {
  it('grants a burst, then as many tokens a second as it refills, with the seconds to wait', () => {
    let now = 0;
    const budget = new SaveBudget(() => now);
    for (let i = 0; i < BUDGET_TOKENS; i++) expect(budget.take('a', 1)).toBe(0);
    expect(budget.take('a', 1)).toBe(1);
    expect(budget.take('b', 1)).toBe(0); // every student has their own
    now += 1000;
    for (let i = 0; i < BUDGET_PER_SECOND; i++) expect(budget.take('a', 1)).toBe(0);
    expect(budget.take('a', 1)).toBe(1);
    expect(budget.take('a', 9)).toBe(Math.ceil(9 / BUDGET_PER_SECOND));
    // Idle long enough, the bucket is full again (and forgotten in the meantime).
    now += 3_600_000;
    expect(budget.take('a', BUDGET_TOKENS)).toBe(0);
  });

  it('charges a save by its size: one token per started 32 kB, the largest allowed when the size is unknown', () => {
    expect(saveCost('200')).toBe(1);
    expect(saveCost(String(32 * 1024))).toBe(2);
    expect(saveCost(String(512 * 1024))).toBe(17);
    expect(saveCost(undefined)).toBe(17);
  });
});

describe('save_answers and submit_exam limits', () => {
  it('refuses an answer over its limit with 413 naming the limit, in the caller’s language; at the limit it is saved', async () => {
    const { attempt, short, fill } = await open(s3);
    const save = (answers: object[], lang = 'zh') =>
      call(s3, 'save_answers', { paperStudentId: attempt, answers }, { 'accept-language': lang });
    const long = await save([{ questionId: short, answer: '字'.repeat(20_001), seq: 1 }]);
    expect(long.statusCode).toBe(413);
    expect(long.json()).toMatchObject({
      code: 413,
      success: false,
      msg: '答案太长，未能保存：每题的文字答案最多 20000 个字，每个填空或文件链接最多 2000 个字',
    });
    const blank = await save([{ questionId: fill, answer: ['x'.repeat(2001)], seq: 1 }], 'en');
    expect(blank.statusCode).toBe(413);
    expect(blank.json().msg).toBe(
      'An answer is too long and was not saved: a written answer may have at most 20000 characters, each blank or file link 2000',
    );
    // Nothing of a refused save is written; answers at the limits are taken.
    expect(await saved(s3, attempt)).toEqual({});
    data(
      await save([
        { questionId: short, answer: '字'.repeat(20_000), seq: 2 },
        { questionId: fill, answer: ['x'.repeat(2000)], seq: 2 },
      ]),
    );
    expect((await saved(s3, attempt))[short]).toMatchObject({ seq: 2 });
    // The hand-in refuses the same way and leaves the attempt open.
    const submit = await call(s3, 'submit_exam', {
      paperStudentId: attempt,
      answers: [{ questionId: short, answer: '字'.repeat(20_001), seq: 3 }],
    });
    expect(submit.statusCode).toBe(413);
    const my = data(await t.as(s3, { method: 'GET', url: '/api/jd/pc/paper_student/my' })) as {
      attempt: { state: string };
    }[];
    expect(my[0]!.attempt.state).toBe('in_progress');
  });

  it('refuses a body over 512 kB before parsing it (not even JSON), naming the limit', async () => {
    const { attempt } = await open(s3);
    for (const url of ['save_answers', 'submit_exam']) {
      const res = await call(s3, url, `{"paperStudentId":"${attempt}","answers":[${'x'.repeat(600 * 1024)}`);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 413, msg: '请求内容过大：不能超过 512 KB' });
      // The rest of such a body is not read: the connection closes after the answer.
      expect(res.headers.connection).toBe('close');
    }
  });

  it('answers a flooding student 429 with Retry-After before reading their bodies; another student saving meanwhile loses nothing', async () => {
    const f = await open(flood);
    const c = await open(calm);
    const statuses: number[] = [];
    const retryAfter = new Set<string>();
    const messages = new Set<string>();
    const started = performance.now();
    // Every fourth save is a megabyte (over the body limit); the rest are small and valid.
    const megabyte = JSON.stringify({
      paperStudentId: f.attempt,
      answers: [{ questionId: f.short, answer: '满'.repeat(350_000), seq: 1 }],
    });
    const flooding = async (k: number) => {
      const body =
        k % 4 === 0
          ? megabyte
          : { paperStudentId: f.attempt, answers: [{ questionId: f.short, answer: `第${k}次`, seq: k + 1 }] };
      const res = await call(flood, 'save_answers', body);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter.add(String(res.headers['retry-after']));
        messages.add(res.json().msg);
      }
    };
    const calmAcked: number[] = [];
    const calmSaves = async () => {
      for (let seq = 1; seq <= 20; seq++) {
        const res = await call(calm, 'save_answers', {
          paperStudentId: c.attempt,
          answers: [{ questionId: c.short, answer: `冷静作答 ${seq}`, seq }],
        });
        calmAcked.push(...(data(res).acked as { seq: number }[]).map((a) => a.seq));
      }
    };
    // All at once: refusals are answered a second late, so a flood that waits for its answers gets nowhere fast.
    const floodAll = () => Promise.all(Array.from({ length: 300 }, (_, i) => flooding(i)));
    await Promise.all([floodAll(), calmSaves()]);
    const seconds = (performance.now() - started) / 1000;

    // The flood: oversized saves 413 while it had tokens, then everything 429 with the seconds to wait.
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => ![200, 413, 429].includes(s))).toEqual([]);
    expect(statuses.filter((s) => s === 413).length).toBeGreaterThan(0);
    const granted = statuses.filter((s) => s !== 429).length;
    expect(granted).toBeLessThanOrEqual(BUDGET_TOKENS + Math.ceil(seconds * BUDGET_PER_SECOND));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
    expect([...retryAfter].every((s) => Number(s) >= 1)).toBe(true);
    expect([...messages].every((m) => /^保存太频繁，请 \d+ 秒后再试$/.test(m))).toBe(true);

    // Over budget, a body is refused unread: invalid JSON is 400 while tokens refilled meanwhile last, then 429.
    let unread = await call(flood, 'save_answers', '{not json', { 'accept-language': 'en' });
    for (let i = 0; i < BUDGET_TOKENS && unread.statusCode === 400; i++)
      unread = await call(flood, 'save_answers', '{not json', { 'accept-language': 'en' });
    expect(unread.statusCode).toBe(429);
    expect(unread.headers.connection).not.toBe('close'); // a small body is drained, the connection kept
    expect(unread.json().msg).toMatch(/^Too many saves; try again in \d+ s$/);

    // The other student: every save acknowledged, the last one kept.
    expect(calmAcked).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await saved(calm, c.attempt))[c.short]).toEqual({ answer: '冷静作答 20', seq: 20, flagged: 0 });
  });
});
