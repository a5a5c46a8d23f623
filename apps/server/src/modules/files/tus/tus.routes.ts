import { RESUMABLE_UPLOAD_PATH } from '@shixun/contracts';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ok } from '../../../core/http/envelope.ts';
import { AppError } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import { assertUploadBudget } from '../upload.ts';
import { expireUploadsJob } from './tus.expire.ts';
import { ResumableUploads } from './tus.service.ts';
import { newUploadId, UploadStore, uploadsDir } from './tus.store.ts';
import { sendWeb, webRequestOf } from './tus.web.ts';

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const byId = z.object({ id: z.string().max(64) });

/**
 * Resumable uploads, the tus 1.0 protocol (@tus/server over @tus/file-store), for files too large to send in one
 * go over a school's network: POST creates (checked here first), HEAD answers how much has arrived, PATCH appends,
 * DELETE abandons, OPTIONS tells what the server offers. Every call is signed in like the rest of the API, and an
 * upload is its creator's alone. The last PATCH stores the file like put-file; `GET <upload>/result` answers what
 * it became.
 */
export async function tusRoutes(app: TypedApp, deps: { db: Db; files: FileStore; store: KvStore }): Promise<void> {
  const dir = uploadsDir(deps.files.filesDir);
  const service = new ResumableUploads(deps.db, deps.files, new UploadStore(dir));
  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: service.uploads,
    // The upload's URL is relative, so neither Host nor forwarded headers decide where a client sends its bytes.
    relativeLocation: true,
    namingFunction: newUploadId,
    disableTerminationForFinishedUploads: true,
    // Same origin only: no Access-Control-Allow-Origin.
    allowedOrigins: () => false,
  });
  app.jobs.define(expireUploadsJob(dir));

  const settings = { config: { access: access.signedIn } };

  await app.register(async (scope) => {
    // The bytes of a PATCH are tus's to stream to the disk: Fastify must not read (or limit) them.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    scope.route({
      method: ['POST', 'OPTIONS'],
      url: RESUMABLE_UPLOAD_PATH,
      ...settings,
      handler: async (req, reply) => {
        if (req.method === 'OPTIONS') return sendWeb(reply, await tus.handleWeb(webRequestOf(req)));
        const p = principalOf(req);
        const metadata = await service.admit(p, {
          length: header(req, 'upload-length'),
          metadata: header(req, 'upload-metadata'),
        });
        await assertUploadBudget(deps.store, p.userId);
        return sendWeb(reply, await tus.handleWeb(webRequestOf(req, { 'upload-metadata': metadata })));
      },
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${RESUMABLE_UPLOAD_PATH}/:id`,
      ...settings,
      schema: { params: byId },
      handler: async (req: FastifyRequest<{ Params: z.infer<typeof byId> }>, reply: FastifyReply) => {
        const p = principalOf(req);
        const { upload, record } = await service.own(p, req.params.id);
        if (req.method === 'PATCH' && record.attachId) throw new AppError(409, 'file.tus.finished');
        const res = await tus.handleWeb(webRequestOf(req));
        // This PATCH brought the last byte: store the file before answering (a refusal is this PATCH's answer).
        const before = Number(header(req, 'upload-offset'));
        const after = Number(res.headers.get('upload-offset'));
        if (req.method === 'PATCH' && res.status === 204 && before < (upload.size ?? 0) && after === upload.size) {
          await service.finish(p, upload, req.log);
        }
        return sendWeb(reply, res);
      },
    });

    /** What a finished upload became: the attachment (id, link, names, size, SHA-256, when the upload began). */
    scope.get(`${RESUMABLE_UPLOAD_PATH}/:id/result`, { ...settings, schema: { params: byId } }, async (req) =>
      ok(localeOf(req), await service.result(principalOf(req), (req.params as z.infer<typeof byId>).id, req.log)),
    );
  });
}
