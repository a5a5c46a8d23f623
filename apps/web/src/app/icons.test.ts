import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuIconNames } from './icons.tsx';

/** Where the server's modules declare their menus (what the seed loads): every modules/<module>/*.menus.ts. */
const modulesDir = path.resolve(__dirname, '../../../server/src/modules');
const menuFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.menus.ts'))
  .map((f) => path.join(modulesDir, f));

describe('menu icons', () => {
  it('knows every icon the seeded menus name (an unknown one falls back to the grid icon)', () => {
    const named = new Set<string>();
    for (const file of menuFiles) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'([A-Z]\w+Outlined)'/g)) named.add(m[1]!);
    }
    expect(menuFiles.length).toBeGreaterThanOrEqual(5);
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((icon) => !menuIconNames.includes(icon))).toEqual([]);
  });
});
