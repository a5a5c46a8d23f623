import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuIconNames } from './icons.tsx';

const seedDir = path.resolve(__dirname, '../../../server/src/seed');

describe('menu icons', () => {
  it('knows every icon the seeded menus name (an unknown one falls back to the grid icon)', () => {
    const named = new Set<string>();
    for (const file of readdirSync(seedDir).filter((f) => f.endsWith('.ts'))) {
      for (const m of readFileSync(path.join(seedDir, file), 'utf8').matchAll(/'([A-Z]\w+Outlined)'/g))
        named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((icon) => !menuIconNames.includes(icon))).toEqual([]);
  });
});
