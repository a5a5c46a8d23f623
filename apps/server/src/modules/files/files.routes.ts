import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import type { OfficeConverter } from '../../core/files/office-pdf.ts';
import type { KvStore } from '../../core/kv/store.ts';
import type { SecretBox } from '../../core/secrets/secret-box.ts';
import { attachRoutes } from './attach/attach.routes.ts';
import { ossEndpointRoutes } from './oss/oss.endpoint.ts';
import { ossRoutes } from './oss/oss.routes.ts';
import { previewRoutes } from './preview/preview.routes.ts';
import { PreviewService } from './preview/preview.service.ts';
import { smsRoutes } from './sms/sms.routes.ts';
import { storedFileRoutes } from './stored-files.routes.ts';
import { tusRoutes } from './tus/tus.routes.ts';

/** blade-resource: uploads, storage configs, attachments, SMS, and the stored files themselves. */
export async function filesRoutes(
  app: FastifyInstance,
  deps: { db: Db; files: FileStore; store: KvStore; secrets: SecretBox; converter: OfficeConverter },
): Promise<void> {
  ossEndpointRoutes(app, deps);
  await tusRoutes(app, deps);
  ossRoutes(app, deps);
  attachRoutes(app, deps);
  smsRoutes(app, deps);
  previewRoutes(app, {
    db: deps.db,
    files: deps.files,
    preview: new PreviewService(deps.db, deps.files, deps.converter),
  });
  await storedFileRoutes(app, deps.files.filesDir);
}
