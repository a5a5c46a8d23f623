import { flattenPermissions } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { user, userPlatform } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let editor: string;
let adminRole: string;
let narrowRole: string;
let otherAdmin: string;
let theirUser: string;
const base = '/api/blade-user';
const USER_CODES = ['user_view', 'user_add', 'user_edit', 'user_delete', 'user_role', 'user_platform'];

const post_ = (token: string, url: string, payload?: object, query?: Record<string, string>) =>
  t.as(token, { method: 'POST', url: `${base}/${url}`, payload, query });
const get_ = (token: string, url: string, query?: Record<string, string>) =>
  t.as(token, { method: 'GET', url: `${base}/${url}`, query });
const make = async (account: string) =>
  (
    await post_(admin, 'submit', {
      account,
      password: md5('first-pw'),
      name: account,
      realName: account,
      roleIds: [narrowRole],
    })
  ).json().data as { id: string };

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, '810001');
  adminRole = await createRole(t.db, '810001', 'admin', ['system', 'post_view', ...USER_CODES]);
  narrowRole = await createRole(t.db, '810001', 'staff', ['post_view']);
  // The editor holds what the users it edits hold (post_view): nobody edits a user above them.
  const editorRole = await createRole(t.db, '810001', 'editor', ['user_view', 'user_edit', 'post_view']);
  await createUser(t.db, { tenantId: '810001', account: 'admin', password: 'tenant-pw', roleIds: [adminRole] });
  await createUser(t.db, { tenantId: '810001', account: 'editor', password: 'editor-pw', roleIds: [editorRole] });
  admin = (await t.login('admin', 'tenant-pw', '810001')).access_token;
  editor = (await t.login('editor', 'editor-pw', '810001')).access_token;
  await createTenant(t.db, '810002');
  const r = await createRole(t.db, '810002', 'admin', USER_CODES);
  await createUser(t.db, { tenantId: '810002', account: 'admin', password: 'tenant-pw', roleIds: [r] });
  otherAdmin = (await t.login('admin', 'tenant-pw', '810002')).access_token;
  theirUser = await createUser(t.db, { tenantId: '810002', account: 'theirs', password: 'x-pw', roleIds: [r] });
});
afterAll(() => t.close());

describe('update (BladeX admin edit)', () => {
  it('edits an existing user like submit does, and never a password', async () => {
    const u = await make('upd1');
    const res = await post_(admin, 'update', { id: u.id, realName: '新名字', password: md5('hijack') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: u.id, realName: '新名字', roleIds: [narrowRole] });
    expect(secretKeys(res.json())).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      query: { tenantId: '810001', username: 'upd1', password: md5('hijack'), grant_type: 'password' },
    });
    expect(signIn.statusCode).toBe(400);
  });

  it('needs an id and valid fields (400), a token (401) and user_edit (403)', async () => {
    expect((await post_(admin, 'update', { realName: 'x' })).statusCode).toBe(400);
    const u = await make('upd2');
    const bad = await post_(admin, 'update', { id: u.id, phone: '123' });
    expect(bad.json().msg).toBe('手机号码长度不为11位');
    expect((await t.app.inject({ method: 'POST', url: `${base}/update`, payload: { id: u.id } })).statusCode).toBe(401);
    const teacher = (await t.login('upd2', 'first-pw', '810001')).access_token;
    expect((await post_(teacher, 'update', { id: u.id, realName: 'x' })).statusCode).toBe(403);
    // user_edit alone is enough: update never inserts.
    expect((await post_(editor, 'update', { id: u.id, realName: '编辑' })).statusCode).toBe(200);
  });

  it('keeps the submit rules: no escalation, no disabling oneself, superuser holders are the superuser’s', async () => {
    const u = await make('upd3');
    const strong = await createRole(t.db, '810001', 'strong', ['param', 'param_add']);
    expect((await post_(admin, 'update', { id: u.id, roleIds: [strong] })).statusCode).toBe(403);
    const me = (await get_(admin, 'info')).json().data;
    expect((await post_(admin, 'update', { id: me.id, status: 0 })).json().msg).toBe('不能停用或删除自己的账号');
    const staffRole = await createRole(t.db, '000000', 'staff', USER_CODES);
    await createUser(t.db, { tenantId: '000000', account: 'staff', password: 'staff-pw', roleIds: [staffRole] });
    const staff = (await t.login('staff', 'staff-pw')).access_token;
    expect((await post_(staff, 'update', { id: '301', realName: '改' })).statusCode).toBe(403);
  });

  it("cannot reach another tenant's user, and ignores a body tenantId", async () => {
    expect((await post_(admin, 'update', { id: theirUser, realName: 'x' })).statusCode).toBe(404);
    const u = await make('upd4');
    const res = await post_(admin, 'update', { id: u.id, tenantId: '810002', realName: '留下' });
    expect(res.json().data.tenantId).toBe('810001');
  });
});

