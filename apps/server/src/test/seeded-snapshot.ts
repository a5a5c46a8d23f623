import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../core/db/client.ts';
import { seed } from '../seed/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of the migrated, seeded PGlite cluster every API test file starts from ('' on PostgreSQL). */
    pgliteSeeded: string;
  }
}

/** What the harness seeds: the platform and the demo bank, papers and assignments, without the demo school. */
export const TEST_SEED = { demo: true, demoSchool: false, announce: () => {} };

/**
 * vitest's global setup for the server tests on PGlite: initdb, the migrations and the seed (regions, argon2 hashes)
 * cost seconds a file; they are done once a run and every file loads the dump instead.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSeeded', '');
    return undefined;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await seed(database.db, TEST_SEED);
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `shixun-test-seeded-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSeeded', file);
  return () => rmSync(file, { force: true });
}
