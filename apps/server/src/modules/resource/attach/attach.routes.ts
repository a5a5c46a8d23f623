import { idSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { notFound } from '../../../core/http/errors.ts';
import { attach } from '../../../db/schema/index.ts';
import { attachResource } from './attach.resource.ts';
import { sendStored } from './attach.stream.ts';

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
      return sendStored(reply, deps.files, row);
    },
  );
}
