// `npm start`: build when the sources changed since the last build, then serve. A second start of an unchanged
// checkout skips the build (≈ 20–30 s) and serves at once. What the build reads is fingerprinted by content
// (sources, build settings, the lockfile); the fingerprint of the last successful build is kept beside the server's
// bundle (apps/server/dist/.build-inputs), so deleting dist or changing any input builds again.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/server/dist/.build-inputs');
const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const inputs = [
  'package-lock.json',
  'packages/contracts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.plugins.ts',
  'apps/web/package.json',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
];

function hashInto(hash, file) {
  if (!existsSync(file)) return;
  if (statSync(file).isDirectory()) {
    for (const name of readdirSync(file).sort()) {
      if (name !== 'node_modules') hashInto(hash, path.join(file, name));
    }
    return;
  }
  hash.update(path.relative(root, file));
  hash.update(readFileSync(file));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) hashInto(hash, path.join(root, input));
  return hash.digest('hex');
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const current = fingerprint();
const upToDate =
  built.every((f) => existsSync(path.join(root, f))) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8').trim() === current;
if (upToDate) {
  console.log('Build is up to date (sources unchanged since the last build): serving it.');
} else {
  run(['run', 'build']);
  writeFileSync(stamp, `${current}\n`);
}
// The server itself (what `npm run serve` runs), with stop signals passed on so it shuts down gracefully.
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
