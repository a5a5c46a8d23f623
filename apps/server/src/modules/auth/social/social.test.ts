import type { LoginOptions, LoginResponse } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../../core/auth/md5.ts';
import { socialProvider, user, userOauth } from '../../../db/schema/index.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { BASIC, secretKeys, startTestApp, type TestApp } from '../../../test/harness.ts';
import { TestOAuthServer } from '../../../test/oauth-provider.ts';

let t: TestApp;
let idp: TestOAuthServer;
let superuser: string;
let schoolAdmin: string;
let teacherRole: string;
const CALLBACK = 'http://shixun.test/oauth/callback/school';

/** One browser: the cookie the render call set, and the provider's authorize address with its state. */
async function start(tenantId = '460001', source = 'school') {
  const res = await t.app.inject({ method: 'GET', url: `/api/blade-auth/oauth/render/${source}`, query: { tenantId } });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.url as string);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { url, cookie, state: url.searchParams.get('state')! };
}

/** The provider approves and sends the browser back: the code in the callback address. */
async function approve(url: URL): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
  return back.searchParams.get('code')!;
}

function grant(fields: { code: string; state: string; cookie?: string; source?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: BASIC, ...(fields.cookie ? { cookie: fields.cookie } : {}) },
    query: { grant_type: 'social', source: fields.source ?? 'school', code: fields.code, state: fields.state },
  });
}

/** The whole round trip in one browser. */
async function socialSignIn(tenantId = '460001') {
  const browser = await start(tenantId);
  return grant({ code: await approve(browser.url), state: browser.state, cookie: browser.cookie });
}

const register = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-user/register-guest',
    headers: { authorization: BASIC },
    query: fields,
  });

