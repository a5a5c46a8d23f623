import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role, session, user, userRole } from '../../db/schema/index.ts';
import { createRole, createUser } from '../../test/fixtures.ts';
import { BASIC, startTestApp, type TestApp } from '../../test/harness.ts';
import { md5 } from '../auth/md5.ts';
import { loadPermissions, loadPrincipal, type Principal } from './principal.ts';
import { AUTH_CHANNEL, memoOf, roleSetMemoOf, SessionCache } from './session-cache.ts';

const claims = (sessionId: string, userId = 'u1') => ({ sessionId, userId, tenantId: '000000' });
const principal = (userId: string) =>
  ({ userId, tenantId: '000000', packageId: null, roleIds: [] }) as unknown as Principal;

describe('SessionCache', () => {
  it('loads a session once, until its user or anything wider changes', async () => {
    const cache = new SessionCache();
    let loads = 0;
    const load = (userId: string) => async () => {
      loads++;
      return principal(userId);
    };
    const first = await cache.principal(claims('s1'), load('u1'));
    expect(await cache.principal(claims('s1'), load('u1'))).toBe(first);
    await cache.principal(claims('s2', 'u2'), load('u2'));
    expect(loads).toBe(2);
    cache.changed('user:u2');
    await cache.principal(claims('s1'), load('u1'));
    await cache.principal(claims('s2', 'u2'), load('u2'));
    expect(loads).toBe(3);
    cache.changed('*');
    await cache.principal(claims('s1'), load('u1'));
    cache.changed(null);
    await cache.principal(claims('s1'), load('u1'));
    expect(loads).toBe(5);
  });

  it('does not keep a session that was refused, and never answers for another user', async () => {
    const cache = new SessionCache();
    let loads = 0;
    const refused = async () => {
      loads++;
      return null;
    };
    expect(await cache.principal(claims('s1'), refused)).toBeNull();
    expect(await cache.principal(claims('s1'), refused)).toBeNull();
    expect(loads).toBe(2);
    await cache.principal(claims('s3', 'u1'), async () => principal('u1'));
    expect((await cache.principal(claims('s3', 'u9'), async () => principal('u9')))!.userId).toBe('u9');
  });

  it('derives things once per principal', async () => {
    const p = principal('u1');
    let loads = 0;
    const load = async () => ++loads;
    expect(await memoOf(p, 'k', load)).toBe(1);
    expect(await memoOf(p, 'k', load)).toBe(1);
    expect(await memoOf(principal('u1'), 'k', load)).toBe(2);
  });
});

// Against the real server: the cache follows the database, whichever code path (or none) changed it.
let t: TestApp;
let reader: string;
let readerRole: string;
beforeAll(async () => {
  t = await startTestApp();
  readerRole = await createRole(t.db, '000000', 'reader', ['system', 'param', 'param_view']);
  await createUser(t.db, { tenantId: '000000', account: 'reader', password: 'reader-pw', roleIds: [readerRole] });
  reader = (await t.login('reader', 'reader-pw')).access_token;
});
afterAll(() => t.close());

const params = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/blade-system/param/list', headers: { 'blade-auth': `bearer ${token}` } });
const as = (app: FastifyInstance, token: string, opts: InjectOptions) =>
  app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'blade-auth': `bearer ${token}` } });

