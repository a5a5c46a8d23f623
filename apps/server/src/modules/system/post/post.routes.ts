import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { postOptions } from './post.service.ts';

export function postRoutes(app: TypedApp, db: Db): void {
  /** `post/select?tenantId=`: the posts a user form offers. */
  app.get(
    '/api/blade-system/post/select',
    {
      config: { access: access.permission('post_view') },
      schema: { querystring: z.object({ tenantId: z.string().trim().max(12).optional() }) },
    },
    async (req) => ok(localeOf(req), await postOptions(db, principalOf(req), req.query.tenantId)),
  );
}
