import { type LoginResponse, PLATFORM_TENANT_ID, type TokenRequest } from '@shixun/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { loadRoles, type RoleRow, rolesOf, tenantProblem } from '../../core/access/principal.ts';
import { burnVerifyTime, isMd5Hex, verifyPassword } from '../../core/auth/passwords.ts';
import { createSession, type NewSession, newSession, rotateRefreshToken } from '../../core/auth/sessions.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import { prepared, rawRows } from '../../core/db/statements.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { AUTH_SETTING_KEYS, authSettingsOf } from '../../core/settings/params.ts';
import { param, tenant, user } from '../../db/schema/index.ts';
import { checkCaptcha } from './captcha.ts';
import type { ClientApp } from './client-auth.ts';

export interface LoginDeps {
  db: Db;
  tokens: TokenService;
  store: KvStore;
}

export interface RequestMeta {
  tenantHeader: string | undefined;
  captchaKey: string | undefined;
  captchaCode: string | undefined;
  userAgent: string;
  ip: string;
}

export async function usableTenant(db: Db, tenantId: string) {
  const [row] = await db
    .select({ status: tenant.status, expireTime: tenant.expireTime })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
  const problem = tenantProblem(row);
  if (problem) throw badRequest(problem);
}

/**
 * Everything a password sign-in reads, in one query built once: the sign-in settings, the tenant, the account and its
 * roles (a row even when there is no such tenant or account).
 */
