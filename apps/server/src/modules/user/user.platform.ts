import { idSchema, userPlatformFormSchema, userPlatformSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { loadRows } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { ok } from '../../core/http/envelope.ts';
import { notFound } from '../../core/http/errors.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { user, userPlatform } from '../../db/schema/index.ts';
import { userResource } from './user.resource.ts';
import { assertMayActOn } from './user.roles.ts';

const present = presenter(userPlatformSchema);

/** 平台配置: a user's platform (web / app / other) and the JSON extension an integration keeps for it. */
export function userPlatformRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-user';
  const rule = { access: access.permission('user_platform') };

  /** The user with the extension of their current platform (`userExt`, '' when none). */
  app.get(
    `${base}/platform-detail`,
    { config: rule, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const { id } = req.query;
      const scope = and(eq(user.tenantId, p.tenantId), eq(user.isDeleted, 0))!;
      const [row] = await db
        .select()
        .from(user)
        .where(and(scope, eq(user.id, id)));
      if (!row) throw notFound();
      const [ext] = await db
        .select({ userExt: userPlatform.userExt })
        .from(userPlatform)
        .where(and(eq(userPlatform.userId, row.id), eq(userPlatform.userType, row.userType)));
      const [loaded] = await loadRows(userResource, [row], { db, principal: p, scope });
      return ok(localeOf(req), present({ ...loaded!, userExt: ext?.userExt ?? '' }));
    },
  );

  /**
   * Sets the user's platform and that platform's extension (an empty text removes it). Unlike BladeX, the user's
   * own `userType` follows, so `platform-detail` always shows what was saved last.
   */
  app.post(`${base}/update-platform`, { config: rule }, async (req) => {
    const p = principalOf(req);
    // Saber sends the three values in the query string; a JSON or form body works too (the body wins).
    const query = typeof req.query === 'object' ? req.query : null;
    const fields = typeof req.body === 'object' ? req.body : null;
    const form = userPlatformFormSchema.parse({ ...query, ...fields });
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, form.userId), eq(user.tenantId, p.tenantId), eq(user.isDeleted, 0)));
    if (!row) throw notFound();
    await assertMayActOn(db, p, [row.id]);
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(user)
        .set({ userType: form.userType, updateUser: p.userId, updateTime: now })
        .where(eq(user.id, row.id));
      const key = and(eq(userPlatform.userId, row.id), eq(userPlatform.userType, form.userType));
      if (form.userExt === '') {
        await tx.delete(userPlatform).where(key);
        return;
      }
      await tx
        .insert(userPlatform)
        .values({
          userId: row.id,
          userType: form.userType,
          tenantId: p.tenantId,
          userExt: form.userExt,
          updateUser: p.userId,
          updateTime: now,
        })
        .onConflictDoUpdate({
          target: [userPlatform.userId, userPlatform.userType],
          set: { userExt: form.userExt, updateUser: p.userId, updateTime: now },
        });
    });
    return ok(localeOf(req), null, 'ok.default');
  });
}