describe('the principal', () => {
  const claimsOf = async (token: string) => (await t.tokens.verify(token))!;

  it('is read in one query: the user, the roles in role order, and null once the session is not live', async () => {
    const second = await createRole(t.db, '000000', 'second', ['system', 'param']);
    await t.db.update(role).set({ sort: 9 }).where(eq(role.id, second));
    const first = await createRole(t.db, '000000', 'first');
    const offRole = await createRole(t.db, '000000', 'off-role');
    await t.db.update(role).set({ status: 0 }).where(eq(role.id, offRole));
    const id = await createUser(t.db, {
      tenantId: '000000',
      account: 'roles3',
      password: 'roles3-pw',
      roleIds: [second, first, offRole],
    });
    const claims = await claimsOf((await t.login('roles3', 'roles3-pw')).access_token);
    expect(await loadPrincipal(t.db, claims)).toEqual({
      userId: id,
      tenantId: '000000',
      sessionId: claims.sessionId,
      account: 'roles3',
      deptId: null,
      roleIds: [first, second],
      roleAliases: ['first', 'second'],
      superuser: false,
      packageId: null,
    });
    expect(await loadPrincipal(t.db, { ...claims, userId: '1' })).toBeNull();
    await t.db.delete(userRole).where(eq(userRole.userId, id));
    expect((await loadPrincipal(t.db, claims))?.roleIds).toEqual([]);
    await t.db.update(session).set({ revokedAt: new Date() }).where(eq(session.id, claims.sessionId));
    expect(await loadPrincipal(t.db, claims)).toBeNull();
  });

  it('shares what the roles decide among the sessions of one role set, until something wider changes', async () => {
    const cache = new SessionCache();
    const shared = await createRole(t.db, '000000', 'shared', ['system', 'param', 'param_view']);
    const other = await createRole(t.db, '000000', 'other', ['system', 'param', 'param_view']);
    for (const [account, roleIds] of [
      ['same1', [shared]],
      ['same2', [shared]],
      ['apart', [other]],
    ] as const) {
      await createUser(t.db, { tenantId: '000000', account, password: 'pw-123456', roleIds: [...roleIds] });
    }
    const principalOf = async (account: string) => {
      const claims = await claimsOf((await t.login(account, 'pw-123456')).access_token);
      return (await cache.principal(claims, () => loadPrincipal(t.db, claims)))!;
    };
    const [a, b, c] = [await principalOf('same1'), await principalOf('same2'), await principalOf('apart')];
    const permissions = await loadPermissions(t.db, a);
    expect(permissions.has('param_view')).toBe(true);
    expect(await loadPermissions(t.db, b)).toBe(permissions);
    expect(await loadPermissions(t.db, c)).not.toBe(permissions);
    // Per-principal memos stay per principal.
    expect(await memoOf(b, 'mine', async () => b.userId)).toBe(b.userId);
    expect(await memoOf(a, 'mine', async () => a.userId)).toBe(a.userId);

    // One user's change leaves the role set as it was; anything wider starts it afresh.
    cache.changed(`user:${a.userId}`);
    expect(await loadPermissions(t.db, await principalOf('same1'))).toBe(permissions);
    cache.changed('*');
    const fresh = await principalOf('same1');
    expect(await loadPermissions(t.db, fresh)).not.toBe(permissions);
    expect(await loadPermissions(t.db, await principalOf('same2'))).toBe(await loadPermissions(t.db, fresh));
    // A principal that is not cached (a transaction's) has memos of its own.
    expect(await roleSetMemoOf({ ...fresh, roleSet: undefined }, 'permissions', async () => 'own')).toBe('own');
  });

  it('is loaded once for requests of one session arriving together', async () => {
    const cache = new SessionCache();
    await createUser(t.db, { tenantId: '000000', account: 'together', password: 'pw-123456', roleIds: [readerRole] });
    const claims = await claimsOf((await t.login('together', 'pw-123456')).access_token);
    let loads = 0;
    const load = () => {
      loads++;
      return loadPrincipal(t.db, claims);
    };
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.principal(claims, load)));
    expect(loads).toBe(1);
    expect(new Set(all).size).toBe(1);
  });
});

describe('cached sessions on one instance', () => {
  it('a grant taken away holds from the very next request', async () => {
    const admin = (await t.login('admin', 'admin')).access_token;
    expect((await params(t.app, reader)).statusCode).toBe(200);
    const grant = await t.as(admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: [readerRole], menuIds: [] },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await params(t.app, reader)).statusCode).toBe(403);
  });

  it('a change written straight to the database is followed too (triggers, not code paths)', async () => {
    const id = await createUser(t.db, {
      tenantId: '000000',
      account: 'direct',
      password: 'direct-pw',
      roleIds: [readerRole],
    });
    const token = (await t.login('direct', 'direct-pw')).access_token;
    const info = () => t.as(token, { method: 'GET', url: '/api/blade-user/info' });
    expect((await info()).statusCode).toBe(200);
    await t.db.update(user).set({ status: 0 }).where(eq(user.id, id));
    expect((await info()).statusCode).toBe(401);
  });
});

