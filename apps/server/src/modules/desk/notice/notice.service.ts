import type { PageQuery } from '@shixun/contracts';
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { notice, noticeRead } from '../../../db/schema/index.ts';

/** Notices the caller's tenant has released (by the database clock): what everyone there may read. */
const released = (p: Principal): SQL =>
  and(
    eq(notice.tenantId, p.tenantId),
    eq(notice.isDeleted, 0),
    eq(notice.status, 1),
    lte(notice.releaseTime, sql`now()`),
  )!;

/** The caller's read mark of each notice (null when unread). */
const readBy = (p: Principal) => and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, p.userId));

/** One page of the released notices, newest first, each marked read or not for the caller. */
export async function publishedNotices(db: Db, p: Principal, q: Pick<PageQuery, 'current' | 'size'>) {
  const where = released(p);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: notice, readTime: noticeRead.readTime })
      .from(notice)
      .leftJoin(noticeRead, readBy(p))
      .where(where)
      .orderBy(desc(notice.releaseTime), desc(notice.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(notice).where(where),
  ]);
  return { rows: rows.map(({ row, readTime }) => ({ ...row, read: readTime !== null })), total: total?.n ?? 0 };
}

/** Released notices the caller has not opened. */
export async function unreadNoticeCount(db: Db, p: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notice)
    .leftJoin(noticeRead, readBy(p))
    .where(and(released(p), isNull(noticeRead.noticeId)));
  return row?.n ?? 0;
}

/**
 * Marks these notices (all when none are named) read for the caller. Only released notices of the caller's tenant
 * are marked; other ids (another school's, a draft) are ignored, so the answer never tells whether they exist.
 */
export async function markNoticesRead(db: Db, p: Principal, ids?: string[]): Promise<void> {
  const rows = await db
    .select({ id: notice.id })
    .from(notice)
    .where(ids ? and(released(p), inArray(notice.id, ids)) : released(p));
  if (!rows.length) return;
  await db
    .insert(noticeRead)
    .values(rows.map((r) => ({ tenantId: p.tenantId, noticeId: r.id, userId: p.userId })))
    .onConflictDoNothing();
}
