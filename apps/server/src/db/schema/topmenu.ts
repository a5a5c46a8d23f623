import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

/** A tenant's top-bar groups of menus (BladeX blade_top_menu). */
export const topMenu = pgTable(
  'sys_top_menu',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    source: varchar('source', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_top_menu_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

/** Which menus a top menu shows (BladeX blade_top_menu_setting). */
export const topMenuSetting = pgTable(
  'sys_top_menu_setting',
  { topMenuId: id('top_menu_id').notNull(), menuId: id('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.topMenuId, t.menuId] }), index('sys_top_menu_setting_menu_idx').on(t.menuId)],
);
