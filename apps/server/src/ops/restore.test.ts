import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../core/db/client.ts';
import { createDatabase } from '../test/server-process.ts';
import { MANIFEST, type Manifest, manifestJson, packArchive } from './archive.ts';
import { createBackup } from './backup.ts';
import {
  backupThroughServer,
  consumeToken,
  fromThisMachine,
  issueToken,
  runningServer,
  SERVER_FILE,
} from './control.ts';
import { findPgTool } from './postgres-tools.ts';
import { restoreBackup } from './restore.ts';

/** Every refusal of backup and restore says what is wrong; the one-time token opens the backup once. */
const work = mkdtempSync(path.join(os.tmpdir(), 'shixun-restore-'));
let database: Database;
/** A real backup of an (empty, migrated) embedded database with one uploaded file. */
let archive: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  const filesDir = path.join(work, 'source-files');
  mkdirSync(path.join(filesDir, '000000/20260101'), { recursive: true });
  mkdirSync(path.join(filesDir, '.tmp'));
  writeFileSync(path.join(filesDir, '000000/20260101/a.txt'), 'kept');
  writeFileSync(path.join(filesDir, '.tmp/upload-in-progress'), 'left out');
  archive = path.join(work, 'real.tar.gz');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await createBackup({ source: { kind: 'pglite', client }, filesDir, out: archive, workDir: work });
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(work, { recursive: true, force: true });
});

const fresh = (name: string) => path.join(work, name);

/** An archive with this manifest and a stand-in dump. */
async function craftedArchive(name: string, manifest: Partial<Manifest>): Promise<string> {
  const staging = mkdtempSync(path.join(work, 'staging-'));
  mkdirSync(path.join(staging, 'database'));
  writeFileSync(path.join(staging, 'database/pglite.tar'), 'not used');
  writeFileSync(path.join(staging, 'database/postgres.dump'), 'not used');
  const full: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    databaseVersion: '18.6',
    migratedTo: 0,
    files: { count: 0, bytes: 0 },
    objectStorage: [],
    ...manifest,
  };
  writeFileSync(path.join(staging, MANIFEST), manifestJson(full));
  const out = path.join(work, name);
  await packArchive(staging, null, out);
  return out;
}

describe('restore', () => {
  it('puts the database and the files into an empty DATA_DIR, without temporary uploads', async () => {
    const dataDir = fresh('empty');
    const manifest = await restoreBackup({ file: archive, dataDir, force: false });
    expect(manifest.files).toEqual({ count: 1, bytes: 4 });
    expect(existsSync(path.join(dataDir, 'pglite/PG_VERSION'))).toBe(true);
    expect(readdirSync(path.join(dataDir, 'files'))).toEqual(['000000']);
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'pglite']); // no staging left behind
  }, 60_000);

  it('refuses a DATA_DIR that holds a database or files, unless forced', async () => {
    const dataDir = fresh('taken');
    mkdirSync(path.join(dataDir, 'files/000000'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files/000000/old.txt'), 'old');
    await expect(restoreBackup({ file: archive, dataDir, force: false })).rejects.toThrow(
      /already holds a database or files: restore into an empty directory \(--data-dir\), or add --force/,
    );
    await restoreBackup({ file: archive, dataDir, force: true });
    expect(readdirSync(path.join(dataDir, 'files/000000'))).toEqual(['20260101']);
  }, 60_000);

  it('refuses while a server runs on the DATA_DIR, even forced', async () => {
    const dataDir = fresh('running');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, SERVER_FILE), JSON.stringify({ pid: process.pid, port: 1, host: '127.0.0.1' }));
    await expect(restoreBackup({ file: archive, dataDir, force: true })).rejects.toThrow(
      `a Shixun server (pid ${process.pid}) is running on ${dataDir}: stop it before restoring`,
    );
  });

  it('says what is wrong with a file that is not a backup', async () => {
    const notGzip = path.join(work, 'notes.txt');
    writeFileSync(notGzip, 'hello');
    await expect(restoreBackup({ file: notGzip, dataDir: fresh('a'), force: false })).rejects.toThrow(
      /notes\.txt is not a Shixun backup \(not a readable \.tar\.gz/,
    );
    await expect(
      restoreBackup({ file: path.join(work, 'nope.tar.gz'), dataDir: fresh('b'), force: false }),
    ).rejects.toThrow(/nope\.tar\.gz does not exist/);
    const otherTar = path.join(work, 'other.tar.gz');
    spawnSync('tar', ['-czf', otherTar, '-C', work, 'notes.txt']);
    await expect(restoreBackup({ file: otherTar, dataDir: fresh('c'), force: false })).rejects.toThrow(
      /other\.tar\.gz is not a Shixun backup: it has no shixun-backup\.json/,
    );
  });

  it('refuses a backup of a newer version, and one for the other kind of database', async () => {
    const newer = await craftedArchive('newer.tar.gz', { migratedTo: Date.parse('2100-01-01') });
    await expect(restoreBackup({ file: newer, dataDir: fresh('d'), force: false })).rejects.toThrow(
      /made by a newer version of Shixun/,
    );
    const postgres = await craftedArchive('postgres.tar.gz', { database: 'postgres', dumpVersion: '15.20' });
    await expect(restoreBackup({ file: postgres, dataDir: fresh('e'), force: false })).rejects.toThrow(
      'this backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
    await expect(
      restoreBackup({ file: archive, dataDir: fresh('f'), databaseUrl: 'postgres://x@127.0.0.1:1/x', force: false }),
    ).rejects.toThrow(/holds an embedded database \(PGlite\), but DATABASE_URL is set/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('refuses a PostgreSQL database that is not empty', async () => {
    const db = await createDatabase(process.env.TEST_DATABASE_URL!, `restore_taken_${process.pid}`);
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('create table kept (id int)');
      await client.end();
      const postgres = await craftedArchive('postgres-taken.tar.gz', { database: 'postgres', dumpVersion: '15.20' });
      await expect(
        restoreBackup({ file: postgres, dataDir: fresh('g'), databaseUrl: db.url, force: false }),
      ).rejects.toThrow(/the database of DATABASE_URL is not empty: restore into an empty database/);
    } finally {
      await db.drop();
    }
  });
});

describe("PostgreSQL's tools", () => {
  it('names the client package to install when pg_dump is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(findPgTool('pg_dump', 99)).rejects.toThrow(
        /pg_dump was not found\. .*apt-get install postgresql-client-99/,
      );
    } finally {
      process.env.PATH = path;
    }
  });

  const onPath = spawnSync('pg_dump', ['--version']).status === 0;
  it.skipIf(!onPath)('refuses a pg_dump older than the server', async () => {
    await expect(findPgTool('pg_dump', 99)).rejects.toThrow(/is version \d+\.\d+, older than the 99 it must work with/);
  });
});

