// `npm run backup -- [--out <file>] [--data-dir <dir>]` and `npm run restore -- <file> [--data-dir <dir>] [--force]`,
// with the server's own environment (DATA_DIR, DATABASE_URL). See README "Backup and restore".
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config.ts';
import { type Manifest, readManifest } from './archive.ts';
import { createBackup } from './backup.ts';
import { backupThroughServer, runningServer } from './control.ts';
import { restoreBackup } from './restore.ts';
import { OpsError } from './run.ts';

const USAGE = `usage:
  npm run backup -- [--out <file>] [--data-dir <dir>]
  npm run restore -- <file> [--data-dir <dir>] [--force]`;

class UsageError extends Error {}

async function backup(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { out: { type: 'string' }, 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const config = loadConfig();
  const dataDir = path.resolve(values['data-dir'] ?? config.DATA_DIR);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = path.resolve(values.out ?? `shixun-backup-${stamp}.tar.gz`);
  if (existsSync(out)) throw new OpsError(`${out} already exists: choose another --out`);
  const filesDir = path.join(dataDir, 'files');

  if (config.DATABASE_URL) {
    await createBackup({
      source: { kind: 'postgres', url: config.DATABASE_URL },
      filesDir,
      out,
      workDir: path.dirname(out),
    });
  } else {
    const server = runningServer(dataDir);
    if (server) {
      console.log(`Asking the running server (pid ${server.pid}) for a copy; it keeps serving meanwhile.`);
      await backupThroughServer(dataDir, server, out);
    } else {
      const databaseDir = path.join(dataDir, 'pglite');
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
        throw new OpsError(
          `there is no embedded database in ${dataDir}. Run the backup with the server's DATA_DIR (or --data-dir), ` +
            'and for a PostgreSQL installation with its DATABASE_URL',
        );
      }
      console.log(`No server is running on ${dataDir}: reading the database directly.`);
      const client = await PGlite.create(databaseDir);
      try {
        await createBackup({ source: { kind: 'pglite', client }, filesDir, out, workDir: path.dirname(out) });
      } finally {
        await client.close();
      }
    }
  }
  report(out, await readManifest(out), (await stat(out)).size);
}

function report(out: string, manifest: Manifest, bytes: number): void {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Backup written: ${out} (${mb(bytes)})`);
  console.log(`  database: ${manifest.database} ${manifest.databaseVersion}`);
  console.log(`  uploaded files on the local disk: ${manifest.files.count} (${mb(manifest.files.bytes)})`);
  for (const b of manifest.objectStorage) {
    console.log(
      `  NOT in the archive: files in bucket ${b.bucketName} at ${b.endpoint} (tenant ${b.tenantId}, ${b.ossCode}) — back it up with the bucket's own tools`,
    );
  }
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('name one backup file to restore');
  const config = loadConfig();
  const dataDir = path.resolve(values['data-dir'] ?? config.DATA_DIR);
  const manifest = await restoreBackup({
    file: positionals[0]!,
    dataDir,
    databaseUrl: config.DATABASE_URL,
    force: values.force,
  });
  console.log(`Restored the backup of ${manifest.createdAt} (${manifest.database}, ${manifest.files.count} files).`);
  console.log(`Start the server with DATA_DIR=${dataDir}${config.DATABASE_URL ? ' and this DATABASE_URL' : ''}.`);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'backup') await backup(args);
    else if (command === 'restore') await restore(args);
    else throw new UsageError(`unknown command: ${command ?? '(none)'}`);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      process.exit(2);
    }
    if (e instanceof OpsError || e instanceof ConfigError) {
      console.error(`error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}

await main();