beforeAll(async () => {
  t = await startTestApp();
  idp = await TestOAuthServer.start();
  superuser = (await t.login('admin', 'admin')).access_token;
  for (const tenantId of ['460001', '460002']) await createTenant(t.db, tenantId);
  const adminRole = await createRole(t.db, '460001', 'admin', ['user_view', 'user_edit']);
  teacherRole = await createRole(t.db, '460001', 'staff');
  await createUser(t.db, { tenantId: '460001', account: 'admin', password: 'school-pw', roleIds: [adminRole] });
  schoolAdmin = (await t.login('admin', 'school-pw', '460001')).access_token;
  const res = await t.as(superuser, {
    method: 'POST',
    url: '/api/blade-system/social/submit',
    payload: {
      source: 'school',
      name: '学校统一身份认证',
      preset: 'generic',
      ...idp.endpoints,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectUri: CALLBACK,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

describe('social providers (第三方登录 settings)', () => {
  it('lists enabled providers on the sign-in page and never hands out the client secret', async () => {
    const options = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/login-options' })).json()
      .data as LoginOptions;
    expect(options.socialProviders).toEqual([{ source: 'school', name: '学校统一身份认证', preset: 'generic' }]);
    const list = await t.as(superuser, { method: 'GET', url: '/api/blade-system/social/list' });
    expect(secretKeys(list.json())).toEqual([]);
    expect(list.body).not.toContain(idp.clientSecret);
    const [row] = await t.db.select().from(socialProvider).where(eq(socialProvider.source, 'school'));
    expect(row!.clientSecretEnc).not.toContain(idp.clientSecret);
  });

  it('needs the endpoints of a generic provider; a preset brings its own', async () => {
    const add = (payload: object) =>
      t.as(superuser, { method: 'POST', url: '/api/blade-system/social/submit', payload });
    const base = {
      name: 'Gitee',
      clientId: 'cid',
      clientSecret: 'sec',
      redirectUri: 'https://s.example/oauth/callback/gitee',
    };
    const refused = await add({ ...base, source: 'bare', preset: 'generic' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('通用 OAuth2 需要填写授权地址、令牌地址和用户信息地址');
    expect((await add({ ...base, source: 'gitee', preset: 'gitee' })).statusCode).toBe(200);
    const { url } = await start('460001', 'gitee');
    expect(`${url.origin}${url.pathname}`).toBe('https://gitee.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://s.example/oauth/callback/gitee',
      scope: 'user_info',
    });
  });
});

describe('social grant', () => {
  let ticket: string;

  it('answers a newcomer with no token and a registration ticket', async () => {
    const res = await socialSignIn();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LoginResponse;
    expect(body).toMatchObject({
      user_id: '-1',
      access_token: '',
      account: 'zhangsan',
      nick_name: '张三',
      tenant_id: '460001',
    });
    expect(body.oauth_id).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    ticket = body.oauth_id;
  });

  it('registers the newcomer bound to the identity; they wait for approval, then sign in with it', async () => {
    const form = {
      tenantId: '460001',
      name: '张三',
      account: 'zhangsan',
      password: md5('zhangsan-pw'),
      oauthId: ticket,
    };
    const res = await register(form);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.account, 'zhangsan'));
    expect(row).toMatchObject({ tenantId: '460001', status: 0 });
    const [link] = await t.db.select().from(userOauth).where(eq(userOauth.userId, row!.id));
    expect(link).toMatchObject({
      id: row!.oauthId,
      tenantId: '460001',
      source: 'school',
      uuid: 'u-1001',
      nickname: '张三',
    });
    // The ticket is spent.
    expect((await register({ ...form, account: 'zhangsan2' })).json().msg).toBe(
      '第三方登录信息已过期，请重新发起第三方登录',
    );

    const waiting = await socialSignIn();
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().error_description).toBe('该第三方账号关联的注册申请正在等待管理员审核');

    const approve = await t.as(schoolAdmin, {
      method: 'POST',
      url: '/api/blade-user/update',
      payload: { id: row!.id, status: 1, roleIds: [teacherRole] },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const signedIn = await socialSignIn();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as LoginResponse;
    expect(session).toMatchObject({ user_id: row!.id, account: 'zhangsan', oauth_id: link!.id, role_name: 'staff' });
    const me = await t.as(session.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect(me.json().data).toMatchObject({ account: 'zhangsan', tenantId: '460001' });
  });

  it('keeps tenants apart: the same person starting from another tenant is a newcomer there', async () => {
    const res = await socialSignIn('460002');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_id: '-1', access_token: '', tenant_id: '460002' });
  });

  it('refuses a state it never gave, a state without its browser cookie and a cookie of another browser', async () => {
    const browser = await start();
    const code = await approve(browser.url);
    const msg = async (fields: Parameters<typeof grant>[0]) => {
      const res = await grant(fields);
      expect(res.statusCode).toBe(400);
      return res.json().error_description as string;
    };
    expect(await msg({ code, state: 'made-up-state', cookie: browser.cookie })).toBe(
      '第三方登录已失效，请重新发起登录',
    );
    expect(await msg({ code, state: browser.state })).toBe('第三方登录已失效，请重新发起登录');
    const other = await start();
    const again = await start();
    expect(await msg({ code: await approve(again.url), state: again.state, cookie: other.cookie })).toBe(
      '第三方登录已失效，请重新发起登录',
    );
  });

  it('uses a state once: replaying it fails even with its cookie', async () => {
    const browser = await start();
    expect(
      (await grant({ code: await approve(browser.url), state: browser.state, cookie: browser.cookie })).statusCode,
    ).toBe(200);
    const replay = await grant({ code: await approve(browser.url), state: browser.state, cookie: browser.cookie });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error_description).toBe('第三方登录已失效，请重新发起登录');
  });

  it('refuses an unknown or disabled provider', async () => {
    const unknown = await grant({ code: 'x', state: 'y', source: 'weibo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe('不支持该第三方登录');
    const render = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/weibo' });
    expect(render.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/..%2Fadmin' })).statusCode).toBe(
      400,
    );

    const browser = await start();
    await t.db.update(socialProvider).set({ status: 0 }).where(eq(socialProvider.source, 'school'));
    try {
      const res = await grant({ code: await approve(browser.url), state: browser.state, cookie: browser.cookie });
      expect(res.json().error_description).toBe('不支持该第三方登录');
    } finally {
      await t.db.update(socialProvider).set({ status: 1 }).where(eq(socialProvider.source, 'school'));
    }
  });

  it('400 when the provider refuses the code, names nobody, or the request is malformed', async () => {
    const browser = await start();
    const refused = await grant({ code: 'not-a-code', state: browser.state, cookie: browser.cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('第三方登录失败，请稍后重试');

    const saved = idp.person;
    idp.person = { ...saved, sub: '' };
    try {
      const res = await socialSignIn();
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('第三方平台未返回账号标识，无法登录');
    } finally {
      idp.person = saved;
    }

    const noCode = await grant({ code: '', state: (await start()).state });
    expect(noCode.statusCode).toBe(400);
    const badTenant = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/render/school',
      query: { tenantId: "1' or '1'='1" },
    });
    expect(badTenant.statusCode).toBe(400);
    const noClient = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'social', source: 'school', code: 'x', state: 'y' },
    });
    expect(noClient.statusCode).toBe(401);
  });
});
