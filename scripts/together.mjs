// Runs npm scripts at the same time and fails when any of them fails: `node scripts/together.mjs a b`. The first
// one's output streams; the others' is held and printed when they end, so the log stays readable. CI uses it to
// build the app for the end-to-end tests while the API tests run on PGlite, which leave one core idle at times.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script, i) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', script], { stdio: i === 0 ? 'inherit' : 'pipe' });
      let held = '';
      child.stdout?.on('data', (d) => {
        held += d;
      });
      child.stderr?.on('data', (d) => {
        held += d;
      });
      child.on('close', (code) => {
        if (held) process.stdout.write(`\n== ${script}\n${held}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
