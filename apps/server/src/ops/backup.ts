import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  countFiles,
  MANIFEST,
  type Manifest,
  manifestJson,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  packArchive,
} from './archive.ts';
import { findPgTool, inspectPostgres, pgToolTarget } from './postgres-tools.ts';
import { OpsError, run } from './run.ts';

/** What a backup reads the database from: the embedded database's open client, or PostgreSQL's URL. */
export type BackupSource = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

type Query = <T>(text: string) => Promise<T[]>;

/**
 * Writes one archive (archive.ts) with the database and the files kept in `filesDir`. The database comes first: a
 * consistent snapshot (PGlite's dump of its data directory, taken between two statements; pg_dump's one transaction),
 * then the files, so each file the snapshot names is in the archive. The archive appears under `out` only once
 * complete. `workDir` holds the dump meanwhile (use a directory on a disk with room for it).
 */
export async function createBackup(opts: {
  source: BackupSource;
  filesDir: string | null;
  out: string;
  workDir: string;
}): Promise<Manifest> {
  if (existsSync(opts.out)) throw new OpsError(`${opts.out} already exists: choose another --out`);
  const staging = await mkdtemp(path.join(opts.workDir, '.shixun-backup-'));
  try {
    await mkdir(path.join(staging, 'database'));
    const dumped =
      opts.source.kind === 'pglite'
        ? await dumpPglite(opts.source.client, path.join(staging, PGLITE_DUMP))
        : await dumpPostgres(opts.source.url, path.join(staging, POSTGRES_DUMP));
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      ...dumped,
      files: opts.filesDir ? await countFiles(opts.filesDir) : { count: 0, bytes: 0 },
    };
    await writeFile(path.join(staging, MANIFEST), manifestJson(manifest));
    const partial = path.join(staging, 'archive.tar.gz');
    await packArchive(staging, opts.filesDir, partial);
    await moveFile(partial, opts.out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

type Dumped = Pick<Manifest, 'database' | 'databaseVersion' | 'dumpVersion' | 'migratedTo' | 'objectStorage'>;

async function dumpPglite(client: PGlite, file: string): Promise<Dumped> {
  // Taken under PGlite's query lock, between two statements: what is committed is in it (its WAL replays on open).
  const tarball = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  const query: Query = async <T>(text: string) => (await client.query<T>(text)).rows;
  const [server] = await query<{ version: string }>("select current_setting('server_version') as version");
  return { database: 'pglite', databaseVersion: server!.version, ...(await databaseFacts(query)) };
}

async function dumpPostgres(url: string, file: string): Promise<Dumped> {
  const server = await inspectPostgres(url);
  const pgDump = await findPgTool('pg_dump', server.major);
  const target = pgToolTarget(url);
  const result = await run(pgDump.path, ['--format=custom', `--file=${file}`, `--dbname=${target.dbname}`], target.env);
  if (result.code !== 0) throw new OpsError(`pg_dump failed: ${result.stderr}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = async <T>(text: string) => (await client.query(text)).rows as T[];
    return {
      database: 'postgres',
      databaseVersion: server.version,
      dumpVersion: pgDump.version,
      ...(await databaseFacts(query)),
    };
  } finally {
    await client.end();
  }
}

/** The latest migration applied, and every bucket files were stored in (which the archive does not hold). */
async function databaseFacts(query: Query): Promise<Pick<Manifest, 'migratedTo' | 'objectStorage'>> {
  const [migrated] = await query<{ at: string | null }>(
    'select max(created_at)::text as at from drizzle.__drizzle_migrations',
  );
  const buckets = await query<Manifest['objectStorage'][number]>(
    `select tenant_id as "tenantId", oss_code as "ossCode", endpoint, bucket_name as "bucketName"
       from resource_oss order by tenant_id, oss_code`,
  );
  return { migratedTo: Number(migrated?.at ?? 0), objectStorage: buckets };
}

/** A rename, or a copy where the target is on another file system. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await copyFile(from, `${to}.partial`);
    await rename(`${to}.partial`, to);
  }
}
