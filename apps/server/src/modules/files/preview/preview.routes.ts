import { createReadStream } from 'node:fs';
import { previewFileQuerySchema, previewQuerySchema } from '@shixun/contracts';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { attachment } from '../../../core/http/download.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { sendStored } from '../attach/attach.stream.ts';
import type { PreviewService } from './preview.service.ts';

/**
 * The preview dialog's calls. Any signed-in user may preview a file of their own tenant (a student opening a
 * courseware); the link is looked up among the tenant's attachments, never turned into a path.
 */
export function previewRoutes(app: TypedApp, deps: { db: Db; files: FileStore; preview: PreviewService }): void {
  const base = '/api/blade-resource/oss/endpoint';

  app.get(
    `${base}/preview`,
    { config: { access: access.signedIn }, schema: { querystring: previewQuerySchema } },
    async (req) => {
      const { link } = req.query;
      const row = await deps.preview.find(principalOf(req).tenantId, link);
      const origin = `${req.protocol}://${req.host}`;
      return ok(localeOf(req), await deps.preview.describe(row, origin));
    },
  );

  /** The bytes a viewer fetches with the session: the file itself, or (`format=pdf`) its converted PDF. */
  app.get(
    `${base}/preview-file`,
    { config: { access: access.signedIn }, schema: { querystring: previewFileQuerySchema } },
    async (req, reply) => {
      const { link, format } = req.query;
      const row = await deps.preview.find(principalOf(req).tenantId, link);
      if (!format) return sendStored(reply, deps.db, deps.files, row);
      const pdf = await deps.preview.pdfOf(row);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment('file.pdf', `${row.originalName}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'no-store')
        .send(createReadStream(pdf));
    },
  );
}
