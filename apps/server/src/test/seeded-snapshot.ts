import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * seconds a file, so they are done once a run — on PGlite once per state of the sources, kept between runs — and
 * every file starts from a copy.
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
  const file = path.join(cacheDir, `seeded-${inputsHash()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seed(database.db, TEST_SEED);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    // A few kept (each is ~45 MB), the oldest go: runs of other states of the tree (another checkout's, a run
    // started just before an edit) may still be reading theirs; a partial file is another run's, still writing.
    mkdirSync(cacheDir, { recursive: true });
    const kept = readdirSync(cacheDir)
      .filter((name) => name.endsWith('.tar'))
      .map((name) => ({ name, at: statSync(path.join(cacheDir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of kept.slice(3)) rmSync(path.join(cacheDir, old.name), { force: true });
    // Written beside, then renamed: a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteSeeded', file);
  project.provide('postgresSeeded', '');
  return async () => {};
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Seeded PGlite clusters of earlier runs, by what made them (node_modules: never committed, gone on a fresh clone). */
const cacheDir = path.join(root, 'node_modules/.cache/shixun-test-seeded');

/**
 * What the seeded cluster is made from: the server's sources but its tests, the contracts, the lockfile (PGlite's
 * version). Any change there makes a new one; an unchanged tree reuses the last (a single small test file then starts
 * in seconds, not after initdb, 17 migrations and the seed).
 */
function inputsHash(): string {
  const hash = createHash('sha256');
  const add = (file: string) => {
    if (statSync(file).isDirectory()) {
      for (const name of readdirSync(file).sort()) add(path.join(file, name));
    } else if (!/\.test\.ts$/.test(file)) {
      hash.update(path.relative(root, file)).update(readFileSync(file));
    }
  };
  for (const input of ['package-lock.json', 'packages/contracts/src', 'apps/server/src']) add(path.join(root, input));
  return hash.digest('hex').slice(0, 16);
}
