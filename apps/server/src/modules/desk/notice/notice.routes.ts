import { idListSchema, pageQuerySchema, publishedNoticeSchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Principal } from '../../../core/access/principal.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { notice, noticeRead } from '../../../db/schema/index.ts';

const present = presenter(publishedNoticeSchema);
const pageOnly = pageQuerySchema.pick({ current: true, size: true });

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

export function noticeRoutes(app: TypedApp, db: Db): void {
  /**
   * What the shell's notice popover and the home page show every signed-in user: the caller's tenant's released
   * notices, newest first, each marked read or not for this user. No `notice_view` needed — reading notices is
   * what they are for.
   */
  app.get(
    '/api/blade-desk/notice/published',
    { config: { access: access.signedIn }, schema: { querystring: pageOnly } },
    async (req) => {
      const q = req.query;
      const p = principalOf(req);
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
      const records = rows.map(({ row, readTime }) => present({ ...row, read: readTime !== null }));
      return ok(localeOf(req), toPage(records, total?.n ?? 0, q.current, q.size));
    },
  );

  /** The bell's badge: released notices this user has not opened. */
  app.get('/api/blade-desk/notice/unread-count', { config: { access: access.signedIn } }, async (req) => {
    const p = principalOf(req);
    const [row] = await db
      .select({ n: count() })
      .from(notice)
      .leftJoin(noticeRead, readBy(p))
      .where(and(released(p), isNull(noticeRead.noticeId)));
    return ok(localeOf(req), row?.n ?? 0);
  });

  /**
   * Marks notices read for the caller. Only released notices of the caller's tenant are marked; other ids (another
   * school's, a draft) are ignored, so the answer never tells whether they exist.
   */
  app.post(
    '/api/blade-desk/notice/read',
    { config: { access: access.signedIn }, schema: { querystring: z.object({ ids: idListSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const { ids } = req.query;
      await markRead(db, p, inArray(notice.id, ids));
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  app.post('/api/blade-desk/notice/read-all', { config: { access: access.signedIn } }, async (req) => {
    await markRead(db, principalOf(req));
    return ok(localeOf(req), null, 'ok.default');
  });
}

async function markRead(db: Db, p: Principal, which?: SQL): Promise<void> {
  const rows = await db
    .select({ id: notice.id })
    .from(notice)
    .where(which ? and(released(p), which) : released(p));
  if (!rows.length) return;
  await db
    .insert(noticeRead)
    .values(rows.map((r) => ({ tenantId: p.tenantId, noticeId: r.id, userId: p.userId })))
    .onConflictDoNothing();
}
