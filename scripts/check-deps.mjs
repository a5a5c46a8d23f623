// The dependency rules (issue 27 §2), checked in `npm run lint`: what may import what, read from the sources'
// runtime imports (`import type` is free: types cost nothing at run time and cannot form a loading circle).
//   1. No import circles between files (server, web, contracts).
//   2. The server's core/ and db/ never import modules/, seed/ or the app.
//   3. The platform's modules never import a teaching module.
//   4. A module uses another module only through what it offers: its index.ts or <name>.api.ts.
//   5. A module never imports the composition root (modules/registry.ts).
//   6. A teaching module's tables (db/schema/<its file>.ts) are queried by that module alone: others ask it through
//      its <name>.api.ts (the seed and the tests may set rows up directly).
// Modules meet at the composition root (modules/registry.ts, app.ts): a module offers what others may use in its
// <name>.api.ts, and the platform learns of teaching modules only through what the root registers with it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server/src');

const PLATFORM = ['auth', 'desk', 'files', 'log', 'system', 'user'];
const TEACHING = ['academic', 'question', 'paper', 'assignment'];

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sources(file));
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) && !name.includes('.fixtures.')) out.push(file);
  }
  return out;
}

/** Each file's runtime imports of other files of the same tree. */
function graphOf(dir) {
  const files = sources(dir);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [];
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const target = path.resolve(path.dirname(file), m[1]);
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Circles of files importing each other (Tarjan's strongly connected components of more than one file). */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const circle = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        circle.push(w);
      } while (w !== v);
      if (circle.length > 1) found.push(circle);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const problems = [];
for (const tree of ['apps/server/src', 'apps/web/src', 'packages/contracts/src']) {
  for (const circle of circles(graphOf(path.join(root, tree)))) {
    problems.push(`import circle in ${tree}: ${circle.map((f) => path.relative(root, f)).join(' → ')}`);
  }
}

for (const [file, targets] of graphOf(server)) {
  const from = path.relative(server, file).split(path.sep);
  for (const target of targets) {
    const to = path.relative(server, target).split(path.sep);
    if ((from[0] === 'core' || from[0] === 'db') && !['core', 'db'].includes(to[0])) {
      problems.push(`${from.join('/')} imports ${to.join('/')}: core/ and db/ never import modules, seed or the app`);
    }
    if (from[0] === 'modules' && from.length >= 3 && to[0] === 'modules' && to.length === 2) {
      problems.push(`${from.join('/')} imports ${to.join('/')}: a module never imports the composition root`);
    }
    // Between two modules (files directly under modules/ are the composition root: registry, menus).
    if (from[0] !== 'modules' || to[0] !== 'modules' || from.length < 3 || to.length < 3 || from[1] === to[1]) continue;
    const edge = `${from.slice(1).join('/')} -> ${to.slice(1).join('/')}`;
    const platformToTeaching = PLATFORM.includes(from[1]) && TEACHING.includes(to[1]);
    const offered = to.length === 3 && (to[2] === 'index.ts' || to[2] === `${to[1]}.api.ts`);
    if (!platformToTeaching && offered) continue;
    problems.push(
      platformToTeaching
        ? `modules/${edge}: the platform never imports a teaching module`
        : `modules/${edge}: use modules/${to[1]} through its index.ts or ${to[1]}.api.ts`,
    );
  }
}

/** Teaching tables by owner: each db/schema file of the teaching domain belongs to one module. */
const TABLE_FILES = {
  exam: 'academic',
  question: 'question',
  paper: 'paper',
  assignment: 'assignment',
  practical: 'practical',
  filejob: 'filejob',
  course: 'course',
};
const ownerOf = new Map();
for (const [file, owner] of Object.entries(TABLE_FILES)) {
  const text = readFileSync(path.join(server, 'db/schema', `${file}.ts`), 'utf8');
  for (const m of text.matchAll(/^export const (\w+) = pgTable/gm)) ownerOf.set(m[1], owner);
}
for (const file of sources(server)) {
  const from = path.relative(server, file).split(path.sep);
  if (!['modules', 'core'].includes(from[0])) continue;
  const reader = from[0] === 'modules' ? from[1] : 'core';
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+['"][./]*db\/schema\/index\.ts['"]/gm)) {
    for (const name of m[1].split(',').map((n) => n.trim())) {
      if (!name || name.startsWith('type ')) continue;
      const owner = ownerOf.get(name.split(/\s+as\s+/)[0]);
      if (owner && owner !== reader) {
        problems.push(`${from.join('/')} queries ${name} (${owner}'s table): ask modules/${owner} through its .api.ts`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Dependency rules (scripts/check-deps.mjs): ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Dependency rules: no import circles; core and db below modules; modules use each other as offered.');
