import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { menu, role, roleMenu, user, userRole } from '../../db/schema/index.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { BASIC, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  PASSWORD_MD5,
  schoolWithClasses,
  teachingTenant,
} from './academic.fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof academicApi>;
let org: Awaited<ReturnType<typeof schoolWithClasses>>;
const T = '530001';

/** The sign-in answer's status: 200, or 400 with the reason. */
async function signIn(account: string, password = '123456') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, 'tenant-id': T },
    query: { tenantId: T, username: account, password: md5(password), grant_type: 'password', scope: 'all' },
  });
  return res.statusCode;
}

async function rolesOf(account: string): Promise<string[]> {
  const rows = await t.db
    .select({ alias: role.roleAlias })
    .from(user)
    .innerJoin(userRole, eq(userRole.userId, user.id))
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(user.tenantId, T), eq(user.account, account), eq(user.isDeleted, 0)));
  return rows.map((r) => r.alias);
}

beforeAll(async () => {
  t = await startTestApp();
  api = academicApi(t, await teachingTenant(t, T));
  org = await schoolWithClasses(t, (await t.login('admin', 'admin-pw', T)).access_token);
});
afterAll(() => t.close());

describe('students are user accounts', () => {
  it('adding one creates an account with the student role that signs in with the student number', async () => {
    const id = await addStudent(t, (await t.login('admin', 'admin-pw', T)).access_token, org.class1, '2024001', '张三');
    expect(await rolesOf('2024001')).toEqual(['student']);
    expect(await signIn('2024001')).toBe(200);
    const row = await api.call('GET', 'student/detail', { query: { id } });
    expect(row).toMatchObject({ account: '2024001', realName: '张三', className: '1班', gradeName: '2024级' });
    expect(JSON.stringify(row)).not.toMatch(/password|hash/i);
  });

  it('disabling, re-enabling and removing the student does the same to the account', async () => {
    const id = await api.submit('student', {
      classId: org.class1,
      studentNo: '2024002',
      account: 'lisi',
      realName: '李四',
      password: PASSWORD_MD5,
    });
    const token = (await t.login('lisi', '123456', T)).access_token;
    await api.call('POST', 'student/submit', { payload: { id, status: 0 } });
    expect(await signIn('lisi')).toBe(400);
    expect((await t.as(token, { method: 'GET', url: '/api/exam/pc/student/mine' })).statusCode).toBe(401);
    await api.call('POST', 'student/submit', { payload: { id, status: 1, realName: '李四四' } });
    expect(await signIn('lisi')).toBe(200);
    const [account] = await t.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, T), eq(user.account, 'lisi')));
    expect(account?.realName).toBe('李四四');
    await api.call('POST', 'student/remove', { query: { ids: id } });
    expect(await signIn('lisi')).toBe(400);
  });

  it('keeps the student number unique per school and the account unique per tenant', async () => {
    const again = await api.raw('POST', 'student/submit', {
      payload: {
        classId: org.class2,
        studentNo: '2024001',
        realName: '重号',
        account: 'other',
        password: PASSWORD_MD5,
      },
    });
    expect(again.json().msg).toBe('学号已存在');
    const taken = await api.raw('POST', 'student/submit', {
      payload: {
        classId: org.class2,
        studentNo: '2024009',
        realName: '重账号',
        account: '2024001',
        password: PASSWORD_MD5,
      },
    });
    expect(taken.json().msg).toBe('该账号已存在');
    const noPassword = await api.raw('POST', 'student/submit', {
      payload: { classId: org.class2, studentNo: '2024010', realName: '无密码' },
    });
    expect(noPassword.json().msg).toBe('请输入密码');
    const grade = await api.raw('POST', 'student/submit', {
      payload: { classId: org.grade, studentNo: '2024011', realName: '年级', password: PASSWORD_MD5 },
    });
    expect(grade.json().msg).toBe('所选班级不存在');
  });

  it('moving class keeps the history, and the class count follows', async () => {
    const id = await api.submit('student', {
      classId: org.class1,
      studentNo: '2024003',
      realName: '王五',
      password: PASSWORD_MD5,
    });
    await api.call('POST', 'student/submit', { payload: { id, classId: org.class3 } });
    const stays = await api.call('GET', 'student/classes', { query: { id } });
    expect(stays.map((s: { className: string; gradeName: string }) => `${s.gradeName}/${s.className}`)).toEqual([
      '2024级/1班',
      '2025级/1班',
    ]);
    const detail = await api.call('GET', 'clazz/detail', { query: { id: org.class3 } });
    expect(detail.studentCount).toBe(1);
    const grade = await api.call('GET', 'clazz/detail', { query: { id: org.grade2 } });
    expect(grade.studentCount).toBe(1);
  });

  it('reset-password gives new passwords once and ends their sessions', async () => {
    const [student] = (await api.call('GET', 'student/page', { query: { studentNo: '2024001' } })).records;
    const token = (await t.login('2024001', '123456', T)).access_token;
    const [reset] = await api.call('POST', 'student/reset-password', { query: { ids: student.id } });
    expect(reset.account).toBe('2024001');
    expect((await t.as(token, { method: 'GET', url: '/api/exam/pc/student/mine' })).statusCode).toBe(401);
    expect(await signIn('2024001', reset.password)).toBe(200);
  });

  it('filters by name, grade and class', async () => {
    const byName = await api.call('GET', 'student/page', { query: { realName: '王' } });
    expect(byName.records.map((r: { studentNo: string }) => r.studentNo)).toEqual(['2024003']);
    expect((await api.call('GET', 'student/page', { query: { gradeId: org.grade } })).total).toBe(1);
    expect((await api.call('GET', 'student/page', { query: { classId: org.class3 } })).total).toBe(1);
  });
});

