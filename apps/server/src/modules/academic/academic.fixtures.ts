import { crudPermissions } from '@shixun/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/harness.ts';
import { ACADEMIC_ADMIN_PAGES } from './academic.menus.ts';
import { provisionTeaching } from './teaching-roles.ts';

/** md5('123456'), as a client sends a password. */
export const PASSWORD_MD5 = 'e10adc3949ba59abbe56e057f20f883e';

/** Every code of the 教务 (academic affairs) pages: what a school administrator holds. */
export const ACADEMIC_ADMIN_CODES = [
  ...ACADEMIC_ADMIN_PAGES.flatMap((p) => Object.values(crudPermissions(p))),
  'clazz_qrcode',
  'student_import',
  'student_export',
  'student_reset',
  'teacher_import',
  'teacher_rela',
];

/** A tenant provisioned for teaching (roles, question types) with an administrator holding the 教务 pages. */
export async function teachingTenant(t: TestApp, tenantId: string): Promise<string> {
  await createTenant(t.db, tenantId);
  await provisionTeaching(t.db, tenantId);
  const role = await createRole(t.db, tenantId, 'admin', ACADEMIC_ADMIN_CODES);
  await createUser(t.db, { tenantId, account: 'admin', password: 'admin-pw', roleIds: [role] });
  return (await t.login('admin', 'admin-pw', tenantId)).access_token;
}

/** Calls `/api/exam/pc/<path>` as `token` and expects a 200; returns `data`. */
export function academicApi(t: TestApp, token: string) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    opts: { query?: Record<string, string>; payload?: object } = {},
  ) => {
    const res = await t.as(token, { method, url: `/api/exam/pc/${path}`, ...opts });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  return {
    call,
    raw: (
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      opts: { query?: Record<string, string>; payload?: object } = {},
    ): Promise<LightMyRequestResponse> => t.as(token, { method, url: `/api/exam/pc/${path}`, ...opts }),
    submit: async (resource: string, payload: object): Promise<string> =>
      (await call('POST', `${resource}/submit`, { payload })).id,
  };
}

/** One school with a grade of two classes (and a second grade with one), made through the API. */
export async function schoolWithClasses(t: TestApp, token: string, code = 'sch') {
  const api = academicApi(t, token);
  const schoolId = await api.submit('school', { name: `学校${code}`, code });
  const grade = await api.submit('clazz', { category: 1, schoolId, name: '2024级' });
  const grade2 = await api.submit('clazz', { category: 1, schoolId, name: '2025级' });
  const class1 = await api.submit('clazz', { category: 2, schoolId, parentId: grade, name: '1班' });
  const class2 = await api.submit('clazz', { category: 2, schoolId, parentId: grade, name: '2班' });
  const class3 = await api.submit('clazz', { category: 2, schoolId, parentId: grade2, name: '1班' });
  return { schoolId, grade, grade2, class1, class2, class3 };
}

/** A student (an account signing in with `account` / 123456) in a class, made through the API. */
export async function addStudent(t: TestApp, token: string, classId: string, studentNo: string, realName = '学生') {
  return academicApi(t, token).submit('student', { classId, studentNo, realName, password: PASSWORD_MD5 });
}

/** A teacher signing in with `account` / 123456. */
export async function addTeacher(t: TestApp, token: string, account: string, realName = '老师') {
  return academicApi(t, token).submit('teacher', { account, realName, password: PASSWORD_MD5 });
}
