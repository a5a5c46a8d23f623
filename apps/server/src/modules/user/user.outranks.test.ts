import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// A tenant administrator makes a `helpdesk` role with only 用户管理 + view + reset, and a user `helper` with it.
// Helper must not take over anyone who holds more than helper does (issue: a password reset took over the admin).
let t: TestApp;
let helper: string;
let tenantAdmin: string;
let adminId: string;
let peerId: string;
let helpdeskRole: string;
const TENANT = '820001';
const ADMIN_CODES = ['system', 'user', 'user_view', 'user_add', 'user_edit', 'user_delete', 'user_reset', 'user_role'];
const HELPDESK_CODES = ['system', 'user', 'user_view', 'user_edit', 'user_delete', 'user_reset', 'user_role'];
const base = '/api/blade-user';

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, TENANT);
  const adminRole = await createRole(t.db, TENANT, 'admin', [...ADMIN_CODES, 'role', 'role_view', 'dept']);
  helpdeskRole = await createRole(t.db, TENANT, 'helpdesk', HELPDESK_CODES);
  adminId = await createUser(t.db, { tenantId: TENANT, account: 'admin', password: 'admin-pw', roleIds: [adminRole] });
  await createUser(t.db, { tenantId: TENANT, account: 'helper', password: 'helper-pw', roleIds: [helpdeskRole] });
  peerId = await createUser(t.db, { tenantId: TENANT, account: 'peer', password: 'peer-pw', roleIds: [helpdeskRole] });
  tenantAdmin = (await t.login('admin', 'admin-pw', TENANT)).access_token;
  helper = (await t.login('helper', 'helper-pw', TENANT)).access_token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, extra: object = {}) =>
  t.as(token, { method, url: `${base}/${url}`, headers: { 'accept-language': 'zh-CN' }, ...extra });

