import type { LoginResponse, TokenRequest } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loadRoles } from '../../../core/access/principal.ts';
import type { TokenService } from '../../../core/auth/tokens.ts';
import type { Db } from '../../../core/db/client.ts';
import { AppError, badRequest } from '../../../core/http/errors.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import type { SecretBox } from '../../../core/secrets/secret-box.ts';
import { user, userOauth } from '../../../db/schema/index.ts';
import type { ClientApp } from '../client-auth.ts';
import { openSession, type RequestMeta, usableTenant } from '../login.service.ts';
import { loadProvider, type SocialProfile } from './provider.ts';
import { consumeState, issueTicket } from './state.ts';

export interface SocialDeps {
  db: Db;
  tokens: TokenService;
  store: KvStore;
  secrets: SecretBox;
}

/** Code exchanges one address may start per window: each one calls the provider twice. */
const EXCHANGES_PER_IP = 30;
const EXCHANGE_WINDOW_SECONDS = 600;

/**
 * The answer for a person the provider knows but no account of this tenant is bound to: no token, `user_id` -1 (as
 * BladeX answers it) and, as `oauth_id`, a short-lived ticket that `register-guest` takes to bind the new account to
 * this identity — the browser never gets to name an identity itself.
 */
function newcomer(tenantId: string, profile: SocialProfile, ticket: string, app: ClientApp): LoginResponse {
  return {
    access_token: '',
    token_type: 'bearer',
    refresh_token: '',
    expires_in: 0,
    scope: 'all',
    tenant_id: tenantId,
    user_id: '-1',
    account: profile.username,
    user_name: profile.username,
    nick_name: profile.nickname || profile.username,
    real_name: profile.nickname,
    role_id: '',
    role_name: '',
    dept_id: '',
    post_id: '',
    avatar: profile.avatar,
    oauth_id: ticket,
    client_id: app.clientId,
    detail: { type: 'social' },
  };
}

/**
 * `social` grant (source, code, state): the state must be one this browser was given for this provider (single
 * use); the code is exchanged with the provider for the person; a person bound to an enabled account of the tenant
 * signs in, a newcomer gets a registration ticket.
 */
export async function socialGrant(
  deps: SocialDeps,
  app: ClientApp,
  params: TokenRequest,
  req: FastifyRequest,
  meta: RequestMeta,
): Promise<LoginResponse> {
  const { db, store } = deps;
  const source = params.source ?? '';
  const provider = source ? await loadProvider(db, deps.secrets, source) : undefined;
  if (!provider) throw badRequest('auth.social.unknown');
  const bound = await consumeState(store, req, source, params.state ?? '');
  if (!bound || !params.code) throw badRequest('auth.social.state');
  if ((await store.incr(`social:exchange:${meta.ip}`, EXCHANGE_WINDOW_SECONDS)) > EXCHANGES_PER_IP) {
    throw new AppError(429, 'auth.social.throttled');
  }

  let profile: SocialProfile;
  try {
    profile = await provider.exchange(params.code);
  } catch (e) {
    req.log.warn({ source, reason: e instanceof Error ? e.message : String(e) }, 'social sign-in refused');
    throw badRequest('auth.social.failed');
  }
  if (!profile.uuid) throw badRequest('auth.social.noId');
  const { tenantId } = bound;
  await usableTenant(db, tenantId);

  const [link] = await db
    .select()
    .from(userOauth)
    .where(and(eq(userOauth.tenantId, tenantId), eq(userOauth.source, source), eq(userOauth.uuid, profile.uuid)));
  const [row] = link
    ? await db
        .select()
        .from(user)
        .where(and(eq(user.id, link.userId), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)))
    : [];
  if (!link || !row) {
    return newcomer(tenantId, profile, await issueTicket(store, { source, profile }), app);
  }
  if (row.status !== 1) throw badRequest('auth.social.pending');
  const roles = await loadRoles(db, row.id, tenantId);
  if (roles.length === 0) throw badRequest('auth.noRole');
  // The provider's latest name and picture, for the next registration review or support question.
  await db
    .update(userOauth)
    .set({ username: profile.username, nickname: profile.nickname, avatar: profile.avatar, email: profile.email })
    .where(eq(userOauth.id, link.id));
  return openSession(deps, app, row, roles, meta, params.type, link.id);
}