describe('classes and grades', () => {
  it('a class needs a grade of its school; names are unique among siblings', async () => {
    const noGrade = await api.raw('POST', 'clazz/submit', {
      payload: { category: 2, schoolId: org.schoolId, name: '3班' },
    });
    expect(noGrade.json().msg).toBe('请选择所属年级');
    const twin = await api.raw('POST', 'clazz/submit', {
      payload: { category: 2, schoolId: org.schoolId, parentId: org.grade, name: '1班' },
    });
    expect(twin.json().msg).toBe('同一年级下已有同名的班级');
    const fixed = await api.raw('POST', 'clazz/submit', { payload: { id: org.class1, category: 1 } });
    expect(fixed.statusCode).toBe(400);
  });

  it('a grade with classes, or a class with students, is not removed', async () => {
    const grade = await api.raw('POST', 'clazz/remove', { query: { ids: org.grade2 } });
    expect(grade.json().msg).toBe('2025级下还有班级，不能删除');
    const cls = await api.raw('POST', 'clazz/remove', { query: { ids: org.class3 } });
    expect(cls.json().msg).toBe('1班下还有学生，不能删除');
  });
});

describe('teachers are user accounts', () => {
  it('adding one creates an account with the teacher role; relations decide their classes', async () => {
    const id = await addTeacher(t, (await t.login('admin', 'admin-pw', T)).access_token, 'zhao', '赵老师');
    expect(await rolesOf('zhao')).toEqual(['teacher']);
    const classes = await api.call('PUT', `teacher/relas/${id}`, {
      payload: { teacherId: id, teacherName: '赵老师二', selectedRelas: [org.grade, org.class1] },
    });
    expect([...classes].sort()).toEqual([org.class1, org.class2].sort());
    // The class inside the chosen grade is covered by the grade: one relation is kept.
    expect(await api.call('GET', `teacher/relas/${id}/0`)).toEqual([org.grade]);
    expect(await api.call('GET', `teacher/relas/${id}/${org.schoolId}`)).toEqual([org.grade]);
    const row = await api.call('GET', 'teacher/detail', { query: { id } });
    expect(row).toMatchObject({ realName: '赵老师二', relaNames: ['学校sch / 2024级'] });
    await api.call('PUT', `teacher/name/${id}/${encodeURIComponent('赵老师')}`);
    expect((await api.call('GET', 'teacher/detail', { query: { id } })).realName).toBe('赵老师');
    const mismatch = await api.raw('PUT', `teacher/relas/${id}`, {
      payload: { teacherId: org.class1, selectedRelas: [] },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('a head teacher is not removed until the class has another', async () => {
    const id = await addTeacher(t, (await t.login('admin', 'admin-pw', T)).access_token, 'qian', '钱老师');
    await api.call('POST', 'clazz/submit', { payload: { id: org.class2, headTeacherId: id } });
    expect((await api.call('GET', 'clazz/detail', { query: { id: org.class2 } })).headTeacherName).toBe('钱老师');
    const refused = await api.raw('POST', 'teacher/remove', { query: { ids: id } });
    expect(refused.json().msg).toBe('教师《钱老师》仍是班级《2班》的班主任，请先更换班主任');
    await api.call('POST', 'clazz/submit', { payload: { id: org.class2, headTeacherId: null } });
    await api.call('POST', 'teacher/remove', { query: { ids: id } });
    expect(await signIn('qian')).toBe(400);
  });

  it('teachers are offered to head-teacher pickers by name only, to whoever reads classes', async () => {
    const names = await api.call('GET', 'teacher/select');
    expect(names.map((n: { realName: string }) => n.realName)).toContain('赵老师');
    expect(Object.keys(names[0]).sort()).toEqual(['account', 'id', 'realName', 'userId']);
    const teacherToken = (await t.login('zhao', '123456', T)).access_token;
    expect((await academicApi(t, teacherToken).raw('GET', 'teacher/select')).statusCode).toBe(200);
    expect((await academicApi(t, teacherToken).raw('GET', 'teacher/page')).statusCode).toBe(403);
  });

  it('the tree of the relations dialog holds every school, grade and class', async () => {
    const [school] = await api.call('GET', 'teacher/schools/grades/classes');
    expect(school).toMatchObject({ type: 'school', title: '学校sch' });
    expect(school.children.map((g: { title: string; type: string }) => `${g.type}:${g.title}`)).toEqual([
      'grade:2024级',
      'grade:2025级',
    ]);
  });
});

describe('用户管理 and teaching accounts', () => {
  it('用户管理 refuses to remove a student’s or a teacher’s account alone, naming where to remove them', async () => {
    await addStudent(t, (await t.login('admin', 'admin-pw', T)).access_token, org.class1, '2099009', '备用生');
    await addTeacher(t, (await t.login('admin', 'admin-pw', T)).access_token, 'spare_teacher', '备用老师');
    const clerkRole = await createRole(t.db, T, 'clerk', ['user_view', 'user_delete']);
    await createUser(t.db, { tenantId: T, account: 'clerk', password: 'clerk-pw', roleIds: [clerkRole] });
    const clerk = (await t.login('clerk', 'clerk-pw', T)).access_token;
    const idOf = async (account: string) =>
      (
        await t.db
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, T), eq(user.account, account), eq(user.isDeleted, 0)))
      )[0]!.id;
    const remove = (account: string) =>
      idOf(account).then((id) => t.as(clerk, { method: 'POST', url: '/api/blade-user/remove', query: { ids: id } }));
    const asStudent = await remove('2099009');
    expect(asStudent.statusCode).toBe(400);
    expect(asStudent.json().msg).toBe('账号 2099009 属于学生，请在学生管理中删除该学生（账号随之删除）');
    const asTeacher = await remove('spare_teacher');
    expect(asTeacher.statusCode).toBe(400);
    expect(asTeacher.json().msg).toContain('教师管理');
    expect(await signIn('2099009')).toBe(200);
  });

  it('anyone who may add students hands out the seeded student role, but not menus an administrator added to it', async () => {
    const enrolRole = await createRole(t.db, T, 'enrol', ['student_view', 'student_add', 'clazz_edit']);
    await createUser(t.db, { tenantId: T, account: 'enrol', password: 'enrol-pw', roleIds: [enrolRole] });
    const enrol = (await t.login('enrol', 'enrol-pw', T)).access_token;
    const add = (studentNo: string) =>
      t.as(enrol, {
        method: 'POST',
        url: '/api/exam/pc/student/submit',
        payload: { classId: org.class1, studentNo, realName: '新生', password: PASSWORD_MD5 },
      });
    expect((await add('2099101')).statusCode).toBe(200);

    // The administrator widens the student role with 用户管理's delete button, which the enrolment clerk lacks.
    const [studentRole] = await t.db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.tenantId, T), eq(role.roleAlias, 'student'), eq(role.isDeleted, 0)));
    const [userDelete] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'user_delete'));
    await t.db.insert(roleMenu).values({ roleId: studentRole!.id, menuId: userDelete!.id });
    const refused = await add('2099102');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('学生角色被加了您没有的菜单或按钮');

    await t.db.delete(roleMenu).where(and(eq(roleMenu.roleId, studentRole!.id), eq(roleMenu.menuId, userDelete!.id)));
    expect((await add('2099102')).statusCode).toBe(200);
  });
});
