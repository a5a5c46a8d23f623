import type { attachFormSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { assertUnreferenced } from '../../../core/crud/references.ts';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { attach, user } from '../../../db/schema/index.ts';
import { removeStored } from '../oss/oss.endpoint.ts';

/**
 * Attachments come from uploads only; their name may be edited. Removing one still in use is refused, and the
 * stored file goes with the row once the removal is committed.
 */
export const attachHooks: ResourceHooks<typeof attachFormSchema, typeof attach.$inferSelect> = {
  async beforeSave({ existing }) {
    if (!existing) throw badRequest('attach.uploadOnly');
  },

  async beforeRemove({ db, scope, ids, principal, locale }) {
    const rows = await db
      .select({ key: attach.link, name: attach.originalName })
      .from(attach)
      .where(and(scope, inArray(attach.id, ids)));
    await assertUnreferenced(db, { locale, tenantId: principal.tenantId }, 'attach', rows, 'attach.inUse');
  },

  async afterRemove({ db, files, rows, log }) {
    await removeStored(db, files, rows as { name: string; ossId: string | null }[], (err) =>
      log.warn({ err }, 'removing a stored file failed'),
    );
  },

  async afterLoad(rows, { db }) {
    const ids = [...new Set(rows.map((r) => r.createUser).filter((v): v is string => typeof v === 'string'))];
    if (ids.length === 0) return rows;
    const names = await db
      .select({ id: user.id, realName: user.realName })
      .from(user)
      .where(and(inArray(user.id, ids), eq(user.isDeleted, 0)));
    const byId = new Map(names.map((n) => [n.id, n.realName]));
    return rows.map((r) => ({ ...r, uploaderName: byId.get(r.createUser ?? '') ?? '' }));
  },
};
