import { PLATFORM_TENANT_ID, type PostOption } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { post } from '../../../db/schema/index.ts';

export function postRoutes(app: TypedApp, db: Db): void {
  /**
   * `post/select?tenantId=`: the posts a user form offers. Only the platform superuser may name another tenant;
   * everyone else gets their own tenant's posts whatever they ask for.
   */
  app.get(
    '/api/blade-system/post/select',
    {
      config: { access: access.permission('post_view') },
      schema: { querystring: z.object({ tenantId: z.string().trim().max(12).optional() }) },
    },
    async (req) => {
      const p = principalOf(req);
      const asked = req.query.tenantId;
      const tenantId = p.superuser && p.tenantId === PLATFORM_TENANT_ID && asked ? asked : p.tenantId;
      const rows: PostOption[] = await db
        .select({ id: post.id, postCode: post.postCode, postName: post.postName, category: post.category })
        .from(post)
        .where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0), eq(post.status, 1)))
        .orderBy(asc(post.sort), asc(post.id));
      return ok(localeOf(req), rows);
    },
  );
}
