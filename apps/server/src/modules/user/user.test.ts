import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { newId } from '../../core/db/ids.ts';
import { dept, param, post, tenant } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { BASIC, secretKeys, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let adminRole: string;
let narrowRole: string;
let otherRole: string;
let deptId: string;
let postId: string;
const base = '/api/blade-user';
const USER_CODES = ['user_view', 'user_add', 'user_edit', 'user_delete', 'user_role', 'user_reset'];

const post_ = (token: string, url: string, payload?: object, query?: Record<string, string>) =>
  t.as(token, { method: 'POST', url: `${base}/${url}`, payload, query });
const newUser = (extra: object = {}) => ({
  account: `u${Math.random().toString(36).slice(2, 9)}`,
  password: md5('first-pw'),
  name: '小王',
  realName: '王小明',
  roleIds: [narrowRole],
  ...extra,
});
const signIn = (account: string, plain: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, 'tenant-id': '800001' },
    query: { tenantId: '800001', username: account, password: md5(plain), grant_type: 'password' },
  });

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, '800001');
  adminRole = await createRole(t.db, '800001', 'admin', ['system', 'post', 'post_view', ...USER_CODES]);
  narrowRole = await createRole(t.db, '800001', 'staff', ['post_view']);
  await createUser(t.db, { tenantId: '800001', account: 'admin', password: 'tenant-pw', roleIds: [adminRole] });
  admin = (await t.login('admin', 'tenant-pw', '800001')).access_token;
  await createTenant(t.db, '800002');
  otherRole = await createRole(t.db, '800002', 'admin', USER_CODES);
  deptId = newId();
  await t.db.insert(dept).values({ id: deptId, tenantId: '800001', deptName: '机电系' });
  postId = newId();
  await t.db.insert(post).values({ id: postId, tenantId: '800001', postCode: 'T', postName: '教师' });
});
afterAll(() => t.close());

