import { idListSchema, pageQuerySchema, publishedNoticeSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { markNoticesRead, publishedNotices, unreadNoticeCount } from './notice.service.ts';

const present = presenter(publishedNoticeSchema);
const pageOnly = pageQuerySchema.pick({ current: true, size: true });

export function noticeRoutes(app: TypedApp, db: Db): void {
  /**
   * What the shell's notice popover and the home page show every signed-in user: the caller's tenant's released
   * notices. No `notice_view` needed — reading notices is what they are for.
   */
  app.get(
    '/api/blade-desk/notice/published',
    { config: { access: access.signedIn }, schema: { querystring: pageOnly } },
    async (req) => {
      const q = req.query;
      const { rows, total } = await publishedNotices(db, principalOf(req), q);
      return ok(localeOf(req), toPage(rows.map(present), total, q.current, q.size));
    },
  );

  /** The bell's badge. */
  app.get('/api/blade-desk/notice/unread-count', { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await unreadNoticeCount(db, principalOf(req))),
  );

  app.post(
    '/api/blade-desk/notice/read',
    { config: { access: access.signedIn }, schema: { querystring: z.object({ ids: idListSchema }) } },
    async (req) => {
      await markNoticesRead(db, principalOf(req), req.query.ids);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  app.post('/api/blade-desk/notice/read-all', { config: { access: access.signedIn } }, async (req) => {
    await markNoticesRead(db, principalOf(req));
    return ok(localeOf(req), null, 'ok.default');
  });
}
