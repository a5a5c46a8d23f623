import { CATEGORY_EXTS, type PageQuery } from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { attach } from '../../../db/schema/index.ts';
import { attachResource } from './attach.resource.ts';

const PICTURE_EXTS = CATEGORY_EXTS.image;

/**
 * One page of the pictures a picker offers, newest first: every picture of the tenant the caller may read, or only
 * their own uploads when `ownOnly`.
 */
export async function pictures(
  db: Db,
  p: Principal,
  q: Pick<PageQuery, 'current' | 'size'> & { originalName?: string | undefined },
  ownOnly: boolean,
) {
  const scope = await accessScope(db, attachResource, p);
  const mine = ownOnly ? eq(attach.createUser, p.userId) : undefined;
  const named = attachResource.filters.originalName!.where(q.originalName);
  const where = and(scope, inArray(attach.extension, PICTURE_EXTS), mine, named);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(attach)
      .where(where)
      .orderBy(desc(attach.createTime), desc(attach.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(attach).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An attachment the caller may read; 404 otherwise. */
export async function readableAttach(db: Db, p: Principal, id: string): Promise<typeof attach.$inferSelect> {
  const scope = await accessScope(db, attachResource, p);
  const [row] = await db
    .select()
    .from(attach)
    .where(and(scope, eq(attach.id, id)));
  if (!row) throw notFound();
  return row;
}
