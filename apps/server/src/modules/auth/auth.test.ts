import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { param, session, tenant, user } from '../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../test/fixtures.ts';
import { BASIC, secretKeys, startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const TOKEN_URL = '/api/blade-auth/oauth/token';

function tokenRequest(query: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { authorization: BASIC, 'tenant-id': '000000', ...headers },
    query,
  });
}
const passwordQuery = (username: string, plain: string) => ({
  tenantId: '000000',
  username,
  password: md5(plain),
  grant_type: 'password',
  scope: 'all',
});

beforeAll(async () => {
  t = await startTestApp();
  const viewer = await createRole(t.db, '000000', 'viewer');
  await createUser(t.db, { tenantId: '000000', account: 'teacher', password: 'teacher-pass', roleIds: [viewer] });
  await createUser(t.db, { tenantId: '000000', account: 'locked', password: 'right-pass', roleIds: [viewer] });
  await createUser(t.db, { tenantId: '000000', account: 'off', password: 'off-pass', roleIds: [viewer], status: 0 });
  await createUser(t.db, { tenantId: '000000', account: 'norole', password: 'norole-pass', roleIds: [] });
  await createTenant(t.db, '200001', { expireTime: new Date(Date.now() - 86400000) });
});
afterAll(() => t.close());

describe('oauth/token password grant', () => {
  it('returns the SPEC §3 login response for query-string parameters, as Saber sends them', async () => {
    const res = await tokenRequest(passwordQuery('admin', 'admin'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'access_token',
      'refresh_token',
      'tenant_id',
      'account',
      'user_name',
      'nick_name',
      'role_name',
      'avatar',
      'user_id',
      'oauth_id',
      'token_type',
      'expires_in',
    ]) {
      expect(body).toHaveProperty(key);
    }
    expect(body).toMatchObject({
      tenant_id: '000000',
      account: 'admin',
      role_name: 'administrator',
      token_type: 'bearer',
    });
    expect(typeof body.user_id).toBe('string');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(secretKeys(body)).toEqual([]);
  });

  it('accepts a form body and a JSON body too', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(passwordQuery('admin', 'admin')).toString(),
    });
    expect(form.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: BASIC },
      payload: passwordQuery('admin', 'admin'),
    });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a missing or wrong client with 401 and an error_description', async () => {
    const none = await t.app.inject({ method: 'POST', url: TOKEN_URL, query: passwordQuery('admin', 'admin') });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      code: 401,
      error: 'invalid_client',
      error_description: '请求头中无client信息',
    });
    const wrong = await tokenRequest(passwordQuery('admin', 'admin'), {
      authorization: `Basic ${Buffer.from('saber:guess').toString('base64')}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error_description).toBe('客户端认证失败');
  });

  it('says the same thing for a wrong password and an unknown account, in the caller language', async () => {
    const wrong = await tokenRequest(passwordQuery('admin', 'nope'));
    const unknown = await tokenRequest(passwordQuery('ghost', 'nope'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      error_description: '用户名或密码错误',
      msg: '用户名或密码错误',
    });
    expect(unknown.json().error_description).toBe('用户名或密码错误');
    const en = await tokenRequest(passwordQuery('admin', 'nope'), { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.json().error_description).toBe('Wrong account or password');
  });

  it('rejects a password that is not an md5 hex digest as a wrong password', async () => {
    const res = await tokenRequest({ ...passwordQuery('admin', 'admin'), password: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('用户名或密码错误');
  });

  it('locks the account after 5 failures, even for the right password, until the lock expires', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await tokenRequest(passwordQuery('locked', 'bad'))).json().error_description).toBe('用户名或密码错误');
    }
    const fifth = await tokenRequest(passwordQuery('locked', 'bad'));
    expect(fifth.json().error_description).toBe('登录错误次数过多，请30分钟后再试');
    const right = await tokenRequest(passwordQuery('locked', 'right-pass'));
    expect(right.statusCode).toBe(400);
    expect(right.json().error_description).toMatch(/^登录错误次数过多/);
    await t.db
      .update(user)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(user.account, 'locked'));
    expect((await tokenRequest(passwordQuery('locked', 'right-pass'))).statusCode).toBe(200);
  });

  it('follows the failure limit set in 参数管理', async () => {
    await t.db.update(param).set({ paramValue: '2' }).where(eq(param.paramKey, 'account.failCount'));
    await tokenRequest(passwordQuery('teacher', 'bad'));
    const second = await tokenRequest(passwordQuery('teacher', 'bad'));
    expect(second.json().error_description).toMatch(/^登录错误次数过多/);
    await t.db.update(param).set({ paramValue: '5' }).where(eq(param.paramKey, 'account.failCount'));
    await t.db.update(user).set({ lockedUntil: null }).where(eq(user.account, 'teacher'));
  });

  it('refuses disabled users, users without a role, and unknown or expired tenants', async () => {
    expect((await tokenRequest(passwordQuery('off', 'off-pass'))).json().error_description).toBe(
      '账号已停用，请联系管理员',
    );
    expect((await tokenRequest(passwordQuery('norole', 'norole-pass'))).json().error_description).toBe(
      '未获得用户的角色信息',
    );
    const unknown = await tokenRequest(
      { ...passwordQuery('admin', 'admin'), tenantId: '999999' },
      { 'tenant-id': '999999' },
    );
    expect(unknown.json().error_description).toBe('租户ID未找到');
    const expired = await tokenRequest(
      { ...passwordQuery('admin', 'admin'), tenantId: '200001' },
      { 'tenant-id': '200001' },
    );
    expect(expired.json().error_description).toBe('租户授权已过期，请联系管理员');
  });

  it('answers 400 with a field message for an unsupported grant type', async () => {
    const res = await tokenRequest({ ...passwordQuery('admin', 'admin'), grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('不支持的授权类型');
  });
});

describe('refresh tokens and logout', () => {
  it('rotates the refresh token on every use', async () => {
    const first = await t.login('admin', 'admin');
    const res = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      tenantId: '000000',
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const me = await t.as(second.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(me.statusCode).toBe(200);
  });

  it('treats a quick replay of the previous refresh token as a race, a late one as theft', async () => {
    const first = await t.login('admin', 'admin');
    const rotated = (
      await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token, tenantId: '000000' })
    ).json();
    const race = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(race.statusCode).toBe(400);
    const still = await t.as(rotated.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(still.statusCode).toBe(200);

    // Age the rotation beyond the race window: the stale token now revokes the whole session.
    await t.db.update(session).set({ refreshTime: new Date(Date.now() - 60_000) });
    const theft = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(theft.statusCode).toBe(400);
    expect(theft.json().error_description).toBe('登录已过期，请重新登录');
    const after = await t.as(rotated.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(after.statusCode).toBe(401);
    const newest = await tokenRequest({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
    expect(newest.statusCode).toBe(400);
  });

  it('logout revokes both the access and the refresh token at once', async () => {
    const s = await t.login('admin', 'admin');
    const out = await t.as(s.access_token, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await t.as(s.access_token, { method: 'GET', url: '/api/blade-system/menu/routes' })).statusCode).toBe(401);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: s.refresh_token });
    expect(refresh.statusCode).toBe(400);
  });

  it('disabling a user or their tenant ends their sessions on the next request', async () => {
    const viewer = await createRole(t.db, '000000', 'viewer2');
    await createUser(t.db, { tenantId: '000000', account: 'soon-off', password: 'pw-123456', roleIds: [viewer] });
    const s = await t.login('soon-off', 'pw-123456');
    await t.db.update(user).set({ status: 0 }).where(eq(user.account, 'soon-off'));
    expect((await t.as(s.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(
      401,
    );

    await createTenant(t.db, '200002');
    const r = await createRole(t.db, '200002', 'admin');
    await createUser(t.db, { tenantId: '200002', account: 'admin', password: 'tenant-pass', roleIds: [r] });
    const ts = await t.login('admin', 'tenant-pass', '200002');
    await t.db.update(tenant).set({ status: 0 }).where(eq(tenant.tenantId, '200002'));
    expect((await t.as(ts.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).statusCode).toBe(
      401,
    );
  });
});

describe('access tokens', () => {
  const url = '/api/blade-auth/oauth/user-info';
  const forge = (key: string, claims: Record<string, unknown>, exp: string | number = '1h') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('shixun')
      .setSubject('301')
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key));

  it('401 without a token or with a malformed header', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'GET', url, headers: { 'blade-auth': 'bearer abc.def.ghi' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ code: 401, success: false, data: null, msg: '请求未授权' });
  });

  it('401 for tokens signed with another key, including the published BladeX key', async () => {
    const s = await t.login('admin', 'admin');
    const sid = JSON.parse(Buffer.from(s.access_token.split('.')[1]!, 'base64url').toString()).sid;
    const claims = { tid: '000000', sid, role_name: 'administrator', tenant_id: '000000' };
    const blade = await forge(
      'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
      claims,
    );
    const other = await forge('another-secret-another-secret-another-secret', claims);
    expect((await t.as(blade, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.as(other, { method: 'GET', url })).statusCode).toBe(401);
    // Same claims, our key: accepted — so the 401s above are about the key alone.
    expect((await t.as(await forge(TEST_JWT_SECRET, claims), { method: 'GET', url })).statusCode).toBe(200);
  });

  it('401 for alg none, expired tokens and tokens naming no live session', async () => {
    const s = await t.login('admin', 'admin');
    const payload = JSON.parse(Buffer.from(s.access_token.split('.')[1]!, 'base64url').toString());
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    expect((await t.as(none, { method: 'GET', url })).statusCode).toBe(401);
    const expired = await forge(
      TEST_JWT_SECRET,
      { tid: '000000', sid: payload.sid },
      Math.floor(Date.now() / 1000) - 60,
    );
    expect((await t.as(expired, { method: 'GET', url })).statusCode).toBe(401);
    const noSession = await forge(TEST_JWT_SECRET, { tid: '000000', sid: '123456789' });
    expect((await t.as(noSession, { method: 'GET', url })).statusCode).toBe(401);
    const otherTenant = await forge(TEST_JWT_SECRET, { tid: '200002', sid: payload.sid });
    expect((await t.as(otherTenant, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('user-info describes the caller without any credential', async () => {
    const s = await t.login('admin', 'admin');
    const res = await t.as(s.access_token, { method: 'GET', url });
    expect(res.json().data).toMatchObject({
      account: 'admin',
      tenantId: '000000',
      superuser: true,
      roleAliases: ['administrator'],
    });
    expect(secretKeys(res.json())).toEqual([]);
  });

  it('clear-cache answers a signed-in caller and nobody else (BladeX left it open to anyone)', async () => {
    const clear = '/api/blade-auth/oauth/clear-cache';
    expect((await t.app.inject({ method: 'GET', url: clear })).statusCode).toBe(401);
    const s = await t.login('admin', 'admin');
    const res = await t.as(s.access_token, { method: 'GET', url: clear });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
  });
});

describe('captcha', () => {
  it('is refused while captcha mode is off, and the login page is told so', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).statusCode).toBe(400);
    const opts = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/login-options' });
    expect(opts.json().data).toMatchObject({ captchaMode: false, tenantMode: false, defaultTenantId: '000000' });
  });

  it('when on, is required by every grant, checked case-insensitively, and works once only', async () => {
    await t.db.update(param).set({ paramValue: 'true' }).where(eq(param.paramKey, 'account.captchaMode'));
    try {
      const without = await tokenRequest(passwordQuery('admin', 'admin'));
      expect(without.json().error_description).toBe('请输入验证码');

      const issued = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
      expect(issued.statusCode).toBe(200);
      const { key, image } = issued.json();
      expect(image).toMatch(/^data:image\/png;base64,/);
      const bytes = Buffer.from(image.split(',')[1], 'base64');
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      const answer = (await t.store.take(`captcha:${key}`))!;
      await t.store.set(`captcha:${key}`, answer, 60);

      const ok = await tokenRequest(
        { ...passwordQuery('admin', 'admin'), grant_type: 'captcha' },
        { 'captcha-key': key, 'captcha-code': answer.toUpperCase() },
      );
      expect(ok.statusCode).toBe(200);
      const replay = await tokenRequest(
        { ...passwordQuery('admin', 'admin'), grant_type: 'captcha' },
        { 'captcha-key': key, 'captcha-code': answer },
      );
      expect(replay.json().error_description).toBe('验证码不正确');
    } finally {
      await t.db.update(param).set({ paramValue: 'false' }).where(eq(param.paramKey, 'account.captchaMode'));
    }
  });
});