describe('the one-time backup token', () => {
  it('opens one request, from a file only its owner can read', async () => {
    const dataDir = fresh('tokens');
    mkdirSync(dataDir);
    const token = await issueToken(dataDir);
    expect(await consumeToken(dataDir, token.header)).toBe(true);
    expect(await consumeToken(dataDir, token.header)).toBe(false); // used up
    expect(readdirSync(dataDir)).toEqual([]);

    const readable = await issueToken(dataDir);
    chmodSync(path.join(dataDir, readdirSync(dataDir)[0]!), 0o644);
    expect(await consumeToken(dataDir, readable.header)).toBe(false);

    const guessed = await issueToken(dataDir);
    const [id] = guessed.header.split('.');
    expect(await consumeToken(dataDir, `${id}.${'0'.repeat(64)}`)).toBe(false);
    for (const header of [undefined, '', '../../etc/passwd', `${id}.short`]) {
      expect(await consumeToken(dataDir, header)).toBe(false);
    }
  });

  it('is taken only from this machine', () => {
    expect(fromThisMachine({ remoteAddress: '127.0.0.1', localAddress: '127.0.0.1' })).toBe(true);
    expect(fromThisMachine({ remoteAddress: '::ffff:127.0.0.1', localAddress: '::ffff:127.0.0.1' })).toBe(true);
    expect(fromThisMachine({ remoteAddress: '::1', localAddress: '::1' })).toBe(true);
    expect(fromThisMachine({ remoteAddress: '10.0.0.5', localAddress: '10.0.0.5' })).toBe(true);
    expect(fromThisMachine({ remoteAddress: '10.0.0.9', localAddress: '10.0.0.5' })).toBe(false);
    expect(fromThisMachine({ remoteAddress: '203.0.113.7', localAddress: '127.0.0.1' })).toBe(false);
  });

  it('waits for a server that is still starting', async () => {
    const dataDir = fresh('starting');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, SERVER_FILE), JSON.stringify({ pid: process.pid }));
    const server = runningServer(dataDir)!;
    await expect(backupThroughServer(dataDir, server, path.join(work, 'never.tar.gz'))).rejects.toThrow(
      `the server (pid ${process.pid}) on ${dataDir} is still starting: try again once it is ready`,
    );
  });

  it('ignores a server file left by a process that is gone', () => {
    const dataDir = fresh('stale');
    mkdirSync(dataDir);
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    writeFileSync(path.join(dataDir, SERVER_FILE), JSON.stringify({ pid: Number(gone), port: 1, host: '127.0.0.1' }));
    expect(runningServer(dataDir)).toBeNull();
  });
});
