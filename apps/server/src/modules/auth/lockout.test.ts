import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { md5 } from '../../core/auth/md5.ts';
import { param, session, user } from '../../db/schema/index.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { BASIC, startTestApp, type TestApp } from '../../test/harness.ts';

// Guessing passwords concurrently must gain an attacker nothing over guessing one at a time.
let t: TestApp;
let viewer: string;
const WRONG = '用户名或密码错误';

function signIn(account: string, plain: string, opts: { address?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: { authorization: BASIC, 'tenant-id': '000000', 'accept-language': opts.lang ?? 'zh-CN' },
    query: { tenantId: '000000', username: account, password: md5(plain), grant_type: 'password', scope: 'all' },
  });
}

const setParam = (key: string, value: string) =>
  t.db.update(param).set({ paramValue: value }).where(eq(param.paramKey, key));

beforeAll(async () => {
  t = await startTestApp();
  viewer = await createRole(t.db, '000000', 'viewer');
});
afterAll(() => t.close());
beforeEach(() => setParam('account.addressFailLimit', '1000'));

describe('account lock under concurrent guesses', () => {
  it('checks at most failCount passwords of 60 concurrent wrong ones plus the right one, and the lock holds', async () => {
    await createUser(t.db, { tenantId: '000000', account: 'burst', password: 'right-pass', roleIds: [viewer] });
    const guesses = [
      ...Array.from({ length: 30 }, () => signIn('burst', 'wrong')),
      signIn('burst', 'right-pass'),
      ...Array.from({ length: 30 }, () => signIn('burst', 'wrong')),
    ];
    const answers = await Promise.all(guesses);
    const said = answers.map((r) => (r.statusCode === 200 ? 'signed in' : r.json().error_description));
    // Five checks at most: four "wrong" answers (the fifth wrong one locks), or the right one among the five.
    expect(said.filter((s) => s === WRONG).length).toBeLessThanOrEqual(4);
    expect(said.filter((s) => s === 'signed in').length).toBeLessThanOrEqual(1);
    expect(said.filter((s) => /^登录错误次数过多/.test(s)).length).toBeGreaterThanOrEqual(56);
    // Whatever happened in the burst, the account is locked now, even for the right password.
    const after = await signIn('burst', 'right-pass');
    expect(after.statusCode).toBe(400);
    expect(after.json().error_description).toMatch(/^登录错误次数过多，请(29|30)分钟后再试$/);
  });

  it('keeps a lock in force when the right password arrives during it', async () => {
    await createUser(t.db, { tenantId: '000000', account: 'held', password: 'right-pass', roleIds: [viewer] });
    for (let i = 0; i < 5; i++) await signIn('held', 'wrong');
    const [before] = await t.db.select().from(user).where(eq(user.account, 'held'));
    expect(before!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    for (let i = 0; i < 3; i++) expect((await signIn('held', 'right-pass')).statusCode).toBe(400);
    const [after] = await t.db.select().from(user).where(eq(user.account, 'held'));
    expect(after!.lockedUntil).toEqual(before!.lockedUntil);
    // Once it has run out, the right password works and starts the count afresh.
    await t.db
      .update(user)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(user.account, 'held'));
    expect((await signIn('held', 'right-pass')).statusCode).toBe(200);
    const [fresh] = await t.db.select().from(user).where(eq(user.account, 'held'));
    expect(fresh!.loginFailCount).toBe(0);
  });

  it('counts sequential failures as before: the fifth locks, a success in between starts again', async () => {
    await createUser(t.db, { tenantId: '000000', account: 'seq', password: 'right-pass', roleIds: [viewer] });
    for (let i = 0; i < 4; i++) expect((await signIn('seq', 'wrong')).json().error_description).toBe(WRONG);
    expect((await signIn('seq', 'right-pass')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn('seq', 'wrong')).json().error_description).toBe(WRONG);
    expect((await signIn('seq', 'wrong')).json().error_description).toBe('登录错误次数过多，请30分钟后再试');
  });
});

