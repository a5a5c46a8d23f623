import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

/**
 * 数据权限: a tenant's rule limiting which rows of a resource a role sees. Tenant-owned, because a custom rule
 * names the tenant's own depts. `scopeType` 1 all, 2 self, 3 own dept, 4 dept and children, 5 custom depts.
 */
export const scopeData = pgTable(
  'sys_scope_data',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    menuId: id('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 50 }).notNull(),
    scopeName: varchar('scope_name', { length: 100 }).notNull(),
    scopeType: integer('scope_type').notNull(),
    /** Custom rules: comma-separated dept ids. Never SQL. */
    scopeValue: varchar('scope_value', { length: 4000 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('sys_scope_data_tenant_idx').on(t.tenantId, t.resourceCode)],
);

/** 接口权限: a tenant's rule that only roles granted it may call the paths it covers. */
export const scopeApi = pgTable(
  'sys_scope_api',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    menuId: id('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 50 }).notNull(),
    scopeName: varchar('scope_name', { length: 100 }).notNull(),
    scopePath: varchar('scope_path', { length: 255 }).notNull(),
    /** 1 system API, 2 business API: a label only. */
    scopeType: integer('scope_type').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('sys_scope_api_tenant_idx').on(t.tenantId)],
);

/** Scopes granted to roles: category 1 data, 2 API (BladeX `blade_role_scope`). */
export const roleScope = pgTable(
  'sys_role_scope',
  {
    roleId: id('role_id').notNull(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: id('scope_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.scopeCategory, t.scopeId] }),
    index('sys_role_scope_scope_idx').on(t.scopeId),
  ],
);
