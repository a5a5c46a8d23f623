import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { access } from '../core/access/guard.ts';
import type { Database } from '../core/db/client.ts';
import { forbidden } from '../core/http/errors.ts';
import { createBackup } from './backup.ts';
import { consumeToken, fromThisMachine, TOKEN_HEADER } from './control.ts';

/**
 * `POST /api/ops/backup` — only on the embedded database, only for `npm run backup` on this machine with a one-time
 * token from DATA_DIR (control.ts); no session gives access to it. Answers the whole archive (application/gzip),
 * made while the server keeps serving.
 */
export function backupRoutes(app: FastifyInstance, deps: { database: Database; dataDir: string; filesDir: string }) {
  app.post('/api/ops/backup', { config: { access: access.public } }, async (req, reply) => {
    if (!fromThisMachine(req.socket) || !(await consumeToken(deps.dataDir, req.headers[TOKEN_HEADER]))) {
      throw forbidden();
    }
    // drizzle keeps the driver's client as `$client`: the PGlite instance this process has open.
    const client = (deps.database.db as unknown as { $client: PGlite }).$client;
    const work = await mkdtemp(path.join(deps.dataDir, '.backup-'));
    const out = path.join(work, 'backup.tar.gz');
    try {
      const started = Date.now();
      const manifest = await createBackup({
        source: { kind: 'pglite', client },
        filesDir: deps.filesDir,
        out,
        workDir: work,
      });
      const { size } = await stat(out);
      req.log.info({ bytes: size, files: manifest.files.count, ms: Date.now() - started }, 'backup made');
      const body = createReadStream(out);
      body.once('close', () => void rm(work, { recursive: true, force: true }));
      return reply.type('application/gzip').header('content-length', size).send(body);
    } catch (e) {
      await rm(work, { recursive: true, force: true });
      throw e;
    }
  });
}