describe('what a sign-in writes', () => {
  it('opens one session and clears the count; a disabled or roleless account gets no session, its count cleared', async () => {
    const sessionsOf = async (id: string) => (await t.db.select().from(session).where(eq(session.userId, id))).length;
    const failCount = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!.loginFailCount;
    const ok = await createUser(t.db, { tenantId: '000000', account: 'w-ok', password: 'pw-ok', roleIds: [viewer] });
    const off = await createUser(t.db, {
      tenantId: '000000',
      account: 'w-off',
      password: 'pw-off',
      roleIds: [viewer],
      status: 0,
    });
    const bare = await createUser(t.db, { tenantId: '000000', account: 'w-bare', password: 'pw-bare', roleIds: [] });
    for (const [id, account, answer] of [
      [ok, 'w-ok', null],
      [off, 'w-off', '账号已停用，请联系管理员'],
      [bare, 'w-bare', '未获得用户的角色信息'],
    ] as const) {
      await signIn(account, 'wrong');
      expect(await failCount(id)).toBe(1);
      const res = await signIn(account, `pw-${account.slice(2)}`);
      if (answer) expect(res.json().error_description).toBe(answer);
      else expect(res.statusCode).toBe(200);
      expect(await failCount(id)).toBe(0);
      expect(await sessionsOf(id)).toBe(answer ? 0 : 1);
    }
  });
});

describe('per-address limit', () => {
  it('turns an address away with 429 after the limit of failures across accounts, in both languages', async () => {
    await setParam('account.addressFailLimit', '3');
    const address = '198.51.100.7';
    for (const account of ['a1', 'a2', 'a3']) {
      expect((await signIn(account, 'guess', { address })).json().error_description).toBe(WRONG);
    }
    const zh = await signIn('a4', 'guess', { address });
    expect(zh.statusCode).toBe(429);
    expect(zh.json().error_description).toBe('此网络地址登录失败次数过多，请稍后再试（最长15分钟）');
    const en = await signIn('admin', 'admin', { address, lang: 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.json().error_description).toMatch(/Too many failed sign-ins from this network address/);
    // Another address is not affected.
    expect((await signIn('admin', 'admin', { address: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, so a classroom behind one address keeps signing in', async () => {
    await setParam('account.addressFailLimit', '3');
    const address = '198.51.100.9';
    for (let i = 0; i < 10; i++) expect((await signIn('admin', 'admin', { address })).statusCode).toBe(200);
    await signIn('admin', 'typo', { address });
    await signIn('admin', 'typo', { address });
    expect((await signIn('admin', 'admin', { address })).statusCode).toBe(200);
    expect((await signIn('admin', 'typo', { address })).statusCode).toBe(400);
    expect((await signIn('admin', 'admin', { address })).statusCode).toBe(429);
  });

  it('lets a class behind one address sign in all at once, however many there are', async () => {
    await setParam('account.addressFailLimit', '3');
    const address = '198.51.100.11';
    const accounts = Array.from({ length: 12 }, (_, i) => `lab${i}`);
    for (const account of accounts)
      await createUser(t.db, { tenantId: '000000', account, password: 'lab-pass', roleIds: [viewer] });
    const answers = await Promise.all(accounts.map((account) => signIn(account, 'lab-pass', { address })));
    expect(answers.map((r) => r.statusCode)).toEqual(accounts.map(() => 200));
  });

  it('answers 429 to the right password too once guesses from its address reached the limit', async () => {
    await setParam('account.addressFailLimit', '3');
    const address = '198.51.100.12';
    await createUser(t.db, { tenantId: '000000', account: 'raced', password: 'right-pass', roleIds: [viewer] });
    const guesses = Array.from({ length: 12 }, (_, i) => signIn(`nobody${i}`, 'guess', { address }));
    await Promise.all(guesses);
    expect((await signIn('raced', 'right-pass', { address })).statusCode).toBe(429);
  });

  it('holds under concurrent requests: exactly the limit get through', async () => {
    await setParam('account.addressFailLimit', '5');
    const address = '198.51.100.10';
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(`spray${i}`, 'guess', { address })));
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
  });
});