describe('what tells the instances to forget', () => {
  it('a sign-in, right or wrong, says nothing; a change of the user does', async () => {
    const settle = async () => {
      await t.database.notifications.sync();
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const id = await createUser(t.db, {
      tenantId: '000000',
      account: 'quiet',
      password: 'quiet-pw',
      roleIds: [readerRole],
    });
    // The user's creation notifies too, and may arrive late: heard before listening, never counted.
    await settle();
    const heard: string[] = [];
    await t.database.notifications.listen(AUTH_CHANNEL, (payload) => {
      if (payload?.endsWith(`user:${id}`)) heard.push(payload);
    });
    await t.login('quiet', 'quiet-pw');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC, 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'quiet', password: md5('wrong'), grant_type: 'password', scope: 'all' },
    });
    expect(wrong.statusCode).toBe(400);
    await settle();
    expect(heard).toEqual([]);
    await t.db.update(user).set({ realName: '安静' }).where(eq(user.id, id));
    await settle();
    expect(heard.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('cached sessions on two instances of one PostgreSQL', () => {
  it('logout, a password change and disabling hold on the other instance from its very next request', async () => {
    const b = (await t.secondApp())!;
    const info = (app: FastifyInstance, token: string) =>
      as(app, token, { method: 'GET', url: '/api/blade-user/info' });
    const id = await createUser(t.db, {
      tenantId: '000000',
      account: 'twin',
      password: 'twin-pw',
      roleIds: [readerRole],
    });

    // Signed in twice; both sessions are cached on both instances.
    const first = (await t.login('twin', 'twin-pw')).access_token;
    const second = (await t.login('twin', 'twin-pw')).access_token;
    for (const token of [first, second]) {
      expect((await info(t.app, token)).statusCode).toBe(200);
      expect((await info(b, token)).statusCode).toBe(200);
    }

    // Logging out on A ends the session on B at once.
    expect((await as(t.app, first, { method: 'GET', url: '/api/blade-auth/oauth/logout' })).statusCode).toBe(200);
    expect((await info(b, first)).statusCode).toBe(401);
    expect((await info(b, second)).statusCode).toBe(200);

    // A password changed on B ends the other sessions on A.
    const third = (await t.login('twin', 'twin-pw')).access_token;
    expect((await info(t.app, third)).statusCode).toBe(200);
    const change = await as(b, second, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: { oldPassword: md5('twin-pw'), newPassword: md5('twin-pw-2'), newPassword1: md5('twin-pw-2') },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await info(t.app, third)).statusCode).toBe(401);
    expect((await info(t.app, second)).statusCode).toBe(200);

    // Disabling on A: B refuses the remaining session.
    const admin = (await t.login('admin', 'admin')).access_token;
    const disable = await as(t.app, admin, {
      method: 'POST',
      url: '/api/blade-user/update',
      payload: { id, status: 0 },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await info(b, second)).statusCode).toBe(401);
  });

  it('a grant changed on one instance holds on the other', async () => {
    const b = (await t.secondApp())!;
    const role = await createRole(t.db, '000000', 'reader2', ['system', 'param', 'param_view']);
    await createUser(t.db, { tenantId: '000000', account: 'reader2', password: 'reader2-pw', roleIds: [role] });
    const token = (await t.login('reader2', 'reader2-pw')).access_token;
    expect((await params(b, token)).statusCode).toBe(200);
    const admin = (await t.login('admin', 'admin')).access_token;
    const grant = await as(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: [role], menuIds: [] },
    });
    expect(grant.statusCode).toBe(200);
    expect((await params(b, token)).statusCode).toBe(403);
  });
});
