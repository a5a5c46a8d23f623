import { PARAM_KEYS, registerGuestSchema } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { access } from '../../core/access/guard.ts';
import { tenantProblem } from '../../core/access/principal.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import { mapUniqueViolation } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { ok } from '../../core/http/envelope.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { paramValue } from '../../core/settings/params.ts';
import { tenant, user, userOauth } from '../../db/schema/index.ts';
import { authenticateClient, peekTicket, type SocialTicket, spendTicket } from '../auth/auth.api.ts';
import { userResource } from './user.resource.ts';

/** Attempts one address may make per window, whatever their outcome (also slows probing for taken accounts). */
export const REGISTER_PER_IP = 20;
/** Requests for one tenant (past the checks above) per window, so a flood cannot use up its quota in one go. */
export const REGISTER_PER_TENANT = 50;
export const REGISTER_WINDOW_SECONDS = 3600;

/**
 * 注册 (`register-guest`): anyone holding the client credentials may ask for an account in an enabled tenant while
 * parameter `account.registerUser` is `true`. The account is created disabled and without roles; it signs in only
 * after an administrator enables it and gives it roles in 用户管理. A social-login newcomer sends, as `oauthId`, the
 * ticket the social grant gave them: the new account is bound to that third-party identity, so that once approved
 * they sign in with it. A ticket cannot be made up: without a live one no identity is bound.
 */
export function registerGuestRoutes(app: TypedApp, deps: { db: Db; store: KvStore }): void {
  const { db, store } = deps;
  app.post('/api/blade-user/register-guest', { config: { access: access.public } }, async (req) => {
    const throttled = () => new AppError(429, 'user.register.throttled');
    if ((await store.incr(`register:ip:${req.ip}`, REGISTER_WINDOW_SECONDS)) > REGISTER_PER_IP) throw throttled();
    await authenticateClient(db, req);
    // Saber sends the fields in the query string; a JSON or form body works too (the body wins). Read here, not by a
    // route schema, so the throttle and the client check above come before any judgement of the fields.
    const query = typeof req.query === 'object' ? req.query : null;
    const fields = typeof req.body === 'object' ? req.body : null;
    const form = registerGuestSchema.parse({ ...query, ...fields });

    if ((await paramValue(db, PARAM_KEYS.registerUser)) !== 'true') throw badRequest('user.register.closed');
    const ticket = form.oauthId ? await peekTicket(store, form.oauthId) : undefined;
    if (form.oauthId && !ticket) throw badRequest('user.register.oauthExpired');

    const [target] = await db
      .select({ status: tenant.status, expireTime: tenant.expireTime, max: tenant.accountNumber })
      .from(tenant)
      .where(and(eq(tenant.tenantId, form.tenantId), eq(tenant.isDeleted, 0)));
    const problem = tenantProblem(target);
    if (problem || !target) throw badRequest(problem ?? 'auth.tenantNotFound');
    if ((await store.incr(`register:tenant:${form.tenantId}`, REGISTER_WINDOW_SECONDS)) > REGISTER_PER_TENANT)
      throw throttled();

    const passwordHash = await hashPassword(form.password);
    await db
      .transaction(async (tx) => {
        const live = and(eq(user.tenantId, form.tenantId), eq(user.isDeleted, 0));
        const [taken] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(live, eq(user.account, form.account)));
        if (taken) throw badRequest('user.account.taken');
        if (target.max >= 0) {
          const [used] = await tx.select({ n: count() }).from(user).where(live);
          if ((used?.n ?? 0) >= target.max) throw badRequest('user.quota');
        }
        const userId = newId();
        const linkId = ticket ? newId() : null;
        await tx.insert(user).values({
          id: userId,
          tenantId: form.tenantId,
          account: form.account,
          passwordHash,
          name: form.name,
          realName: form.name,
          oauthId: linkId,
          status: 0,
        });
        if (ticket && linkId) await bindIdentity(tx, form.tenantId, userId, linkId, ticket);
      })
      .catch((e: unknown) => mapUniqueViolation(userResource, e));
    if (form.oauthId) await spendTicket(store, form.oauthId);
    return ok(localeOf(req), null, 'ok.default');
  });
}

/** Binds the third-party identity to the new account; a binding left by a removed account of the tenant gives way. */
async function bindIdentity(tx: Db, tenantId: string, userId: string, linkId: string, ticket: SocialTicket) {
  const { source, profile } = ticket;
  const same = and(eq(userOauth.tenantId, tenantId), eq(userOauth.source, source), eq(userOauth.uuid, profile.uuid));
  const links = await tx.select({ id: userOauth.id, userId: userOauth.userId }).from(userOauth).where(same);
  if (links.length) {
    const live = await tx
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          inArray(
            user.id,
            links.map((l) => l.userId),
          ),
          eq(user.isDeleted, 0),
        ),
      );
    if (live.length) throw badRequest('user.register.oauthBound');
    await tx.delete(userOauth).where(same);
  }
  await tx.insert(userOauth).values({ id: linkId, tenantId, userId, source, ...profile });
}
