import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestampColumn } from './columns.ts';

const code = (name: string) => varchar(name, { length: 12 }).notNull().default('');
const name = (column: string) => varchar(column, { length: 64 }).notNull().default('');

/**
 * 行政区划 (BladeX `blade_region`): global reference data keyed by its administrative code, as BladeX keys it.
 * Ancestors, level and the province…village columns are derived from the parent on insert and never taken from
 * a request. Rows are deleted for real: nothing references a region by anything but its code.
 */
export const region = pgTable(
  'sys_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    /** "00" for provinces. */
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    /** "00,<province>,<city>…" */
    ancestors: varchar('ancestors', { length: 100 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 1 province, 2 city, 3 district, 4 town, 5 village. */
    regionLevel: integer('region_level').notNull(),
    provinceCode: code('province_code'),
    provinceName: name('province_name'),
    cityCode: code('city_code'),
    cityName: name('city_name'),
    districtCode: code('district_code'),
    districtName: name('district_name'),
    townCode: code('town_code'),
    townName: name('town_name'),
    villageCode: code('village_code'),
    villageName: name('village_name'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createUser: id('create_user'),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
    updateUser: id('update_user'),
    updateTime: timestampColumn('update_time').notNull().defaultNow(),
  },
  (t) => [index('sys_region_parent_idx').on(t.parentCode, t.sort, t.code)],
);
