// Bundles the server (and the contracts it imports) into dist/main.js; npm packages stay external.
// Precompresses the built web app (brotli and gzip beside each text file, served by @fastify/static).
// Also prepares a migrated PGlite cluster that already holds the regions: first boot copies it instead of running
// initdb (≈3.5 s) and loading thousands of regions.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url)));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@shixun/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The question import reads uploaded files in a worker thread (modules/question/transfer/import-reader.ts).
await build({
  entryPoints: ['src/modules/question/transfer/import-worker.ts'],
  outfile: 'dist/question-import-worker.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// The template also holds the regions (thousands of rows): first boot then finds them and skips their seed.
await build({
  entryPoints: ['src/seed/regions.ts'],
  outfile: 'dist/seed-regions.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  logLevel: 'warning',
});
const { seedRegions } = await import(path.resolve('dist/seed-regions.mjs'));
const template = new PGlite('dist/pglite-template');
const templateDb = drizzle(template);
await migrate(templateDb, { migrationsFolder: 'dist/migrations' });
await seedRegions(templateDb);
await template.close();
rmSync('dist/seed-regions.mjs');

const webDist = '../web/dist';
const compressible = /\.(js|css|html|svg|json|txt)$/;
function compressTree(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) compressTree(file);
    else if (compressible.test(name) && statSync(file).size > 1024) {
      const body = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}
if (existsSync(webDist)) compressTree(webDist);
