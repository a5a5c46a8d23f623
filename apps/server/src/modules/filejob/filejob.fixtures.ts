import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { filejobTeacher } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { multipart, pdf, png } from '../../test/sample-files.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../academic/academic.fixtures.ts';
import { examCalls } from '../assignment/assignment.fixtures.ts';

export { pdf, png };
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/**
 * A school for file homework: 王老师 teaches class 1 (张一 S001, 张二 S002) and class 2 (王三 S003); 李老师 teaches
 * nothing; another tenant has 赵老师 and a student of its own.
 */
export async function filejobSchool(t: TestApp, tenant: string, other: string) {
  const admin = await teachingTenant(t, tenant);
  const org = await schoolWithClasses(t, admin);
  const api = academicApi(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await api.call('PUT', `teacher/relas/${wangId}`, {
    payload: { teacherId: wangId, selectedRelas: [org.class1, org.class2] },
  });
  await addTeacher(t, admin, 'li', '李老师');
  await addStudent(t, admin, org.class1, 'S001', '张一');
  await addStudent(t, admin, org.class1, 'S002', '张二');
  await addStudent(t, admin, org.class2, 'S003', '王三');
  const otherAdmin = await teachingTenant(t, other);
  await addTeacher(t, otherAdmin, 'zhao', '赵老师');
  const otherOrg = await schoolWithClasses(t, otherAdmin, 'o');
  await addStudent(t, otherAdmin, otherOrg.class1, 'S001', '外校学生');
  const login = async (account: string, tenantId = tenant) => (await t.login(account, '123456', tenantId)).access_token;
  return {
    admin,
    org,
    wang: await login('wang'),
    li: await login('li'),
    s1: await login('S001'),
    s2: await login('S002'),
    s3: await login('S003'),
    zhao: await login('zhao', other),
    outsider: await login('S001', other),
  };
}

/** Calls and helpers on the file-homework API. */
export function filejobCalls(app: () => TestApp) {
  const { call, data, refused } = examCalls(app);
  /** A file uploaded by `token` through put-file; its attachment id. */
  async function upload(token: string, name: string, bytes: Buffer): Promise<string> {
    const res = await app().as(token, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...(await multipart(name, bytes)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.attachId;
  }
  async function job(token: string, more: object = {}): Promise<string> {
    return (await data(await call(token, 'POST', 'filejob/submit', { payload: { title: '零件图', ...more } }))).id;
  }
  /** The job given to classes (default class 1, open now for an hour); the records by student number. */
  async function assign(token: string, jobId: string, classIds: string[], more: object = {}) {
    const a = await data(
      await call(token, 'POST', 'filejob_teacher/submit', {
        payload: { jobId, classIds, startTime: minutes(-5), deadline: minutes(60), ...more },
      }),
    );
    const list = await data(
      await call(token, 'GET', 'filejob_student/list', { query: { filejobTeacherId: a.id, size: '100' } }),
    );
    const of = (no: string) => list.records.find((r: { studentNo: string }) => r.studentNo === no)?.id as string;
    return { id: a.id as string, assignment: a, r1: of('S001'), r2: of('S002'), r3: of('S003') };
  }
  const handIn = (token: string, id: string, attachIds: string[], lang = 'zh') =>
    call(token, 'POST', 'filejob_student/submit', {
      payload: { id, files: attachIds.map((attachId) => ({ attachId })) },
      lang,
    });
  /** Moves an assignment's window in the database, to test what happens after its deadline. */
  async function setWindow(id: string, startTime: Date, deadline: Date) {
    await app().db.update(filejobTeacher).set({ startTime, deadline }).where(eq(filejobTeacher.id, id));
  }
  return { call, data, refused, upload, job, assign, handIn, setWindow };
}