const signInQuery = prepared((db) =>
  db
    .select({
      settings: sql<Record<string, string> | null>`(
        select json_object_agg(${param.paramKey}, ${param.paramValue}) from ${param}
         where ${and(inArray(param.paramKey, AUTH_SETTING_KEYS), eq(param.isDeleted, 0))})`,
      tenant: { status: tenant.status, expireTime: tenant.expireTime },
      user,
      roles: rolesOf(user.id, user.tenantId),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(tenant, and(eq(tenant.tenantId, sql.placeholder('tenantId')), eq(tenant.isDeleted, 0)))
    .leftJoin(
      user,
      and(
        eq(user.tenantId, sql.placeholder('tenantId')),
        eq(user.account, sql.placeholder('account')),
        eq(user.isDeleted, 0),
      ),
    )
    .prepare('auth_sign_in'),
);

/**
 * `password` and `captcha` grants. With captcha mode on, both need a valid captcha. Past the client's check, a
 * successful sign-in costs one read, one password check and two writes: the attempt counted before the check, then
 * the count cleared and the session opened in one statement.
 */
export async function passwordGrant(
  deps: LoginDeps,
  app: ClientApp,
  params: TokenRequest,
  meta: RequestMeta,
): Promise<LoginResponse> {
  const { db } = deps;
  const tenantId = (meta.tenantHeader || params.tenantId || PLATFORM_TENANT_ID).trim();
  const account = params.username?.trim() ?? '';
  const password = params.password?.trim() ?? '';
  const [facts] = await signInQuery(db).execute({ tenantId, account });
  const settings = authSettingsOf(facts?.settings ?? {});
  if (settings.captchaMode) {
    if (!meta.captchaKey || !meta.captchaCode) throw badRequest('auth.captchaRequired');
    if (!(await checkCaptcha(deps.store, meta.captchaKey, meta.captchaCode))) throw badRequest('auth.captchaWrong');
  }
  if (!account || !password) throw badRequest('auth.missingParams');

  // Failures from an address count, successes never: a school behind one address signs in all at once. Past the
  // limit every answer is 429, right password or not, so guesses raced in parallel learn nothing beyond it.
  const addressKey = `login:address:${meta.ip}`;
  const throttled = () => new AppError(429, 'auth.addressThrottled', { minutes: ADDRESS_WINDOW_SECONDS / 60 });
  const overLimit = async () => Number((await deps.store.get(addressKey)) ?? 0) >= settings.addressFailLimit;
  const failed = async (error: Error): Promise<never> => {
    throw (await deps.store.incr(addressKey, ADDRESS_WINDOW_SECONDS)) > settings.addressFailLimit ? throttled() : error;
  };
  if (await overLimit()) throw throttled();
  const problem = tenantProblem(facts?.tenant ?? undefined);
  if (problem) return failed(badRequest(problem));

  const row = facts?.user;
  if (!row || !isMd5Hex(password)) {
    await burnVerifyTime(isMd5Hex(password) ? password : '0'.repeat(32));
    return failed(badRequest('auth.badCredentials'));
  }

  const attempt = await reserveAttempt(db, row.id);
  if (attempt === 'locked') return failed(await lockedError(db, row.id));
  if (attempt > settings.failCount) return failed(await lock(db, row.id, settings.lockMinutes));
  if (!(await verifyPassword(row.passwordHash, password))) {
    if (attempt >= settings.failCount) return failed(await lock(db, row.id, settings.lockMinutes));
    return failed(badRequest('auth.badCredentials'));
  }
  // Guesses sent alongside this one may have reached the limit while it was checked.
  if (await overLimit()) throw throttled();
  const roles = facts.roles;
  if (row.status !== 1 || roles.length === 0) {
    // Right password, but a lock set meanwhile by concurrent wrong ones stays in force.
    if (!(await clearAttempts(db, row.id))) throw await lockedError(db, row.id);
    throw badRequest(row.status !== 1 ? 'auth.disabled' : 'auth.noRole');
  }
  const opened = await clearAttemptsAndOpenSession(db, app, row, meta);
  if (!opened) throw await lockedError(db, row.id);
  return signedIn(deps, app, row, roles, opened, params.type);
}

/** Per-address sign-in window: `account.addressFailLimit` attempts that did not succeed, per 15 minutes. */
const ADDRESS_WINDOW_SECONDS = 15 * 60;

const unlocked = () => or(isNull(user.lockedUntil), lte(user.lockedUntil, sql`now()`));

const reserveQuery = prepared((db) =>
  db
    .update(user)
    .set({ loginFailCount: sql`${user.loginFailCount} + 1` })
    .where(and(eq(user.id, sql.placeholder('userId')), unlocked()))
    .returning({ attempt: user.loginFailCount })
    .prepare('auth_reserve_attempt'),
);

/**
 * Counts an attempt in one conditional UPDATE before the slow hash check, so that concurrent guesses are counted as
 * they arrive (and, past the limit, never checked); 'locked' while a lock is in force. Returns the attempt's number.
 */
async function reserveAttempt(db: Db, userId: string): Promise<number | 'locked'> {
  const [row] = await reserveQuery(db).execute({ userId });
  return row ? row.attempt : 'locked';
}

/** A successful sign-in starts the count afresh, unless a lock was set meanwhile (false: it stays, and wins). */
async function clearAttempts(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ loginFailCount: 0 })
    .where(and(eq(user.id, userId), unlocked()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/**
 * After the right password: the count started afresh and the session opened, in one statement — neither if a lock was
 * set meanwhile by concurrent wrong passwords (null: the lock stays, and wins).
 */
async function clearAttemptsAndOpenSession(
  db: Db,
  app: ClientApp,
  account: UserRow,
  meta: Pick<RequestMeta, 'userAgent' | 'ip'>,
): Promise<NewSession | null> {
  const { row: s, refreshToken } = newSession({
    tenantId: account.tenantId,
    userId: account.id,
    clientId: app.clientId,
    refreshTtlSeconds: app.refreshTokenValidity,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  const [opened] = await rawRows<{ id: string }>(
    db,
    sql`
    with cleared as (
      update sys_user set login_fail_count = 0
       where id = ${account.id} and (locked_until is null or locked_until <= now())
       returning id
    )
    insert into auth_session (id, tenant_id, user_id, client_id, refresh_hash, expires_at, user_agent, ip)
    select ${s.id}, ${s.tenantId}, cleared.id, ${s.clientId}, ${s.refreshHash}, ${s.expiresAt.toISOString()}::timestamptz,
           ${s.userAgent}, ${s.ip}
      from cleared
    returning id`,
  );
  return opened ? { sessionId: s.id, refreshToken } : null;
}

/** Locks the account for `minutes` (a lock already in force is kept as it is) and says so. */
async function lock(db: Db, userId: string, minutes: number): Promise<AppError> {
  await db
    .update(user)
    .set({ loginFailCount: 0, lockedUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(and(eq(user.id, userId), unlocked()));
  return lockedError(db, userId);
}

async function lockedError(db: Db, userId: string): Promise<AppError> {
  const [row] = await db
    .select({ ms: sql<number>`greatest(0, extract(epoch from ${user.lockedUntil} - now()) * 1000)::float8` })
    .from(user)
    .where(eq(user.id, userId));
  return badRequest('auth.locked', { minutes: Math.max(1, Math.ceil(Number(row?.ms ?? 0) / 60000)) });
}

type UserRow = typeof user.$inferSelect;

/** A new session for a user who proved who they are: tokens and the login response. */
export async function openSession(
  deps: LoginDeps,
  app: ClientApp,
  row: UserRow,
  roles: RoleRow[],
  meta: Pick<RequestMeta, 'userAgent' | 'ip'>,
  type: string | undefined,
  oauthId = '',
): Promise<LoginResponse> {
  const opened = await createSession(deps.db, {
    tenantId: row.tenantId,
    userId: row.id,
    clientId: app.clientId,
    refreshTtlSeconds: app.refreshTokenValidity,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  return signedIn(deps, app, row, roles, opened, type, oauthId);
}

/** The access token of a session just opened, and the login response. */
async function signedIn(
  deps: LoginDeps,
  app: ClientApp,
  row: UserRow,
  roles: RoleRow[],
  { sessionId, refreshToken }: NewSession,
  type: string | undefined,
  oauthId = '',
): Promise<LoginResponse> {
  const accessToken = await deps.tokens.sign(
    { userId: row.id, tenantId: row.tenantId, sessionId },
    app.accessTokenValidity,
  );
  return loginResponse(row, roles, app, accessToken, refreshToken, type, oauthId);
}

/** `refresh_token` grant: rotates the refresh token and re-checks that the user may still sign in. */
export async function refreshGrant(deps: LoginDeps, app: ClientApp, params: TokenRequest): Promise<LoginResponse> {
  const { db } = deps;
  if (!params.refresh_token) throw badRequest('auth.refreshInvalid');
  const rotated = await rotateRefreshToken(db, params.refresh_token, app.clientId);
  if (!rotated.ok) throw badRequest('auth.refreshInvalid');
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.id, rotated.userId), eq(user.isDeleted, 0)));
  if (row?.status !== 1) throw badRequest('auth.refreshInvalid');
  await usableTenant(db, rotated.tenantId);
  const roles = await loadRoles(db, row.id, rotated.tenantId);
  if (roles.length === 0) throw badRequest('auth.noRole');
  const accessToken = await deps.tokens.sign(
    { userId: row.id, tenantId: rotated.tenantId, sessionId: rotated.sessionId },
    app.accessTokenValidity,
  );
  return loginResponse(row, roles, app, accessToken, rotated.refreshToken, params.type);
}

function loginResponse(
  row: UserRow,
  roles: RoleRow[],
  app: ClientApp,
  accessToken: string,
  refreshToken: string,
  type: string | undefined,
  oauthId = '',
): LoginResponse {
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: app.accessTokenValidity,
    scope: 'all',
    tenant_id: row.tenantId,
    user_id: row.id,
    account: row.account,
    user_name: row.account,
    nick_name: row.name,
    real_name: row.realName,
    role_id: roles.map((r) => r.id).join(','),
    role_name: roles.map((r) => r.alias).join(','),
    dept_id: row.deptId ?? '',
    post_id: row.postId ?? '',
    avatar: row.avatar,
    oauth_id: oauthId,
    client_id: app.clientId,
    detail: { type: type || 'web' },
  };
}
