import { idListSchema, passwordChangeSchema, userGrantSchema, userInfoFormSchema, userSchema } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { Principal } from '../../core/access/principal.ts';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { accessScope, loadRows } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { session, user } from '../../db/schema/index.ts';
import { resetPasswords } from './user.reset.ts';
import { userResource } from './user.resource.ts';
import { assertAssignableRoles, assertMayActOn, assertTeachingRolesKept, replaceUserRoles } from './user.roles.ts';

const present = presenter(userSchema);

/** Users the caller may see (tenant and data scope) with these ids; 404 unless all of them are there. */
async function visibleUsers(db: Db, p: Principal, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(and(await accessScope(db, userResource, p), inArray(user.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export function userRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-user';

  /** The caller's own record. */
  app.get(`${base}/info`, { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const [row] = await db
      .select()
      .from(user)
      .where(and(eq(user.id, p.userId), eq(user.isDeleted, 0)));
    if (!row) throw notFound();
    const [loaded] = await loadRows(userResource, [row], { db, principal: p, scope: eq(user.tenantId, p.tenantId) });
    return ok(localeOf(req), present(loaded!));
  });

  /** Give users exactly these roles (roles the granter could hold themselves). */
  app.post(
    `${base}/grant`,
    { config: { access: access.permission('user_role') }, schema: { body: userGrantSchema } },
    async (req) => {
      const p = principalOf(req);
      const { userIds, roleIds } = req.body;
      await visibleUsers(db, p, userIds);
      await assertMayActOn(db, p, userIds);
      await assertTeachingRolesKept(db, p, userIds, roleIds);
      await assertAssignableRoles(db, p, roleIds);
      await db.transaction((tx) => replaceUserRoles(tx, userIds, roleIds));
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /**
   * New passwords: the configured initial password (param account.initPassword) or a random one per user, shown
   * once in the answer. Their sessions end at once and any sign-in lock is lifted.
   */
  app.post(
    `${base}/reset-password`,
    {
      config: { access: access.permission('user_reset') },
      schema: { querystring: z.object({ userIds: idListSchema }) },
    },
    async (req) => {
      const p = principalOf(req);
      const ids = req.query.userIds;
      const rows = await visibleUsers(db, p, ids);
      await assertMayActOn(db, p, ids);
      return ok(localeOf(req), await resetPasswords(db, rows));
    },
  );

  /** Change one's own password (md5 values; query or body, as Saber sends them in the query). Other sessions end. */
  app.post(`${base}/update-password`, { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const body = passwordChangeSchema.parse({ ...(req.query as object), ...((req.body as object) ?? {}) });
    const [row] = await db.select({ hash: user.passwordHash }).from(user).where(eq(user.id, p.userId));
    if (!row || !(await verifyPassword(row.hash, body.oldPassword))) throw badRequest('user.password.wrongOld');
    await db
      .update(user)
      .set({ passwordHash: await hashPassword(body.newPassword) })
      .where(eq(user.id, p.userId));
    await db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(eq(session.userId, p.userId), ne(session.id, p.sessionId)));
    return ok(localeOf(req), null, 'ok.default');
  });

  /** Update one's own profile; anything else in the body (role, tenant, status, password) is ignored. */
  app.post(
    `${base}/update-info`,
    { config: { access: access.signedIn }, schema: { body: userInfoFormSchema } },
    async (req) => {
      const p = principalOf(req);
      const values = req.body;
      const [saved] = await db
        .update(user)
        .set({
          ...values,
          birthday: values.birthday ? new Date(values.birthday) : values.birthday === null ? null : undefined,
          updateUser: p.userId,
          updateTime: new Date(),
        })
        .where(and(eq(user.id, p.userId), eq(user.isDeleted, 0)))
        .returning();
      if (!saved) throw notFound();
      const [loaded] = await loadRows(userResource, [saved], {
        db,
        principal: p,
        scope: eq(user.tenantId, p.tenantId),
      });
      return ok(localeOf(req), present(loaded!));
    },
  );
}
