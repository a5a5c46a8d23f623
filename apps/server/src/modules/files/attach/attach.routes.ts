import { idSchema, pageQuerySchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, can, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ok, toPage } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { attachResource } from './attach.resource.ts';
import { pictures, readableAttach } from './attach.service.ts';
import { sendStored } from './attach.stream.ts';

const picturesQuery = pageQuerySchema.extend({ originalName: z.string().trim().max(100).optional() });

export function attachRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  /**
   * The pictures a picker offers (PicturePicker, e.g. the editor's 选择图片): the caller's own uploads, or every
   * picture of the tenant for holders of attach_view.
   */
  app.get(
    '/api/blade-resource/attach/pictures',
    { config: { access: access.signedIn }, schema: { querystring: picturesQuery } },
    async (req) => {
      const q = req.query;
      const ownOnly = !(await can(req, 'attach_view'));
      const { rows, total } = await pictures(deps.db, principalOf(req), q, ownOnly);
      return ok(localeOf(req), toPage(rows.map(attachResource.present), total, q.current, q.size));
    },
  );

  /** The stored file under its original name, streamed from wherever it is kept. */
  app.get(
    '/api/blade-resource/attach/download',
    {
      config: { access: access.permission('attach_view') },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req, reply) =>
      sendStored(reply, deps.db, deps.files, await readableAttach(deps.db, principalOf(req), req.query.id)),
  );
}
