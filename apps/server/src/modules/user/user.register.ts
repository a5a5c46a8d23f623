import { PARAM_KEYS, registerGuestSchema } from '@shixun/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access } from '../../core/access/guard.ts';
import { tenantProblem } from '../../core/access/principal.ts';
import { hashPassword } from '../../core/auth/passwords.ts';
import { mapUniqueViolation } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { ok } from '../../core/http/envelope.ts';
import { AppError, badRequest } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { KvStore } from '../../core/kv/store.ts';
import { paramValue } from '../../core/settings/params.ts';
import { tenant, user } from '../../db/schema/index.ts';
import { authenticateClient } from '../auth/client-auth.ts';
import { userResource } from './user.resource.ts';

/** Attempts one address may make per window, whatever their outcome (also slows probing for taken accounts). */
export const REGISTER_PER_IP = 20;
/** Requests for one tenant (past the checks above) per window, so a flood cannot use up its quota in one go. */
export const REGISTER_PER_TENANT = 50;
export const REGISTER_WINDOW_SECONDS = 3600;

/**
 * 注册 (`register-guest`): anyone holding the client credentials may ask for an account in an enabled tenant while
 * parameter `account.registerUser` is `true`. The account is created disabled and without roles; it signs in only
 * after an administrator enables it and gives it roles in 用户管理.
 */
export function registerGuestRoutes(app: FastifyInstance, deps: { db: Db; store: KvStore }): void {
  const { db, store } = deps;
  app.post('/api/blade-user/register-guest', { config: { access: access.public } }, async (req) => {
    const throttled = () => new AppError(429, 'user.register.throttled');
    if ((await store.incr(`register:ip:${req.ip}`, REGISTER_WINDOW_SECONDS)) > REGISTER_PER_IP) throw throttled();
    await authenticateClient(db, req);
    // Saber sends the fields in the query string; a JSON or form body works too (the body wins).
    const form = registerGuestSchema.parse({ ...(req.query as object), ...((req.body as object) ?? {}) });

    if ((await paramValue(db, PARAM_KEYS.registerUser)) !== 'true') throw badRequest('user.register.closed');

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
        await tx.insert(user).values({
          id: newId(),
          tenantId: form.tenantId,
          account: form.account,
          passwordHash,
          name: form.name,
          realName: form.name,
          oauthId: form.oauthId || null,
          status: 0,
        });
      })
      .catch((e: unknown) => mapUniqueViolation(userResource, e));
    return ok(localeOf(req), null, 'ok.default');
  });
}
