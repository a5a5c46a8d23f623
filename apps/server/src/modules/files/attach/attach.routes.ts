import { CATEGORY_EXTS, idSchema, pageQuerySchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { access, can, principalOf } from '../../../core/access/guard.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { attach } from '../../../db/schema/index.ts';
import { attachResource } from './attach.resource.ts';
import { sendStored } from './attach.stream.ts';

const picturesQuery = pageQuerySchema.extend({ originalName: z.string().trim().max(100).optional() });
const PICTURE_EXTS = CATEGORY_EXTS.image;

export function attachRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  /**
   * The pictures a picker offers (PicturePicker, e.g. the editor's 选择图片): the caller's own uploads, or every
   * picture of the tenant for holders of attach_view. Newest first.
   */
  app.get(
    '/api/blade-resource/attach/pictures',
    { config: { access: access.signedIn }, schema: { querystring: picturesQuery } },
    async (req) => {
      const p = principalOf(req);
      const q = req.query;
      const scope = await accessScope(deps.db, attachResource, p);
      const mine = (await can(req, 'attach_view')) ? undefined : eq(attach.createUser, p.userId);
      const named = attachResource.filters.originalName!.where(q.originalName);
      const where = and(scope, inArray(attach.extension, PICTURE_EXTS), mine, named);
      const [rows, [total]] = await Promise.all([
        deps.db
          .select()
          .from(attach)
          .where(where)
          .orderBy(desc(attach.createTime), desc(attach.id))
          .limit(q.size)
          .offset((q.current - 1) * q.size),
        deps.db.select({ n: count() }).from(attach).where(where),
      ]);
      return ok(localeOf(req), toPage(rows.map(attachResource.present), total?.n ?? 0, q.current, q.size));
    },
  );

  /** The stored file under its original name, streamed from wherever it is kept. */
  app.get(
    '/api/blade-resource/attach/download',
    {
      config: { access: access.permission('attach_view') },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req, reply) => {
      const { id } = req.query;
      const scope = await accessScope(deps.db, attachResource, principalOf(req));
      const [row] = await deps.db
        .select()
        .from(attach)
        .where(and(scope, eq(attach.id, id)));
      if (!row) throw notFound();
      return sendStored(reply, deps.db, deps.files, row);
    },
  );
}
