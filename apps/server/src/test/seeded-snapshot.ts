import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../core/db/client.ts';
import { seed } from '../seed/seed.ts';
import { createDatabase } from './server-process.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: a dump of the migrated, seeded cluster every API test file loads. */
    pgliteSeeded: string;
    /** PostgreSQL: the migrated, seeded database every API test file's database is created from (a template). */
    postgresSeeded: string;
  }
}

/** What the harness seeds: the platform and the demo bank, papers and assignments, without the demo school. */
export const TEST_SEED = { demo: true, demoSchool: false, announce: () => {} };

/**
 * vitest's global setup for the server tests: initdb, the migrations and the seed (regions, argon2 hashes) cost
 * seconds a file, so they are done once a run and every file starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const seeded = await createDatabase(base, `shixun_seeded_${process.pid}`);
    const database = await openDatabase({ databaseUrl: seeded.url, dataDir: 'unused', poolSize: 2 });
    await seed(database.db, TEST_SEED);
    await database.close();
    project.provide('pgliteSeeded', '');
    project.provide('postgresSeeded', `shixun_seeded_${process.pid}`);
    return () => seeded.drop();
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(database.db, TEST_SEED);
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `shixun-test-seeded-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeeded', file);
  project.provide('postgresSeeded', '');
  return async () => rmSync(file, { force: true });
}
