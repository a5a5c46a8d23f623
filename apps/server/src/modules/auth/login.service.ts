import { type LoginResponse, PLATFORM_TENANT_ID, type TokenRequest } from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { loadRoles, tenantProblem } from '../../core/access/principal.ts';
import { burnVerifyTime, isMd5Hex, verifyPassword } from '../../core/auth/passwords.ts';
import { createSession, rotateRefreshToken } from '../../core/auth/sessions.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
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
  await usableTenant(db, tenantId);

  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, tenantId), eq(user.account, account), eq(user.isDeleted, 0)));
  if (!row || !isMd5Hex(password)) {
    await burnVerifyTime(isMd5Hex(password) ? password : '0'.repeat(32));
    throw badRequest('auth.badCredentials');
  }
  const lockedFor = row.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  if (lockedFor > 0) throw badRequest('auth.locked', { minutes: Math.ceil(lockedFor / 60000) });

  if (!(await verifyPassword(row.passwordHash, password))) {
    // Counted in the database, so every instance sees the same count.
    const [after] = await db
      .update(user)
      .set({ loginFailCount: sql`${user.loginFailCount} + 1` })
      .where(eq(user.id, row.id))
      .returning({ fails: user.loginFailCount });
    if ((after?.fails ?? 0) >= settings.failCount) {
      await db
        .update(user)
        .set({ loginFailCount: 0, lockedUntil: new Date(Date.now() + settings.lockMinutes * 60000) })
        .where(eq(user.id, row.id));
      throw badRequest('auth.locked', { minutes: settings.lockMinutes });
    }
    throw badRequest('auth.badCredentials');
  }
  if (row.status !== 1) throw badRequest('auth.disabled');
  const roles = await loadRoles(db, row.id, tenantId);
  if (roles.length === 0) throw badRequest('auth.noRole');
  await db.update(user).set({ loginFailCount: 0, lockedUntil: null }).where(eq(user.id, row.id));

  return openSession(deps, app, row, roles, meta, params.type);
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
