import { idSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { attachment } from '../../../core/http/download.ts';
import { notFound } from '../../../core/http/errors.ts';
import { attach } from '../../../db/schema/index.ts';
import { attachResource } from './attach.resource.ts';

export function attachRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): void {
  /** The stored file under its original name, streamed from wherever it is kept. */
  app.get(
    '/api/blade-resource/attach/download',
    {
      config: { access: access.permission('attach_view') },
      schema: { querystring: z.object({ id: idSchema }) },
    },
    async (req, reply) => {
      const { id } = req.query as { id: string };
      const scope = await accessScope(deps.db, attachResource, principalOf(req));
      const [row] = await deps.db
        .select()
        .from(attach)
        .where(and(scope, eq(attach.id, id)));
      if (!row) throw notFound();
      const holder = await deps.files.holding(row.ossId);
      const body = await holder.storage.read(row.name).catch(() => {
        throw notFound();
      });
      body.once('close', () => holder.close());
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.attachSize)
        .header('content-disposition', attachment(`file.${row.extension}`, row.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
