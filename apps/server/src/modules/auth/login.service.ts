import { type LoginResponse, PLATFORM_TENANT_ID, type TokenRequest } from '@shixun/contracts';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { loadRoles, tenantProblem } from '../../core/access/principal.ts';
import { burnVerifyTime, isMd5Hex, verifyPassword } from '../../core/auth/passwords.ts';
import { createSession, rotateRefreshToken } from '../../core/auth/sessions.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { authSettings } from '../../core/settings/params.ts';
import { tenant, user } from '../../db/schema/index.ts';
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

/** `password` and `captcha` grants. With captcha mode on, both need a valid captcha. */
export async function passwordGrant(
  deps: LoginDeps,
  app: ClientApp,
  params: TokenRequest,
  meta: RequestMeta,
): Promise<LoginResponse> {
  const { db } = deps;
  const settings = await authSettings(db);
  if (settings.captchaMode) {
    if (!meta.captchaKey || !meta.captchaCode) throw badRequest('auth.captchaRequired');
    if (!(await checkCaptcha(deps.store, meta.captchaKey, meta.captchaCode))) throw badRequest('auth.captchaWrong');
  }
  const tenantId = (meta.tenantHeader || params.tenantId || PLATFORM_TENANT_ID).trim();
  const account = params.username?.trim() ?? '';
  const password = params.password?.trim() ?? '';
  if (!account || !password) throw badRequest('auth.missingParams');

  // Every attempt from an address counts until it succeeds, so guessing across many accounts is slowed as well.
  const addressKey = `login:address:${meta.ip}`;
  if ((await deps.store.incr(addressKey, ADDRESS_WINDOW_SECONDS)) > settings.addressFailLimit) {
    throw new AppError(429, 'auth.addressThrottled', { minutes: ADDRESS_WINDOW_SECONDS / 60 });
  }
  await usableTenant(db, tenantId);

  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)));
  if (!row || !isMd5Hex(password)) {
    await burnVerifyTime(isMd5Hex(password) ? password : '0'.repeat(32));
    throw badRequest('auth.badCredentials');
  }

  const attempt = await reserveAttempt(db, row.id);
  if (attempt === 'locked') throw await lockedError(db, row.id);
  if (attempt > settings.failCount) throw await lock(db, row.id, settings.lockMinutes);
  if (!(await verifyPassword(row.passwordHash, password))) {
    if (attempt >= settings.failCount) throw await lock(db, row.id, settings.lockMinutes);
    throw badRequest('auth.badCredentials');
  }
  // Right password, but a lock set meanwhile by concurrent wrong ones stays in force.
  if (!(await clearAttempts(db, row.id))) throw await lockedError(db, row.id);
  await deps.store.decr(addressKey);
  if (row.status !== 1) throw badRequest('auth.disabled');
  const roles = await loadRoles(db, row.id, tenantId);
  if (roles.length === 0) throw badRequest('auth.noRole');

  return openSession(deps, app, row, roles, meta, params.type);
}

/** Per-address sign-in window: `account.addressFailLimit` attempts that did not succeed, per 15 minutes. */
const ADDRESS_WINDOW_SECONDS = 15 * 60;

const unlocked = () => or(isNull(user.lockedUntil), lte(user.lockedUntil, sql`now()`));

/**
 * Counts an attempt in one conditional UPDATE before the slow hash check, so that concurrent guesses are counted as
 * they arrive (and, past the limit, never checked); 'locked' while a lock is in force. Returns the attempt's number.
 */
async function reserveAttempt(db: Db, userId: string): Promise<number | 'locked'> {
  const [row] = await db
    .update(user)
    .set({ loginFailCount: sql`${user.loginFailCount} + 1` })
    .where(and(eq(user.id, userId), unlocked()))
    .returning({ attempt: user.loginFailCount });
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
  roles: { id: string; alias: string }[],
  meta: Pick<RequestMeta, 'userAgent' | 'ip'>,
  type: string | undefined,
  oauthId = '',
): Promise<LoginResponse> {
  const { sessionId, refreshToken } = await createSession(deps.db, {
    tenantId: row.tenantId,
    userId: row.id,
    clientId: app.clientId,
    refreshTtlSeconds: app.refreshTokenValidity,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
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
  roles: { id: string; alias: string }[],
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
