import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { param, tenant, user, userRole } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { BASIC, startTestApp, type TestApp } from '../../test/harness.ts';
import { REGISTER_PER_IP, REGISTER_PER_TENANT } from './user.register.ts';

let t: TestApp;
let admin: string;
let teacherRole: string;
const url = '/api/blade-user/register-guest';
let ipCounter = 0;

/** Each call from its own address unless one is given, so only the throttle test meets the per-address limit. */
function register(
  fields: Record<string, string>,
  opts: { ip?: string; body?: boolean; headers?: Record<string, string> } = {},
) {
  ipCounter += 1;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: { authorization: BASIC, ...opts.headers },
    ...(opts.body ? { payload: fields } : { query: fields }),
  });
}
const guest = (account: string, tenantId = '820001') => ({
  tenantId,
  name: '访客',
  account,
  password: md5('guest-pw'),
});
const signIn = (account: string, plain: string, tenantId = '820001') =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC },
    query: { tenantId, username: account, password: md5(plain), grant_type: 'password' },
  });

beforeAll(async () => {
  t = await startTestApp();
  await createTenant(t.db, '820001');
  const adminRole = await createRole(t.db, '820001', 'admin', ['user_view', 'user_edit', 'user_role']);
  teacherRole = await createRole(t.db, '820001', 'staff', []);
  await createUser(t.db, { tenantId: '820001', account: 'admin', password: 'tenant-pw', roleIds: [adminRole] });
  admin = (await t.login('admin', 'tenant-pw', '820001')).access_token;
});
afterAll(() => t.close());

describe('register-guest', () => {
  it('creates a disabled account without roles that cannot sign in until an administrator approves it', async () => {
    const res = await register(guest('visitor1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const [row] = await t.db.select().from(user).where(eq(user.account, 'visitor1'));
    expect(row).toMatchObject({ tenantId: '820001', status: 0, name: '访客', realName: '访客', oauthId: null });
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, row!.id))).toEqual([]);

    const refused = await signIn('visitor1', 'guest-pw');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('账号已停用，请联系管理员');

    const pending = await t.as(admin, { method: 'GET', url: '/api/blade-user/page', query: { status: 'pending' } });
    expect(pending.json().data.records.map((u: { account: string }) => u.account)).toEqual(['visitor1']);
    const approve = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-user/update',
      payload: { id: row!.id, status: 1, roleIds: [teacherRole] },
    });
    expect(approve.statusCode).toBe(200);
    expect((await signIn('visitor1', 'guest-pw')).statusCode).toBe(200);
  });

  it('reads a JSON body as well as the query string, and answers in English when asked', async () => {
    expect((await register(guest('visitor2'), { body: true })).statusCode).toBe(200);
    const again = await register(guest('visitor2'), { body: true, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('This account already exists');
  });

  it('401 without the client header or with a wrong client secret', async () => {
    const none = await register(guest('visitor3'), { headers: { authorization: '' } });
    expect(none.statusCode).toBe(401);
    const wrong = `Basic ${Buffer.from('saber:wrong').toString('base64')}`;
    expect((await register(guest('visitor3'), { headers: { authorization: wrong } })).statusCode).toBe(401);
    expect(await t.db.select().from(user).where(eq(user.account, 'visitor3'))).toEqual([]);
  });

  it('400 with a message for missing or bad fields, unknown or disabled tenants and taken accounts', async () => {
    const msg = async (fields: Record<string, string>) => (await register(fields)).json().msg;
    expect(await msg({ ...guest('v4'), tenantId: '' })).toBe('请先输入租户ID');
    expect(await msg({ ...guest('v4'), password: 'plain' })).toBe('请输入密码');
    expect(await msg({ ...guest('v4'), account: 'has space' })).toBe('账号只能包含字母、数字以及 _ . @ -');
    expect(await msg({ ...guest('v4'), oauthId: "1' or 1=1" })).toBe('第三方账号格式不正确');
    // A third-party identity is bound only through a ticket the social grant issued (see social.test.ts).
    expect(await msg({ ...guest('v4'), oauthId: '1234567890' })).toBe('第三方登录信息已过期，请重新发起第三方登录');
    expect(await msg(guest('v4', '829999'))).toBe('租户ID未找到');
    await createTenant(t.db, '820002', { status: 0 });
    expect(await msg(guest('v4', '820002'))).toBe('租户已停用，请联系管理员');
    expect(await msg(guest('admin'))).toBe('该账号已存在');
  });

  it('keeps the tenant quota', async () => {
    await createTenant(t.db, '820003');
    await t.db.update(tenant).set({ accountNumber: 1 }).where(eq(tenant.tenantId, '820003'));
    expect((await register(guest('first', '820003'))).statusCode).toBe(200);
    expect((await register(guest('second', '820003'))).json().msg).toBe('租户账号数已达上限');
  });

  it('is refused while account.registerUser is not true', async () => {
    await t.db.update(param).set({ paramValue: 'false' }).where(eq(param.paramKey, 'account.registerUser'));
    try {
      const res = await register(guest('closed1'));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('系统未开放注册');
      expect(await t.db.select().from(user).where(eq(user.account, 'closed1'))).toEqual([]);
    } finally {
      await t.db.update(param).set({ paramValue: 'true' }).where(eq(param.paramKey, 'account.registerUser'));
    }
    expect((await register(guest('closed1'))).statusCode).toBe(200);
  });

  it("a guest is in its own tenant only: another tenant's administrator never sees it", async () => {
    await createTenant(t.db, '820004');
    const r = await createRole(t.db, '820004', 'admin', ['user_view']);
    await createUser(t.db, { tenantId: '820004', account: 'admin', password: 'tenant-pw', roleIds: [r] });
    const other = (await t.login('admin', 'tenant-pw', '820004')).access_token;
    await register(guest('visitor5'));
    const page = await t.as(other, { method: 'GET', url: '/api/blade-user/page', query: { size: '200' } });
    expect(page.json().data.records.map((u: { account: string }) => u.account)).toEqual(['admin']);
  });
});

describe('register-guest throttling', () => {
  it('stops one address after its attempts, whatever their outcome; other addresses go on', async () => {
    for (let i = 0; i < REGISTER_PER_IP; i++) {
      expect((await register({ tenantId: '' }, { ip: '10.99.0.1' })).statusCode).toBe(400);
    }
    const blocked = await register(guest('ipblocked'), { ip: '10.99.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('注册请求过于频繁，请稍后再试');
    expect((await register(guest('ipblocked'), { ip: '10.99.0.2' })).statusCode).toBe(200);
  });

  it('stops a flood of registrations into one tenant, even from many addresses', async () => {
    await createTenant(t.db, '820005');
    for (let i = 0; i < REGISTER_PER_TENANT; i++) {
      expect((await register(guest(`flood${i}`, '820005'))).statusCode).toBe(200);
    }
    const blocked = await register(guest('flood-last', '820005'));
    expect(blocked.statusCode).toBe(429);
    expect((await register(guest('calm', '820001'))).statusCode).toBe(200);
  });
});
