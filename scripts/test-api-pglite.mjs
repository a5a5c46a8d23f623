// The API tests again on the embedded database (PGlite, what `npm start` runs), when the main run used PostgreSQL
// (TEST_DATABASE_URL set, as in CI). Without TEST_DATABASE_URL the main run was already on PGlite: nothing to add.
//
// Only the test files that reach a database run again: those that start the app (test/harness.ts) or open a database
// themselves (anything under db/ or core/db/). The others (readers, writers, sanitisers, LibreOffice conversions)
// cannot answer differently on another database, and running them twice cost CI minutes.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests already ran on PGlite (TEST_DATABASE_URL is not set).');
  process.exit(0);
}

const REACHES_DATABASE = /test\/harness|\/db\/|pglite/i;
const files = readdirSync('apps/server/src', { recursive: true })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('apps/server/src', f))
  .filter((f) => REACHES_DATABASE.test(readFileSync(f, 'utf8')))
  .sort();
console.log(`API tests on PGlite: ${files.length} files that reach the database.`);

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const run = spawnSync(
  'node',
  ['scripts/with-deadline.mjs', '15', 'npx', 'vitest', 'run', '--project', 'server', ...files],
  { stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