describe('user administration', () => {
  it('creates a user who can sign in, shown with role, dept and post names and never a hash', async () => {
    const res = await post_(admin, 'submit', newUser({ account: 'wangxm', deptId, postId, phone: '13800138000' }));
    expect(res.statusCode).toBe(200);
    const u = res.json().data;
    expect(u).toMatchObject({
      account: 'wangxm',
      roleIds: [narrowRole],
      roleName: 'staff',
      deptName: '机电系',
      postName: '教师',
    });
    expect(secretKeys(res.json())).toEqual([]);
    expect((await signIn('wangxm', 'first-pw')).statusCode).toBe(200);
    const page = await t.as(admin, { method: 'GET', url: `${base}/page`, query: { account: 'wangxm' } });
    expect(page.json().data.records).toEqual([expect.objectContaining({ account: 'wangxm', roleName: 'staff' })]);
    expect(secretKeys(page.json())).toEqual([]);
  });

  it('checks accounts, phones and roles with field messages', async () => {
    await post_(admin, 'submit', newUser({ account: 'dup' }));
    expect((await post_(admin, 'submit', newUser({ account: 'dup' }))).json().msg).toBe('该账号已存在');
    expect((await post_(admin, 'submit', newUser({ phone: '1380013' }))).json().msg).toBe('手机号码长度不为11位');
    expect((await post_(admin, 'submit', newUser({ phone: '23800138000' }))).json().msg).toBe('手机号码格式不正确');
    expect((await post_(admin, 'submit', newUser({ roleIds: [] }))).json().msg).toBe('请选择所属角色');
    expect((await post_(admin, 'submit', newUser({ password: undefined }))).json().msg).toBe('请输入密码');
    expect((await post_(admin, 'submit', newUser({ roleIds: [otherRole] }))).json().msg).toBe('所选角色不存在');
    const otherDept = newId();
    await t.db.insert(dept).values({ id: otherDept, tenantId: '800002', deptName: '别家' });
    expect((await post_(admin, 'submit', newUser({ deptId: otherDept }))).json().msg).toBe('所选部门不存在');
  });

  it('never gives a role with more than the giver holds, by submit or by grant', async () => {
    const strong = await createRole(t.db, '800001', 'strong', ['param', 'param_add']);
    const res = await post_(admin, 'submit', newUser({ roleIds: [strong] }));
    expect(res.statusCode).toBe(403);
    const u = (await post_(admin, 'submit', newUser())).json().data;
    expect((await post_(admin, 'grant', { userIds: [u.id], roleIds: [strong] })).statusCode).toBe(403);
    expect((await post_(admin, 'grant', { userIds: [u.id], roleIds: [adminRole] })).statusCode).toBe(200);
    const detail = await t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id: u.id } });
    expect(detail.json().data.roleIds).toEqual([adminRole]);
  });

  it('submit never changes a password, and disabling a user ends their session at once', async () => {
    const u = (await post_(admin, 'submit', newUser({ account: 'soonoff' }))).json().data;
    const session = (await signIn('soonoff', 'first-pw')).json().access_token;
    await post_(admin, 'submit', { id: u.id, password: md5('hijack'), status: 0 });
    expect((await t.as(session, { method: 'GET', url: `${base}/info` })).statusCode).toBe(401);
    await post_(admin, 'submit', { id: u.id, status: 1 });
    expect((await signIn('soonoff', 'hijack')).statusCode).toBe(400);
    expect((await signIn('soonoff', 'first-pw')).statusCode).toBe(200);
  });

  it('an administrator cannot disable or delete themselves', async () => {
    const me = (await t.as(admin, { method: 'GET', url: `${base}/info` })).json().data;
    expect((await post_(admin, 'submit', { id: me.id, status: 0 })).json().msg).toBe('不能停用或删除自己的账号');
    expect((await post_(admin, 'remove', undefined, { ids: me.id })).json().msg).toBe('不能停用或删除自己的账号');
  });

  it('keeps the tenant account quota', async () => {
    await createTenant(t.db, '800003');
    const r = await createRole(t.db, '800003', 'admin', USER_CODES);
    await createUser(t.db, { tenantId: '800003', account: 'admin', password: 'tenant-pw', roleIds: [r] });
    await t.db.update(tenant).set({ accountNumber: 2 }).where(eq(tenant.tenantId, '800003'));
    const small = (await t.login('admin', 'tenant-pw', '800003')).access_token;
    const one = { account: 'one', password: md5('x'), name: 'a', realName: 'a', roleIds: [r] };
    expect((await post_(small, 'submit', one)).statusCode).toBe(200);
    expect((await post_(small, 'submit', { ...one, account: 'two' })).json().msg).toBe('租户账号数已达上限');
  });

  it("another tenant's users are unknown to grant and reset", async () => {
    const theirs = await createUser(t.db, { tenantId: '800002', account: 'x', password: 'x-pw', roleIds: [otherRole] });
    expect((await post_(admin, 'grant', { userIds: [theirs], roleIds: [narrowRole] })).statusCode).toBe(404);
    expect((await post_(admin, 'reset-password', undefined, { userIds: theirs })).statusCode).toBe(404);
  });

  it('only the platform superuser touches the administrator account', async () => {
    const staffRole = await createRole(t.db, '000000', 'staff', USER_CODES);
    await createUser(t.db, { tenantId: '000000', account: 'staff', password: 'staff-pw', roleIds: [staffRole] });
    const staff = (await t.login('staff', 'staff-pw')).access_token;
    expect((await post_(staff, 'submit', { id: '301', realName: '改' })).statusCode).toBe(403);
    expect((await post_(staff, 'reset-password', undefined, { userIds: '301' })).statusCode).toBe(403);
    expect((await post_(staff, 'remove', undefined, { ids: '301' })).statusCode).toBe(403);
    expect((await post_(staff, 'submit', newUser({ roleIds: ['201'] }))).statusCode).toBe(403);
  });
});

