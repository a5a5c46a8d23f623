import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../../core/auth/md5.ts';
import { client, session } from '../../../db/schema/index.ts';
import { SEED } from '../../../seed/fixed-ids.ts';
import { createRole, createTenant, createUser } from '../../../test/fixtures.ts';
import { secretKeys, startTestApp, type TestApp } from '../../../test/harness.ts';

const base = '/api/blade-system/client';
const TOKEN_URL = '/api/blade-auth/oauth/token';

let t: TestApp;
let admin: string;
let tenantAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('admin', 'admin')).access_token;
  await createTenant(t.db, '420001');
  const role = await createRole(t.db, '420001', 'admin', ['client_view', 'client_add', 'client_edit', 'client_delete']);
  await createUser(t.db, { tenantId: '420001', account: 'admin', password: 'tenant-pw', roleIds: [role] });
  tenantAdmin = (await t.login('admin', 'tenant-pw', '420001')).access_token;
});
afterAll(() => t.close());

const submit = (payload: object, token = admin) => t.as(token, { method: 'POST', url: `${base}/submit`, payload });
const detail = (id: string) => t.as(admin, { method: 'GET', url: `${base}/detail`, query: { id } });
const resetSecret = (id: string, token = admin) =>
  t.as(token, { method: 'POST', url: `${base}/reset-secret`, query: { id } });
const clientId = () => `app_${Math.random().toString(36).slice(2, 10)}`;

/** Sign in as admin through a given client. */
function signIn(id: string, secret: string, query: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'tenant-id': '000000' },
    query: { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', ...query },
  });
}

