// The embedded default's bench host: PGlite is open in one process alone, so a bench forks a host that runs the
// server built from the sources (as main.ts builds it) and, beside it, the bench's floor on the same PGlite handle.
// The bench's own queries (seeding, checks) reach that handle over IPC (`sqlOf`).
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { here } from './shared.ts';

/** A query from the bench to the host's PGlite. */
interface SqlMessage {
  sqlId: number;
  text: string;
  values?: unknown[];
}

/** int8 as pg gives it (a decimal string), so that the bench reads both databases alike. */
const asText = { 20: (v: string) => v };

/**
 * Runs in the forked host: first boot from the build's migrated template, the demo seeded, the server on PORT and
 * the floor `mount` adds on FLOOR_PORT; answers the bench's queries until SIGTERM.
 */
export async function hostEmbedded(
  mount: (floor: FastifyInstance, client: PGlite, ctx: { filesDir: string; secret: string }) => void,
): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { TokenService } = await import('../src/core/auth/tokens.ts');
  const { openDatabase } = await import('../src/core/db/client.ts');
  const { MemoryStore } = await import('../src/core/kv/store.ts');
  const { SecretBox } = await import('../src/core/secrets/secret-box.ts');
  const { seed } = await import('../src/seed/seed.ts');
  const dataDir = process.env.DATA_DIR!;
  const filesDir = path.join(dataDir, 'files');
  const secret = process.env.JWT_SECRET!;
  // First boot copies the migrated cluster the build leaves beside the bundle, as the built server's first boot does.
  const template = path.join(here, '../dist/pglite-template');
  if (existsSync(path.join(template, 'PG_VERSION')))
    cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ dataDir });
  await seed(database.db, { demo: true, announce: () => {}, filesDir });
  const app = await buildApp({
    database,
    tokens: await TokenService.create(database.db, secret),
    store: new MemoryStore(),
    secrets: await SecretBox.create(database.db, undefined),
    filesDir,
    soffice: null,
    demoAccounts: [],
    logLevel: 'warn',
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

  const client = (database.db as unknown as { $client: PGlite }).$client;
  const floor = Fastify({ logger: false });
  mount(floor, client, { filesDir, secret });
  await floor.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });

  process.on('message', async (m: SqlMessage) => {
    try {
      // Without parameters, as pg's simple protocol: several statements at once.
      const result = m.values?.length
        ? await client.query(m.text, m.values, { parsers: asText })
        : (await client.exec(m.text, { parsers: asText })).at(-1);
      process.send!({ sqlId: m.sqlId, rows: result?.rows ?? [] });
    } catch (e) {
      process.send!({ sqlId: m.sqlId, error: String(e) });
    }
  });
  process.once('SIGTERM', async () => {
    await floor.close();
    await app.close();
    await database.close();
    process.exit(0);
  });
  process.send!('ready');
}

/** Resolves when the forked host is listening; rejects if it exits first. */
export function hostReady(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`bench: the embedded host exited (${code})`)));
  });
}

/** The host's PGlite as the bench's helpers use a pg.Client (they only call `query(text, values)`). */
export function sqlOf(child: ChildProcess): pg.Client {
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (r: { rows: pg.QueryResultRow[] }) => void; reject: (e: Error) => void }
  >();
  child.on('message', (m: { sqlId?: number; rows?: pg.QueryResultRow[]; error?: string }) => {
    if (m.sqlId === undefined) return;
    const w = waiting.get(m.sqlId)!;
    waiting.delete(m.sqlId);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve({ rows: m.rows! });
  });
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`bench: the embedded host exited (${code})`));
    waiting.clear();
  });
  const query = (text: string, values?: unknown[]) =>
    new Promise<{ rows: pg.QueryResultRow[] }>((resolve, reject) => {
      const sqlId = next++;
      waiting.set(sqlId, { resolve, reject });
      child.send({ sqlId, text, values } satisfies SqlMessage);
    });
  return { query } as unknown as pg.Client;
}
