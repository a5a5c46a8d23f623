import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../core/db/client.ts';
import { type Manifest, PGLITE_DUMP, POSTGRES_DUMP, unpackArchive } from './archive.ts';
import { runningServer } from './control.ts';
import { findPgTool, inspectPostgres, pgToolTarget } from './postgres-tools.ts';
import { OpsError, run } from './run.ts';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Set: restore into this PostgreSQL database; unset: into the embedded database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Replace the database and files that are there. */
  force: boolean;
}

/**
 * Puts a backup (archive.ts) back: the embedded database into `<DATA_DIR>/pglite` with PGlite's own loader, or a
 * PostgreSQL dump into the database of DATABASE_URL with pg_restore (one transaction: all or nothing), and the files
 * into `<DATA_DIR>/files`. The target must hold no database and no files, unless `force`.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const dataDir = path.resolve(opts.dataDir);
  const server = runningServer(dataDir);
  if (server) {
    throw new OpsError(`a Shixun server (pid ${server.pid}) is running on ${dataDir}: stop it before restoring`);
  }
  await mkdir(dataDir, { recursive: true });
  // Inside the target, so the files are moved in, not copied.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    const manifest = await unpackArchive(path.resolve(opts.file), staging);
    refuseNewerSchema(manifest);
    const filesDir = path.join(dataDir, 'files');
    if (manifest.database === 'pglite') await restorePglite(staging, dataDir, opts);
    else await restorePostgres(staging, filesDir, manifest, opts);
    await rm(filesDir, { recursive: true, force: true });
    if (existsSync(path.join(staging, 'files'))) await moveTree(path.join(staging, 'files'), filesDir);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function refuseNewerSchema(manifest: Manifest): void {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const known = Math.max(...journal.entries.map((e) => e.when));
  if (manifest.migratedTo > known) {
    throw new OpsError(
      'this backup was made by a newer version of Shixun (its database has changes this version does not know): ' +
        'restore it with that version or a later one',
    );
  }
}

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

async function restorePglite(staging: string, dataDir: string, opts: RestoreOptions): Promise<void> {
  if (opts.databaseUrl) {
    throw new OpsError(
      'this backup holds an embedded database (PGlite), but DATABASE_URL is set: unset it to restore into DATA_DIR ' +
        '(a restore does not move an embedded database into PostgreSQL)',
    );
  }
  const databaseDir = path.join(dataDir, 'pglite');
  const filesDir = path.join(dataDir, 'files');
  if (!opts.force && (hasEntries(databaseDir) || hasEntries(filesDir))) {
    throw new OpsError(
      `${dataDir} already holds a database or files: restore into an empty directory (--data-dir), or add --force ` +
        'to replace them',
    );
  }
  await rm(databaseDir, { recursive: true, force: true });
  await mkdir(databaseDir, { recursive: true });
  const tarball = new Blob([await readFile(path.join(staging, PGLITE_DUMP))], { type: 'application/x-tar' });
  try {
    const db = await PGlite.create(databaseDir, { loadDataDir: tarball });
    await db.query('select 1');
    await db.close();
  } catch (e) {
    await rm(databaseDir, { recursive: true, force: true });
    throw new OpsError(`the embedded database in this backup could not be opened: ${(e as Error).message}`);
  }
}

async function restorePostgres(staging: string, filesDir: string, manifest: Manifest, opts: RestoreOptions) {
  if (!opts.databaseUrl) {
    throw new OpsError(
      'this backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  }
  const target = await inspectPostgres(opts.databaseUrl);
  if (!opts.force && (!target.empty || hasEntries(filesDir))) {
    throw new OpsError(
      `${target.empty ? filesDir : 'the database of DATABASE_URL'} is not empty: restore into an empty database ` +
        '(createdb) and an empty DATA_DIR, or add --force to replace what is there',
    );
  }
  const dumpMajor = Number.parseInt(manifest.dumpVersion ?? manifest.databaseVersion, 10);
  const pgRestore = await findPgTool('pg_restore', dumpMajor);
  const { dbname, env } = pgToolTarget(opts.databaseUrl);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (opts.force) args.push('--clean', '--if-exists');
  const result = await run(pgRestore.path, [...args, path.join(staging, POSTGRES_DUMP)], env);
  if (result.code !== 0) throw new OpsError(`pg_restore failed (nothing was restored): ${result.stderr}`);
}

/** A rename, or a copy where the target is on another file system. */
async function moveTree(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await cp(from, to, { recursive: true });
  }
}