describe('platform-detail and update-platform (平台配置)', () => {
  it('saves a platform and its JSON extension, shown by platform-detail', async () => {
    const u = await make('plat1');
    const empty = await get_(admin, 'platform-detail', { id: u.id });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ id: u.id, account: 'plat1', userType: 1, userExt: '' });
    expect(secretKeys(empty.json())).toEqual([]);

    const ext = JSON.stringify({ wechat: 'wx-123', theme: 'dark' });
    // Saber sends the three values in the query string.
    const saved = await post_(admin, 'update-platform', undefined, { userId: u.id, userType: '2', userExt: ext });
    expect(saved.statusCode).toBe(200);
    expect((await get_(admin, 'platform-detail', { id: u.id })).json().data).toMatchObject({
      userType: 2,
      userExt: ext,
    });
    // Each platform keeps its own extension; an empty text removes it.
    await post_(admin, 'update-platform', { userId: u.id, userType: 1, userExt: '{"a":1}' });
    expect((await get_(admin, 'platform-detail', { id: u.id })).json().data.userExt).toBe('{"a":1}');
    await post_(admin, 'update-platform', { userId: u.id, userType: 2, userExt: '' });
    const rows = await t.db.select().from(userPlatform).where(eq(userPlatform.userId, u.id));
    expect(rows.map((r) => [r.userType, r.userExt])).toEqual([[1, '{"a":1}']]);
  });

  it('400 on text that is not JSON, too long, or an unknown platform', async () => {
    const u = await make('plat2');
    const call = (payload: object) => post_(admin, 'update-platform', { userId: u.id, ...payload });
    expect((await call({ userType: 1, userExt: '{not json' })).json().msg).toBe('用户拓展信息必须是 JSON 格式');
    expect((await call({ userType: 1, userExt: JSON.stringify({ x: 'a'.repeat(4000) }) })).statusCode).toBe(400);
    expect((await call({ userType: 4, userExt: '{}' })).json().msg).toBe('请选择用户平台');
    expect((await post_(admin, 'update-platform', { userType: 1, userExt: '{}' })).statusCode).toBe(400);
    expect((await get_(admin, 'platform-detail', { id: 'abc' })).statusCode).toBe(400);
  });

  it('401 without a token, 403 without user_platform (user_edit is not enough)', async () => {
    const u = await make('plat3');
    expect((await t.app.inject({ method: 'GET', url: `${base}/platform-detail?id=${u.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${base}/update-platform` })).statusCode).toBe(401);
    expect((await get_(editor, 'platform-detail', { id: u.id })).statusCode).toBe(403);
    expect((await post_(editor, 'update-platform', { userId: u.id, userType: 1, userExt: '{}' })).statusCode).toBe(403);
  });

  it("another tenant's users are 404 to both calls", async () => {
    expect((await get_(admin, 'platform-detail', { id: theirUser })).statusCode).toBe(404);
    const res = await post_(admin, 'update-platform', { userId: theirUser, userType: 1, userExt: '{}' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(userPlatform).where(eq(userPlatform.userId, theirUser));
    expect(row).toBeUndefined();
    expect((await get_(otherAdmin, 'platform-detail', { id: theirUser })).statusCode).toBe(200);
  });
});

describe('status filter', () => {
  it('status=pending lists disabled accounts without a role, not those an administrator disabled', async () => {
    const off = await make('disabled1');
    await post_(admin, 'update', { id: off.id, status: 0 });
    const guest = await createUser(t.db, { tenantId: '810001', account: 'waiting', password: 'w-pw', roleIds: [] });
    await t.db.update(user).set({ status: 0 }).where(eq(user.id, guest));
    const pending = (await get_(admin, 'page', { status: 'pending' })).json().data.records;
    expect(pending.map((u: { account: string }) => u.account)).toEqual(['waiting']);
    const disabled = (await get_(admin, 'page', { status: '0', size: '200' })).json().data.records;
    expect(disabled.map((u: { account: string }) => u.account).sort()).toEqual(['disabled1', 'waiting']);
    expect((await get_(admin, 'page', { status: 'soon' })).statusCode).toBe(400);
  });
});

describe('seeded buttons', () => {
  it('a new tenant’s administrator gets 平台配置, 导入 and 导出', async () => {
    const platform = (await t.login('admin', 'admin')).access_token;
    const created = await t.as(platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '按钮学校' },
    });
    const tenant = created.json().data;
    const session = await t.login('admin', tenant.oneTime.password, tenant.tenantId);
    const buttons = flattenPermissions(
      (await t.as(session.access_token, { method: 'GET', url: '/api/blade-system/menu/buttons' })).json().data,
    );
    expect(buttons).toMatchObject({ user_platform: true, user_import: true, user_export: true });
  });
});
