import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type ServerProcess, startServer } from '../../test/server-process.ts';
import { migrationsFolder } from './client.ts';
import { migratePostgres } from './migrate.ts';

/**
 * Two instances starting at the same moment on one PostgreSQL database — a new one, and one an earlier release
 * migrated (an upgrade) — both come up, and every migration is applied once. PostgreSQL only: PGlite belongs to one
 * process.
 */
const base = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), 'shixun-migrate-'));
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** The migrations folder of an earlier release: its first `count` migrations. */
function earlierMigrations(count: number): string {
  const folder = path.join(work, `migrations-${count}`);
  cpSync(migrationsFolder(), folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return folder;
}

async function startTogether(name: string, databaseUrl: string): Promise<void> {
  const servers: ServerProcess[] = [];
  for (const n of [1, 2]) {
    const dataDir = path.join(work, `${name}-${n}`);
    // Production: no demo school, so the start is quick; the seed's first-start work runs all the same.
    const env = { NODE_ENV: 'production', ADMIN_PASSWORD: 'first-admin-password' };
    servers.push(await startServer({ dataDir, databaseUrl, env }));
  }
  cleanups.push(async () => {
    for (const s of servers) await s.stop();
  });
  await Promise.all(servers.map((s) => s.healthy(80_000)));
}

async function appliedMigrations(url: string): Promise<{ hash: string; n: number }[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash order by min(created_at)',
    );
    return rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!base)('instances starting together on PostgreSQL', () => {
  it('both come up on a new database; each migration is applied once', async () => {
    const db = await createDatabase(base!, `helpere_mig_new_${process.pid}`);
    cleanups.push(db.drop);
    await startTogether('new', db.url);
    const applied = await appliedMigrations(db.url);
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((m) => m.n === 1)).toBe(true);
  }, 120_000);

  it('both come up on a database an earlier release migrated, and bring it up to date once', async () => {
    const db = await createDatabase(base!, `helpere_mig_old_${process.pid}`);
    cleanups.push(db.drop);
    await migratePostgres({ connectionString: db.url }, earlierMigrations(8), 'drizzle');
    expect(await appliedMigrations(db.url)).toHaveLength(8);
    await startTogether('older', db.url);
    const applied = await appliedMigrations(db.url);
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((m) => m.n === 1)).toBe(true);
  }, 120_000);
});
