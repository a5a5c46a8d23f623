// The floor of the file-homework bench (filejob.ts): a bare Fastify server that takes a hand-in's bytes in the same
// 1 MB chunks as the tus path and writes them to the same storage directory, then records the hand-in with one
// INSERT. It does what a hand-in cannot do without — check the token, append each chunk at its offset, hash the
// bytes for the receipt, one row — and nothing else: no tus record file, no content sniffing, no second read of the
// file, no rename, no attachment or record rows, no separate result and submit calls.
//
// Like @tus/file-store it creates an empty file, then opens it `r+` at the offset for each chunk and never fsyncs
// (the files are as durable as the page cache makes them on both sides); the INSERT commits as any statement does.
// filejob.ts forks this file: on PostgreSQL as the floor alone (BENCH_FILEJOB_FLOOR=1, its own pool, as floor.ts);
// on the embedded default as the host of both the server and the floor on one PGlite (BENCH_FILEJOB_HOST=1).

import { createHash, type Hash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { newId } from '../src/core/db/ids.ts';
import { hostEmbedded } from './embedded-host.ts';

/** The one table the floor writes: a hand-in (who, which file, its size and SHA-256, when). */
export const FLOOR_TABLE = `create table if not exists bench_filejob_floor (
  id bigint primary key, tenant_id varchar(12) not null, user_id bigint not null, name text not null,
  size bigint not null, sha256 char(64) not null, create_time timestamptz not null)`;

const INSERT = `insert into bench_filejob_floor (id, tenant_id, user_id, name, size, sha256, create_time)
  values ($1, $2, $3, $4, $5, $6, now())`;

/** A statement on whichever database the floor is given (pg's Pool.query, or PGlite's query). */
export type FloorSql = (text: string, values: unknown[]) => Promise<unknown>;

/** An upload in progress: kept in memory (a floor need not survive a restart, unlike tus's record file). */
interface Pending {
  file: string;
  size: number;
  offset: number;
  user: string;
  hash: Hash;
  busy: boolean;
}

/** `yyyyMMdd` in UTC, as core/files/store-file.ts names the day's folder. */
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

const failure = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * `POST /floor/upload` (Upload-Length) creates the empty file under `<filesDir>/<tenant>/<yyyyMMdd>/`, where ours
 * stores a finished upload; `PATCH /floor/upload/:id` (Upload-Offset) appends a chunk, and the one that brings the
 * last byte inserts the hand-in and answers its id and SHA-256 (ours answers those in its result and receipt).
 */
export function filejobFloor(
  app: FastifyInstance,
  opts: { sql: FloorSql; filesDir: string; tenant: string; secret: string },
): void {
  const key = new TextEncoder().encode(opts.secret);
  const uploads = new Map<string, Pending>();
  const caller = async (req: FastifyRequest) => {
    const token = String(req.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '');
    return String((await jwtVerify(token, key, { algorithms: ['HS256'] })).payload.sub);
  };
  // The body is streamed to the disk below, never read by Fastify (as tus.routes.ts does for tus).
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  app.post('/floor/upload', async (req, reply) => {
    const user = await caller(req);
    const size = Number(req.headers['upload-length']);
    if (!Number.isSafeInteger(size) || size <= 0) throw failure(400, 'length');
    const dir = path.join(opts.filesDir, opts.tenant, today());
    await mkdir(dir, { recursive: true });
    const id = randomBytes(18).toString('base64url');
    const file = path.join(dir, `${id}.pdf`);
    await writeFile(file, '');
    uploads.set(id, { file, size, offset: 0, user, hash: createHash('sha256'), busy: false });
    return reply.status(201).header('location', `/floor/upload/${id}`).send();
  });

  app.patch<{ Params: { id: string } }>('/floor/upload/:id', async (req, reply) => {
    const user = await caller(req);
    const up = uploads.get(req.params.id);
    if (!up || up.user !== user) throw failure(404, 'not found');
    // The hash runs in order over the bytes, so only the next chunk, one at a time, is taken.
    if (up.busy || Number(req.headers['upload-offset']) !== up.offset) throw failure(409, 'offset');
    up.busy = true;
    let received = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (up.offset + received > up.size) return done(failure(400, 'too long'));
        up.hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(req.raw, tap, createWriteStream(up.file, { flags: 'r+', start: up.offset }));
    } finally {
      up.busy = false;
    }
    up.offset += received;
    if (up.offset < up.size) return reply.status(204).header('upload-offset', String(up.offset)).send();
    uploads.delete(req.params.id);
    const id = newId();
    const sha256 = up.hash.digest('hex');
    await opts.sql(INSERT, [id, opts.tenant, user, path.basename(up.file), up.size, sha256]);
    return { id, sha256, size: up.size };
  });
}

// ── The processes the floor runs in ──

/** On PostgreSQL: a process and a pool of its own, as floor.ts. */
async function floorProcess(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  filejobFloor(app, {
    sql: (text, values) => pool.query(text, values),
    filesDir: process.env.FILES_DIR!,
    tenant: process.env.FLOOR_TENANT!,
    secret: process.env.JWT_SECRET!,
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send?.('ready');
}

if (process.env.BENCH_FILEJOB_FLOOR === '1') await floorProcess();
if (process.env.BENCH_FILEJOB_HOST === '1') {
  await hostEmbedded((floor, client, { filesDir, secret }) =>
    filejobFloor(floor, { sql: (text, values) => client.query(text, values), filesDir, tenant: '000000', secret }),
  );
}
