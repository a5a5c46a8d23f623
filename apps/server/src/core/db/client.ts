import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migratePostgres } from './migrate.ts';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.ts';
import { guardRootHandle } from './tx-guard.ts';

/**
 * The one database handle type: the same drizzle API over PGlite or node-postgres. No relational schema: nothing
 * uses `db.query`, and with one every transaction would build a query builder per table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  /** The root handle: refuses to be used inside one of its own transactions (tx-guard.ts). */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema queries run in (`public` unless a search path was given): notifications name it. */
  schemaName: string;
  notifications: Notifications;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Migrations live beside the sources and are copied next to the bundle by build.mjs. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../db/migrations'), path.resolve(here, 'migrations')];
  return process.env.MIGRATIONS_DIR ?? candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** The empty migrated cluster build.mjs leaves beside the bundle (absent when running from sources). */
function pgliteTemplate(): string | undefined {
  const candidate = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');
  return existsSync(path.join(candidate, 'PG_VERSION')) ? candidate : undefined;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` for an in-memory database. */
  dataDir: string;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster (the tests' seeded copy). */
  loadDataDir?: Blob;
  /** PostgreSQL schema to use (tests run one schema per file). */
  searchPath?: string;
  poolSize?: number;
}

/** How long a query waits for a connection (a new one, or a turn in the pool's queue) before it is refused. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool of connections to PostgreSQL, made to fail fast while the database is out of reach (answered 503, see
 * core/http/unavailable.ts) and to heal by itself. A pooled connection cut by the server (restart, failover,
 * terminated backend) is dropped and replaced; the query that was using it reports the failure. A connection lost
 * while checked out is released by itself: drizzle releases a transaction's connection only once its BEGIN
 * succeeded, and each one lost at BEGIN would otherwise shrink the pool for good.
 */
export function postgresPool(connection: pg.PoolConfig, max: number): pg.Pool {
  const pool = new pg.Pool({ ...connection, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // Without a listener a lost connection would crash the process.
  const lost = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const connect = pool.connect.bind(pool);
  // The promise form is what drizzle's transactions use; pool.query (the callback form) releases on its own.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connect().then(releasedWhenLost)) as typeof pool.connect;
  return pool;
}

/** A checked-out client that goes back to the pool (to be discarded) when its connection ends; released once. */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => client.release(new Error('connection lost while checked out'));
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(err);
  };
  client.once('end', onEnd);
  return client;
}

/** Open PostgreSQL when a URL is given, else embedded PGlite, and bring the schema up to date. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const connection = {
      connectionString: opts.databaseUrl,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    };
    const pool = postgresPool(connection, opts.poolSize ?? 10);
    const db = drizzlePg(pool);
    await migratePostgres(connection, folder, opts.searchPath ?? 'drizzle');
    const notifications = postgresNotifications(connection);
    return {
      db: guardRootHandle(db as unknown as Db),
      kind: 'postgres',
      schemaName: opts.searchPath ?? 'public',
      notifications,
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : path.resolve(opts.dataDir, 'pglite');
  if (dir && !existsSync(dir)) {
    const template = pgliteTemplate();
    if (template) cpSync(template, dir, { recursive: true });
    else mkdirSync(dir, { recursive: true });
  }
  // The options form: `new PGlite(undefined, options)` ignores the options.
  const client = new PGlite({ dataDir: dir, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: folder });
  const notifications = pgliteNotifications(client);
  return {
    db: guardRootHandle(db as unknown as Db),
    kind: 'pglite',
    schemaName: 'public',
    notifications,
    ping: () => ping(db as unknown as Db),
    close: async () => {
      await notifications.close();
      await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
