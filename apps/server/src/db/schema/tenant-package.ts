import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns.ts';

/**
 * 租户产品包 (BladeX blade_tenant_package): the menus a tenant may use at all. Global, the platform superuser's. A
 * tenant given a package sees, and can grant, only the menus that are both granted to its roles and in the package.
 */
export const tenantPackage = pgTable(
  'sys_tenant_package',
  {
    id: id('id').primaryKey(),
    packageName: varchar('package_name', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_tenant_package_name_uq').on(t.packageName).where(sql`is_deleted = 0`)],
);

/** Which menus (pages and buttons) a package holds. */
export const tenantPackageMenu = pgTable(
  'sys_tenant_package_menu',
  { packageId: id('package_id').notNull(), menuId: id('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.packageId, t.menuId] }), index('sys_tenant_package_menu_menu_idx').on(t.menuId)],
);
