// The API tests again on the embedded database (PGlite, what `npm start` runs), when the main run used PostgreSQL
// (TEST_DATABASE_URL set, as in CI). Without TEST_DATABASE_URL the main run was already on PGlite: nothing to add.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests already ran on PGlite (TEST_DATABASE_URL is not set).');
  process.exit(0);
}
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const run = spawnSync('node', ['scripts/with-deadline.mjs', '15', 'npx', 'vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
