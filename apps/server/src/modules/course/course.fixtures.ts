import type { TestApp } from '../../test/harness.ts';
import { multipart, pdf } from '../../test/sample-files.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../academic/academic.fixtures.ts';
import { examCalls } from '../assignment/assignment.fixtures.ts';

/**
 * A school for courses: 王老师 teaches class 1 (张一 S001, 张二 S002) and class 2 (王三 S003); 李老师 teaches
 * nothing; another tenant has 赵老师 and a student of its own.
 */
export async function courseSchool(t: TestApp, tenant: string, other: string) {
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
    s3: await login('S003'),
    zhao: await login('zhao', other),
    outsider: await login('S001', other),
  };
}

/** Calls and helpers on the course API. */
export function courseCalls(app: () => TestApp) {
  const { call, data, refused } = examCalls(app);
  const add = async (token: string, resource: string, payload: object): Promise<string> =>
    (await data(await call(token, 'POST', `${resource}/submit`, { payload }))).id;
  const course = (token: string, more: object = {}) => add(token, 'course', { name: '机械制图', ...more });
  const topic = (token: string, courseId: string, name: string, parentId = '0', more: object = {}) =>
    add(token, 'course_sub', { courseId, name, parentId, ...more });
  /** A PDF uploaded by `token`; its attachment id. */
  async function uploadPdf(token: string): Promise<string> {
    const res = await app().as(token, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...(await multipart('讲义.pdf', pdf())),
    });
    return res.json().data.attachId;
  }
  const paper = (token: string, title = '练习卷') => add(token, 'paper', { title, paperType: 'practice' });
  return { call, data, refused, add, course, topic, uploadPdf, paper };
}

/** Sends requests that must answer exactly alike (an id out of reach and an unknown one). */
export const UNKNOWN = '1234567890123456789';
