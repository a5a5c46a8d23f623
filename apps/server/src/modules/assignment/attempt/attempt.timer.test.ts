import type { ExamPaper } from '@shixun/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job, paperStudent, paperStudentLog } from '../../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';

/**
 * The exam timer on several server instances (ARCHITECTURE §7): attempts whose time is up are submitted exactly
 * once however many instances sweep at the same moment, and by an instance started after the others stopped.
 * Needs PostgreSQL (PGlite is one process's alone).
 */
let t: TestApp;
const T = '581001';
let teacher: string;
const students: string[] = [];
let classId: string;
let paperId: string;
/** The second instance of the first test. */
let first: Awaited<ReturnType<TestApp['secondApp']>>;

beforeAll(async () => {
  t = await startTestApp();
  if (!process.env.TEST_DATABASE_URL) return;
  const admin = await teachingTenant(t, T);
  const org = await schoolWithClasses(t, admin);
  classId = org.class1;
  const teacherId = await addTeacher(t, admin, 'wang');
  await academicApi(t, admin).call('PUT', `teacher/relas/${teacherId}`, {
    payload: { teacherId, selectedRelas: [classId] },
  });
  teacher = (await t.login('wang', '123456', T)).access_token;
  for (let i = 1; i <= 8; i++) {
    await addStudent(t, admin, classId, `T${i}`);
    students.push((await t.login(`T${i}`, '123456', T)).access_token);
  }
  const post = async (url: string, payload: object) => {
    const res = await t.as(teacher, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const libId = (await post('/api/jd/pc/question_lib/submit', { name: '计时' })).id;
  const q = (await post('/api/exam/pc/question/save', { libId, type: 'judge', stem: '<p>对吗</p>', answer: 'T' })).id;
  paperId = (await post('/api/exam/pc/paper/save', { title: '计时测验', paperType: 'exam', duration: 1 })).id;
  const titleId = (await post('/api/exam/pc/paper/title/save', { paperId, name: '一' })).id;
  await post('/api/exam/pc/paper/title/importQuestion', { paperId, titleId, questionIds: [q] });
});
afterAll(() => t.close());

/** Assigns the paper and has every student open it; answers their attempt ids. */
async function startedAttempts(title: string): Promise<string[]> {
  const res = await t.as(teacher, {
    method: 'POST',
    url: '/api/jd/pc/paper_teacher/add_batch',
    payload: {
      paperId,
      title,
      classIds: [classId],
      openTime: new Date(Date.now() - 60_000).toISOString(),
      closeTime: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids: string[] = [];
  for (const token of students) {
    const mine = (await t.as(token, { method: 'GET', url: '/api/jd/pc/paper_student/my' })).json().data;
    const id = mine.find((m: { title: string }) => m.title === title).attempt.id as string;
    const paper: ExamPaper = (
      await t.as(token, {
        method: 'GET',
        url: '/api/jd/pc/paper_student_question/exam_paper',
        query: { paperStudentId: id },
      })
    ).json().data;
    expect(paper.attempt.state).toBe('in_progress');
    ids.push(id);
  }
  // Their time is up: ends and timers moved into the past.
  const past = new Date(Date.now() - 2 * 60_000);
  await t.db.update(paperStudent).set({ endTime: past }).where(inArray(paperStudent.id, ids));
  await t.db.update(job).set({ runAt: past }).where(inArray(job.key, ids));
  return ids;
}

async function submittedOnce(ids: string[]): Promise<void> {
  // A sweep ends when every due job is done or held by another instance, which may still be finishing it.
  const states = async () => (await t.db.select().from(job).where(inArray(job.key, ids))).map((j) => j.state);
  await expect.poll(states, { timeout: 10_000 }).toEqual(ids.map(() => 'done'));
  const rows = await t.db.select().from(paperStudent).where(inArray(paperStudent.id, ids));
  expect(rows.map((r) => [r.state, r.autoSubmitted])).toEqual(ids.map(() => ['marked', 1]));
  const logs = await t.db.select().from(paperStudentLog).where(inArray(paperStudentLog.paperStudentId, ids));
  expect(logs.filter((l) => l.kind === 'auto_submit')).toHaveLength(ids.length);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the exam timer on several instances', () => {
  it('submits each expired attempt exactly once when two instances sweep at the same moment', async () => {
    const ids = await startedAttempts('两台服务器');
    first = (await t.secondApp())!;
    await Promise.all([t.app.jobs.runDue(), first.jobs.runDue()]);
    await submittedOnce(ids);
  });

  it('leaves no timer behind when its instances stop: one started later submits the attempts', async () => {
    // Every running instance stops (its pending timers stay in the database).
    await t.app.jobs.stop();
    await first?.jobs.stop();
    const ids = await startedAttempts('重启之后');
    const pending = await t.db.select().from(job).where(inArray(job.key, ids));
    expect(pending.every((j) => j.state === 'pending')).toBe(true);
    // A new instance (a restart) finds the timers in the database, not in the memory of the ones before it.
    const restarted = (await t.secondApp())!;
    await restarted.jobs.runDue();
    await submittedOnce(ids);
    const [done] = await t.db.select().from(job).where(eq(job.key, ids[0]!));
    expect(done!.state).toBe('done');
  });
});
