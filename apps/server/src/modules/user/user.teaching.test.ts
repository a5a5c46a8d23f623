import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { roleGrants } from '../../core/tenancy/tenant-setup.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import {
  ACADEMIC_ADMIN_CODES,
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
} from '../academic/academic.fixtures.ts';
import { ACADEMIC_ADMIN_PAGES } from '../academic/academic.menus.ts';
import { provisionTeaching } from '../academic/teaching-roles.ts';

let t: TestApp;
let admin: string;
let staffRole: string;
let teacherRole: string;
let studentRole: string;
let teacherUser: string;
let studentUser: string;
const T = '850001';
const base = '/api/blade-user';
const USER_CODES = ['user_view', 'user_add', 'user_edit', 'user_delete', 'user_role', 'user_import'];
const TEACHER_ZH = '教师账号请在 教务管理 → 教师管理 中添加或删除，教师角色不能在用户管理中分配或取消';
const STUDENT_ZH = '学生账号请在 教务管理 → 学生管理 中添加或删除，学生角色不能在用户管理中分配或取消';

const call = (url: string, payload: object, lang = 'zh-CN') =>
  t.as(admin, { method: 'POST', url: `${base}/${url}`, payload, headers: { 'accept-language': lang } });
const rolesOf = async (userId: string) =>
  (await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: userId } })).json().data.roleIds as string[];

/** An import file with the template's header and rows of account, name, real name and role aliases. */
async function importFile(rows: [account: string, roles: string][], covered: boolean) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('用户');
  sheet.addRow(['账号', '昵称', '姓名', '手机号码', '邮箱', '性别', '生日', '角色别名', '部门名称', '岗位编号']);
  for (const [account, roles] of rows) sheet.addRow([account, account, account, '', '', '', '', roles, '', '']);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----shixunteaching';
  return t.as(admin, {
    method: 'POST',
    url: `${base}/import-user`,
    query: { isCovered: covered ? '1' : '0' },
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, T);
  await provisionTeaching(t.db, T);
  // A school administrator holding what the teaching roles hold, so they may act on teachers' and students' accounts.
  const pages = ['exam', 'my_class', ...ACADEMIC_ADMIN_PAGES];
  const adminRole = await createRole(t.db, T, 'admin', [
    ...pages,
    ...ACADEMIC_ADMIN_CODES,
    ...USER_CODES,
    ...roleGrants('teacher'),
    // Holding what students hold lets this administrator act on students (nobody acts on someone who holds more).
    ...roleGrants('student'),
  ]);
  staffRole = await createRole(t.db, T, 'staff');
  await createUser(t.db, { tenantId: T, account: 'admin', password: 'admin-pw', roleIds: [adminRole] });
  admin = (await t.login('admin', 'admin-pw', T)).access_token;

  const api = academicApi(t, admin);
  teacherUser = (await api.call('GET', 'teacher/detail', { query: { id: await addTeacher(t, admin, 'tch') } })).userId;
  const { class1 } = await schoolWithClasses(t, admin);
  studentUser = (await api.call('GET', 'student/detail', { query: { id: await addStudent(t, admin, class1, 'S1') } }))
    .userId;
  teacherRole = (await rolesOf(teacherUser))[0]!;
  studentRole = (await rolesOf(studentUser))[0]!;
});
afterAll(() => t.close());

describe('teaching roles come only with 教师管理 and 学生管理', () => {
  it('submit refuses a new account with a teaching role, naming the page to use, in the caller’s language', async () => {
    const form = { account: 'fake', password: md5('pw-123456'), name: 'x', realName: 'x' };
    const teacher = await call('submit', { ...form, roleIds: [teacherRole, staffRole] });
    expect(teacher.statusCode).toBe(400);
    expect(teacher.json().msg).toBe(TEACHER_ZH);
    const student = await call('submit', { ...form, roleIds: [studentRole] }, 'en');
    expect(student.json().msg).toBe(
      'Add and remove students in Academic affairs → Students: the student role is not given or taken away in Users',
    );
    expect((await call('submit', { ...form, roleIds: [staffRole] })).statusCode).toBe(200);
  });

  it('submit and update keep a teaching role that is sent again, and refuse adding or removing one', async () => {
    const kept = await call('update', { id: teacherUser, phone: '13800138000', roleIds: [teacherRole, staffRole] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await rolesOf(teacherUser)).sort()).toEqual([teacherRole, staffRole].sort());
    expect((await call('submit', { id: teacherUser, realName: '王老师' })).statusCode).toBe(200);

    const removed = await call('update', { id: teacherUser, roleIds: [staffRole] });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe(TEACHER_ZH);
    const added = await call('submit', { id: teacherUser, roleIds: [teacherRole, studentRole] });
    expect(added.json().msg).toBe(STUDENT_ZH);
    expect((await rolesOf(teacherUser)).sort()).toEqual([teacherRole, staffRole].sort());
  });

  it('grant refuses giving or taking a teaching role to any of the users, and keeps one sent again', async () => {
    const staff = await createUser(t.db, { tenantId: T, account: 'staff1', password: 'pw', roleIds: [staffRole] });
    const both = await call('grant', { userIds: [staff, studentUser], roleIds: [staffRole, studentRole] });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json().msg).toBe(STUDENT_ZH);
    expect(await rolesOf(staff)).toEqual([staffRole]);
    expect((await call('grant', { userIds: [studentUser], roleIds: [staffRole] })).json().msg).toBe(STUDENT_ZH);

    const kept = await call('grant', { userIds: [studentUser], roleIds: [studentRole, staffRole] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await rolesOf(studentUser)).sort()).toEqual([studentRole, staffRole].sort());
  });

  it('import refuses rows giving or taking a teaching role, and covers an account that lists the one it holds', async () => {
    const refused = await importFile(
      [
        ['newteacher', 'teacher'],
        ['tch', 'staff'],
      ],
      true,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([
      { row: 2, field: 'roleAliases', message: TEACHER_ZH },
      { row: 3, field: 'roleAliases', message: TEACHER_ZH },
    ]);

    const covered = await importFile([['tch', 'teacher,staff']], true);
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().data).toMatchObject({ inserted: 0, updated: 1 });
    expect((await rolesOf(teacherUser)).sort()).toEqual([teacherRole, staffRole].sort());
  });
});
