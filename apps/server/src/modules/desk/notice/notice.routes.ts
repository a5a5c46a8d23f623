import { noticeSchema, pageQuerySchema } from '@shixun/contracts';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import { notice } from '../../../db/schema/index.ts';

const present = presenter(noticeSchema);
const pageOnly = pageQuerySchema.pick({ current: true, size: true });

export function noticeRoutes(app: FastifyInstance, db: Db): void {
  /**
   * What the shell's notice popover shows every signed-in user: the caller's tenant's notices already released
   * (by the database clock), newest first. No `notice_view` needed — reading notices is what they are for.
   */
  app.get(
    '/api/blade-desk/notice/published',
    { config: { access: access.signedIn }, schema: { querystring: pageOnly } },
    async (req) => {
      const q = req.query as z.infer<typeof pageOnly>;
      const where = and(
        eq(notice.tenantId, principalOf(req).tenantId),
        eq(notice.isDeleted, 0),
        eq(notice.status, 1),
        lte(notice.releaseTime, sql`now()`),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notice)
          .where(where)
          .orderBy(desc(notice.releaseTime), desc(notice.id))
          .limit(q.size)
          .offset((q.current - 1) * q.size),
        db.select({ n: count() }).from(notice).where(where),
      ]);
      return ok(localeOf(req), toPage(rows.map(present), total?.n ?? 0, q.current, q.size));
    },
  );
}