describe('passwords and profile', () => {
  it('reset-password gives a new password once, ends sessions, and honours account.initPassword', async () => {
    const u = (await post_(admin, 'submit', newUser({ account: 'forgetful' }))).json().data;
    const session = (await signIn('forgetful', 'first-pw')).json().access_token;
    const res = await post_(admin, 'reset-password', undefined, { userIds: u.id });
    const [reset] = res.json().data;
    expect(reset).toMatchObject({ userId: u.id, account: 'forgetful' });
    expect(reset.password.length).toBeGreaterThanOrEqual(12);
    expect((await t.as(session, { method: 'GET', url: `${base}/info` })).statusCode).toBe(401);
    expect((await signIn('forgetful', reset.password)).statusCode).toBe(200);

    await t.db
      .insert(param)
      .values({ id: newId(), paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'Start-2026' });
    const again = (await post_(admin, 'reset-password', undefined, { userIds: u.id })).json().data;
    expect(again[0].password).toBe('Start-2026');
    expect((await signIn('forgetful', 'Start-2026')).statusCode).toBe(200);
  });

  it('update-password checks the old one and the match, then ends the other sessions', async () => {
    await post_(admin, 'submit', newUser({ account: 'changer' }));
    const first = (await signIn('changer', 'first-pw')).json().access_token;
    const second = (await signIn('changer', 'first-pw')).json().access_token;
    const call = (q: Record<string, string>) =>
      t.as(first, { method: 'POST', url: `${base}/update-password`, query: q });
    expect((await call({ oldPassword: md5('nope'), newPassword: md5('n1'), newPassword1: md5('n1') })).json().msg).toBe(
      '原密码不正确',
    );
    expect(
      (await call({ oldPassword: md5('first-pw'), newPassword: md5('n1'), newPassword1: md5('n2') })).json().msg,
    ).toBe('两次密码输入不一致');
    expect(
      (await call({ oldPassword: md5('first-pw'), newPassword: md5('new-pw'), newPassword1: md5('new-pw') }))
        .statusCode,
    ).toBe(200);
    expect((await t.as(first, { method: 'GET', url: `${base}/info` })).statusCode).toBe(200);
    expect((await t.as(second, { method: 'GET', url: `${base}/info` })).statusCode).toBe(401);
    expect((await signIn('changer', 'new-pw')).statusCode).toBe(200);
  });

  it('update-info changes only one’s own profile fields', async () => {
    await post_(admin, 'submit', newUser({ account: 'profile' }));
    const me = (await signIn('profile', 'first-pw')).json().access_token;
    const res = await t.as(me, {
      method: 'POST',
      url: `${base}/update-info`,
      payload: {
        realName: '新名字',
        phone: '13900139000',
        roleIds: [adminRole],
        tenantId: '000000',
        status: 0,
        passwordHash: 'x',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      realName: '新名字',
      phone: '13900139000',
      roleIds: [narrowRole],
      tenantId: '800001',
      status: 1,
    });
    expect((await signIn('profile', 'first-pw')).statusCode).toBe(200);
    const bad = await t.as(me, { method: 'POST', url: `${base}/update-info`, payload: { phone: '123' } });
    expect(bad.json().msg).toBe('手机号码长度不为11位');
    const refused = async (payload: object) =>
      (await t.as(me, { method: 'POST', url: `${base}/update-info`, payload })).json();
    // Nobody has to leave a number: an empty phone is saved (and clears the stored one).
    const cleared = await t.as(me, { method: 'POST', url: `${base}/update-info`, payload: { phone: '' } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.phone).toBe('');
    expect((await refused({ phone: '23900139000' })).msg).toBe('手机号码格式不正确');
    for (const avatar of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA']) {
      expect(await refused({ avatar }), avatar).toMatchObject({ code: 400, msg: '头像地址无效，请重新上传' });
    }
    const linked = await t.as(me, {
      method: 'POST',
      url: `${base}/update-info`,
      payload: { avatar: '/files/800001/20261123/a.png' },
    });
    expect(linked.json().data.avatar).toBe('/files/800001/20261123/a.png');
  });

  it('401 and 403 on the extra endpoints', async () => {
    for (const [method, url] of [
      ['GET', 'info'],
      ['POST', 'grant'],
      ['POST', 'reset-password?userIds=1'],
      ['POST', 'update-password'],
      ['POST', 'update-info'],
    ] as const) {
      expect((await t.app.inject({ method, url: `${base}/${url}` })).statusCode, url).toBe(401);
    }
    const teacher = (await post_(admin, 'submit', newUser({ account: 'plain' }))).json().data;
    expect(teacher.roleIds).toEqual([narrowRole]);
    const token = (await signIn('plain', 'first-pw')).json().access_token;
    expect((await t.as(token, { method: 'POST', url: `${base}/grant`, payload: {} })).statusCode).toBe(403);
    expect((await t.as(token, { method: 'POST', url: `${base}/reset-password?userIds=1` })).statusCode).toBe(403);
    expect((await t.as(token, { method: 'GET', url: `${base}/page` })).statusCode).toBe(403);
  });
});