async function addClient(extra: object = {}) {
  const res = await submit({ clientId: clientId(), authorizedGrantTypes: 'password,refresh_token', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; clientId: string; oneTime: { clientId: string; clientSecret: string } };
}

describe('client secrets', () => {
  it('a generated secret is shown once in the adding answer, works at sign-in, and is never shown again', async () => {
    const created = await addClient();
    expect(created.oneTime.clientId).toBe(created.clientId);
    expect(created.oneTime.clientSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = (await detail(created.id)).json();
    expect(shown.data.oneTime).toBeUndefined();
    expect(secretKeys(shown)).toEqual([]);
    const list = (
      await t.as(admin, { method: 'GET', url: `${base}/list`, query: { clientId: created.clientId } })
    ).json();
    expect(list.data.records).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.oneTime.clientSecret);
    const [stored] = await t.db.select().from(client).where(eq(client.id, created.id));
    expect(stored!.clientSecretHash).toMatch(/^\$argon2id\$/);
    expect(stored!.clientSecretHash).not.toContain(created.oneTime.clientSecret);
    expect((await signIn(created.clientId, created.oneTime.clientSecret)).statusCode).toBe(200);
    expect((await signIn(created.clientId, 'wrong-secret-wrong-secret')).statusCode).toBe(401);
  });

  it('a given secret must be at least 16 characters, and can only be set when adding', async () => {
    const created = await addClient({ clientSecret: 'our-own-secret-16+' });
    expect(created.oneTime.clientSecret).toBe('our-own-secret-16+');
    expect((await signIn(created.clientId, 'our-own-secret-16+')).statusCode).toBe(200);
    const short = await submit({ clientId: clientId(), clientSecret: 'short', authorizedGrantTypes: 'password' });
    expect(short.json().msg).toBe('客户端密钥须为 16 至 128 位不含空格的字母、数字或符号');
    const edit = await submit({ id: created.id, clientSecret: 'another-secret-of-16' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().msg).toBe('客户端密钥只能在新增时设置，之后请使用“重置密钥”');
  });

  it('reset-secret hands out a new secret once; the old one stops working', async () => {
    const created = await addClient();
    const res = await resetSecret(created.id);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.oneTime.clientSecret as string;
    expect(fresh).not.toBe(created.oneTime.clientSecret);
    expect((await signIn(created.clientId, created.oneTime.clientSecret)).statusCode).toBe(401);
    expect((await signIn(created.clientId, fresh)).statusCode).toBe(200);
    expect((await detail(created.id)).json().data.oneTime).toBeUndefined();
  });

  it('reset-secret: 401, 403, 400, 404', async () => {
    const created = await addClient();
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/reset-secret`, query: { id: created.id } })).statusCode,
    ).toBe(401);
    expect((await resetSecret(created.id, tenantAdmin)).statusCode).toBe(403);
    expect((await resetSecret('not-an-id')).statusCode).toBe(400);
    expect((await resetSecret('999999999')).statusCode).toBe(404);
  });
});

describe('client rules', () => {
  it('grant types are limited to the ones we support and stored as one clean list', async () => {
    const bad = await submit({ clientId: clientId(), authorizedGrantTypes: 'password,implicit' });
    expect(bad.json().msg).toBe('授权类型只能是 password、captcha、refresh_token 或 social');
    expect((await submit({ clientId: clientId(), authorizedGrantTypes: '' })).json().msg).toBe('请选择授权类型');
    const created = await addClient({ authorizedGrantTypes: [' password', 'social', 'password'] });
    expect((await detail(created.id)).json().data.authorizedGrantTypes).toBe('password,social');
  });

  it('token validities are whole seconds within bounds, the refresh token outliving the access token', async () => {
    expect(
      (await submit({ clientId: clientId(), authorizedGrantTypes: 'password', accessTokenValidity: 10 })).json().msg,
    ).toBe('访问令牌有效期须为 300 至 86400 之间的整数（秒）');
    expect(
      (
        await submit({ clientId: clientId(), authorizedGrantTypes: 'password', refreshTokenValidity: 99_999_999 })
      ).json().msg,
    ).toBe('刷新令牌有效期须为 3600 至 2592000 之间的整数（秒）');
    const created = await addClient({ accessTokenValidity: 7200, refreshTokenValidity: 7200 });
    expect((await submit({ id: created.id, accessTokenValidity: 7201 })).json().msg).toBe(
      '刷新令牌有效期不能短于访问令牌有效期',
    );
  });

  it('client ids are unique and plain', async () => {
    const created = await addClient();
    expect((await submit({ clientId: created.clientId, authorizedGrantTypes: 'password' })).json().msg).toBe(
      '客户端ID已存在',
    );
    expect((await submit({ clientId: 'has:colon', authorizedGrantTypes: 'password' })).json().msg).toBe(
      '客户端ID只能包含字母、数字、点、下划线和短横线',
    );
  });

  it('the saber client the sign-in page uses can be neither removed, disabled, renamed nor reset', async () => {
    const fixed = '登录页使用的 saber 客户端不能删除、停用、改名或重置密钥';
    const saber = SEED.saberClient;
    expect((await t.as(admin, { method: 'POST', url: `${base}/remove`, query: { ids: saber } })).json().msg).toBe(
      fixed,
    );
    expect((await submit({ id: saber, status: 0 })).json().msg).toBe(fixed);
    expect((await submit({ id: saber, clientId: 'saber2' })).json().msg).toBe(fixed);
    expect((await resetSecret(saber)).json().msg).toBe(fixed);
    expect((await submit({ id: saber, authorizedGrantTypes: 'password,refresh_token' })).json().msg).toBe(
      'saber 客户端须保留 password、captcha 和 refresh_token 授权（登录页要用）',
    );
    expect((await submit({ id: saber, accessTokenValidity: 600 })).json().msg).toBe(
      'saber 客户端的访问令牌有效期不能短于 3600 秒（网页每 3000 秒刷新一次令牌）',
    );
    // What it may change, it can.
    const ok = await submit({
      id: saber,
      refreshTokenValidity: 1_209_600,
      authorizedGrantTypes: 'password,captcha,refresh_token,social',
    });
    expect(ok.json().data).toMatchObject({ clientId: 'saber', refreshTokenValidity: 1_209_600, status: 1 });
    expect((await t.login('admin', 'admin')).access_token).toBeTruthy();
  });
});

describe('oauth/token and the client row', () => {
  it('a disabled client is refused and the sessions opened through it end', async () => {
    const created = await addClient();
    const session1 = (await signIn(created.clientId, created.oneTime.clientSecret)).json();
    const me = () => t.as(session1.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect((await me()).statusCode).toBe(200);
    expect((await submit({ id: created.id, status: 0 })).statusCode).toBe(200);
    const refused = await signIn(created.clientId, created.oneTime.clientSecret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client', error_description: '客户端认证失败' });
    expect((await me()).statusCode).toBe(401);
  });

  it('a removed client is refused and its sessions end', async () => {
    const created = await addClient();
    const session1 = (await signIn(created.clientId, created.oneTime.clientSecret)).json();
    await t.as(admin, { method: 'POST', url: `${base}/remove`, query: { ids: created.id } });
    expect((await signIn(created.clientId, created.oneTime.clientSecret)).statusCode).toBe(401);
    expect(
      (await t.as(session1.access_token, { method: 'GET', url: '/api/blade-auth/oauth/user-info' })).statusCode,
    ).toBe(401);
  });

  it('a grant the client does not list is refused', async () => {
    const created = await addClient({ authorizedGrantTypes: 'password' });
    const first = await signIn(created.clientId, created.oneTime.clientSecret);
    expect(first.statusCode).toBe(200);
    const refresh = await signIn(created.clientId, created.oneTime.clientSecret, {
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error_description).toBe('不支持的授权类型');
    const captchaOnly = await addClient({ authorizedGrantTypes: 'captcha' });
    const password = await signIn(captchaOnly.clientId, captchaOnly.oneTime.clientSecret);
    expect(password.json().error_description).toBe('不支持的授权类型');
  });

  it('access and refresh lifetimes come from the client row', async () => {
    const created = await addClient({ accessTokenValidity: 900, refreshTokenValidity: 7200 });
    const before = Date.now();
    const res = (await signIn(created.clientId, created.oneTime.clientSecret)).json();
    expect(res.expires_in).toBe(900);
    const claims = JSON.parse(Buffer.from(res.access_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
    const [row] = await t.db.select().from(session).where(eq(session.id, claims.sid));
    const refreshLife = (row!.expiresAt.getTime() - before) / 1000;
    expect(refreshLife).toBeGreaterThan(7100);
    expect(refreshLife).toBeLessThan(7300);
  });
});