describe('nobody acts on a user who holds more than they do', () => {
  it('refuses every call that would act on the tenant administrator, with the reason, and changes nothing', async () => {
    const refusals = [
      call(helper, 'POST', 'reset-password', { query: { userIds: adminId } }),
      call(helper, 'POST', 'update', { payload: { id: adminId, realName: '被改了' } }),
      call(helper, 'POST', 'submit', { payload: { id: adminId, status: 0 } }),
      call(helper, 'POST', 'remove', { query: { ids: adminId } }),
      call(helper, 'POST', 'grant', { payload: { userIds: [adminId], roleIds: [helpdeskRole] } }),
      call(helper, 'POST', 'reset-password', { query: { userIds: `${peerId},${adminId}` } }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().msg).toBe('该用户拥有您没有的权限，您不能重置其密码、修改、停用、删除或重新授权');
    }
    // The administrator still signs in with their own password, keeps their name, status and roles.
    const me = await call(tenantAdmin, 'GET', 'detail', { query: { id: adminId } });
    expect(me.json().data).toMatchObject({ realName: 'admin', status: 1 });
    expect(me.json().data.roleIds).toHaveLength(1);
    expect((await t.login('admin', 'admin-pw', TENANT)).access_token).toBeTruthy();
  });

  it('answers in English too', async () => {
    const res = await t.as(helper, {
      method: 'POST',
      url: `${base}/reset-password`,
      query: { userIds: adminId },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/holds permissions you do not hold/);
  });

  it('lets the helpdesk act on users who hold no more than it does', async () => {
    const reset = await call(helper, 'POST', 'reset-password', { query: { userIds: peerId } });
    expect(reset.statusCode, reset.body).toBe(200);
    const [reset0] = reset.json().data as { password: string }[];
    expect((await t.login('peer', reset0!.password, TENANT)).access_token).toBeTruthy();
    expect((await call(helper, 'POST', 'update', { payload: { id: peerId, realName: '同事' } })).statusCode).toBe(200);
  });

  it('lets the administrator act on the helpdesk, and the platform superuser on anyone', async () => {
    const res = await call(tenantAdmin, 'POST', 'reset-password', { query: { userIds: peerId } });
    expect(res.statusCode).toBe(200);
    const superuser = (await t.login('admin', 'admin')).access_token;
    const victim = await createUser(t.db, { tenantId: '000000', account: 'v1', password: 'v1-pw', roleIds: [] });
    expect((await call(superuser, 'POST', 'reset-password', { query: { userIds: victim } })).statusCode).toBe(200);
  });

  it('keeps 401 without a token and 403 without the button', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${base}/reset-password?userIds=${peerId}` })).statusCode).toBe(
      401,
    );
    const viewer = await createRole(t.db, TENANT, 'viewer', ['user_view']);
    await createUser(t.db, { tenantId: TENANT, account: 'viewer', password: 'viewer-pw', roleIds: [viewer] });
    const v = (await t.login('viewer', 'viewer-pw', TENANT)).access_token;
    expect((await call(v, 'POST', 'reset-password', { query: { userIds: peerId } })).statusCode).toBe(403);
    expect((await call(helper, 'POST', 'reset-password', { query: { userIds: 'x' } })).statusCode).toBe(400);
  });
});

describe('teachers and students', () => {
  it('a teacher resets a student of their class, but not a student who also holds an administrator role', async () => {
    const superuser = (await t.login('admin', 'admin')).access_token;
    const post = async (url: string, payload: object) => {
      const res = await t.as(superuser, { method: 'POST', url: `/api/exam/pc/${url}`, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string; userId: string };
    };
    const school = await post('school/submit', { name: '外语学校', code: 'outrank' });
    const grade = await post('clazz/submit', { category: 1, schoolId: school.id, name: '2026级' });
    const cls = await post('clazz/submit', { category: 2, schoolId: school.id, parentId: grade.id, name: '1班' });
    const teacher = await post('teacher/submit', { account: 'tch', password: md5('tch-pw'), realName: '李老师' });
    const relas = await t.as(superuser, {
      method: 'PUT',
      url: `/api/exam/pc/teacher/relas/${teacher.id}`,
      payload: { teacherId: teacher.id, teacherName: '李老师', selectedRelas: [cls.id] },
    });
    expect(relas.statusCode, relas.body).toBe(200);
    const plain = await post('student/submit', {
      classId: cls.id,
      studentNo: 'S1',
      realName: '甲',
      password: md5('a'),
    });
    const promoted = await post('student/submit', {
      classId: cls.id,
      studentNo: 'S2',
      realName: '乙',
      password: md5('b'),
    });
    const roles = (await t.as(superuser, { method: 'GET', url: '/api/blade-system/role/list' })).json().data;
    const superRole = (roles.records ?? roles).find((r: { roleAlias: string }) => r.roleAlias === 'administrator');
    expect(superRole?.roleAlias).toBe('administrator');
    // The platform administrator also makes the second student an administrator of the platform tenant (a student
    // still: 用户管理 keeps the teaching roles as they are).
    const held = (
      await t.as(superuser, { method: 'GET', url: `${base}/detail`, query: { id: promoted.userId } })
    ).json().data.roleIds as string[];
    const grant = await t.as(superuser, {
      method: 'POST',
      url: `${base}/grant`,
      payload: { userIds: [promoted.userId], roleIds: [...held, superRole!.id] },
    });
    expect(grant.statusCode, grant.body).toBe(200);

    // The school lets its teachers reset their students' passwords (a role with 密码重置 beside 教师).
    const resetter = await createRole(t.db, '000000', 'resetter', ['exam', 'student', 'student_view', 'student_reset']);
    const teacherUser = (
      await t.as(superuser, { method: 'GET', url: '/api/exam/pc/teacher/detail', query: { id: teacher.id } })
    ).json().data.userId as string;
    const roleIds = (await t.as(superuser, { method: 'GET', url: `${base}/detail`, query: { id: teacherUser } })).json()
      .data.roleIds as string[];
    const granted = await t.as(superuser, {
      method: 'POST',
      url: `${base}/grant`,
      payload: { userIds: [teacherUser], roleIds: [...roleIds, resetter] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const tch = (await t.login('tch', 'tch-pw')).access_token;
    const reset = (id: string) =>
      t.as(tch, { method: 'POST', url: '/api/exam/pc/student/reset-password', query: { ids: id } });
    const ok = await reset(plain.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await reset(promoted.id)).statusCode).toBe(403);
  });
});
