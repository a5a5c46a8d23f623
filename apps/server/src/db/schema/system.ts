import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

const live = sql`is_deleted = 0`;

export const tenant = pgTable(
  'sys_tenant',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 100 }).notNull(),
    /** The name in English ('' = none); see englishTextSchema in contracts. */
    tenantNameEn: varchar('tenant_name_en', { length: 100 }).notNull().default(''),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    backgroundUrl: varchar('background_url', { length: 1000 }).notNull().default(''),
    linkman: varchar('linkman', { length: 50 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 50 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    /** -1 = unlimited accounts. */
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: timestampColumn('expire_time'),
    packageId: id('package_id'),
    datasourceId: id('datasource_id'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_tenant_tenant_id_uq').on(t.tenantId).where(live)],
);

export const client = pgTable(
  'sys_client',
  {
    id: id('id').primaryKey(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    /** argon2id of the secret; the secret itself is never stored. */
    clientSecretHash: varchar('client_secret_hash', { length: 255 }).notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 255 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 1000 }).notNull().default(''),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_client_client_id_uq').on(t.clientId).where(live)],
);

export const user = pgTable(
  'sys_user',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    code: varchar('code', { length: 50 }).notNull().default(''),
    /** 1 web, 2 app, 3 other. */
    userType: integer('user_type').notNull().default(1),
    account: varchar('account', { length: 64 }).notNull(),
    /** argon2id(md5(password)); never leaves the server. */
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    name: varchar('name', { length: 50 }).notNull().default(''),
    realName: varchar('real_name', { length: 50 }).notNull().default(''),
    avatar: varchar('avatar', { length: 1000 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    birthday: timestampColumn('birthday'),
    /** 1 male, 2 female, 0 unknown. */
    sex: integer('sex').notNull().default(0),
    deptId: id('dept_id'),
    postId: id('post_id'),
    /** Consecutive failed sign-ins; reset by a successful one. */
    loginFailCount: integer('login_fail_count').notNull().default(0),
    lockedUntil: timestampColumn('locked_until'),
    /** Social-login id a guest registered with; a record only, never trusted for access. */
    oauthId: varchar('oauth_id', { length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('sys_user_account_uq').on(t.tenantId, t.account).where(live),
    index('sys_user_tenant_idx').on(t.tenantId),
  ],
);

export const role = pgTable(
  'sys_role',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    parentId: id('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 50 }).notNull(),
    roleNameEn: varchar('role_name_en', { length: 50 }).notNull().default(''),
    roleAlias: varchar('role_alias', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_role_alias_uq').on(t.tenantId, t.roleAlias).where(live)],
);

export const userRole = pgTable(
  'sys_user_role',
  { userId: id('user_id').notNull(), roleId: id('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

export const dept = pgTable(
  'sys_dept',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    parentId: id('parent_id').notNull().default('0'),
    /** "0,<grandparent>,<parent>" — for dept-and-children data scopes. */
    ancestors: varchar('ancestors', { length: 2000 }).notNull().default('0'),
    /** 1 company, 2 department, 3 group. */
    deptCategory: integer('dept_category').notNull().default(1),
    deptName: varchar('dept_name', { length: 100 }).notNull(),
    fullName: varchar('full_name', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('sys_dept_tenant_idx').on(t.tenantId, t.parentId)],
);

export const post = pgTable(
  'sys_post',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    category: integer('category').notNull().default(1),
    postCode: varchar('post_code', { length: 50 }).notNull(),
    postName: varchar('post_name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('sys_post_tenant_idx').on(t.tenantId),
    uniqueIndex('sys_post_code_uq').on(t.tenantId, t.postCode).where(live),
  ],
);

/** Global: menus (category 1) and their buttons (category 2, `code` = permission code). */
export const menu = pgTable(
  'sys_menu',
  {
    id: id('id').primaryKey(),
    parentId: id('parent_id').notNull().default('0'),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    alias: varchar('alias', { length: 50 }).notNull().default(''),
    path: varchar('path', { length: 500 }).notNull().default(''),
    source: varchar('source', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    category: integer('category').notNull().default(1),
    /** 0 none, 1 toolbar, 2 row, 3 both. */
    action: integer('action').notNull().default(0),
    /** 1 inside the app, 2 new window. */
    isOpen: integer('is_open').notNull().default(1),
    i18n: varchar('i18n', { length: 100 }).notNull().default(''),
    /** Role aliases allowed to see the item; empty = everyone granted it. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId), uniqueIndex('sys_menu_code_uq').on(t.code).where(live)],
);

export const roleMenu = pgTable(
  'sys_role_menu',
  { roleId: id('role_id').notNull(), menuId: id('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)],
);

/** Global parameters. */
export const param = pgTable(
  'sys_param',
  {
    id: id('id').primaryKey(),
    paramName: varchar('param_name', { length: 255 }).notNull(),
    paramNameEn: varchar('param_name_en', { length: 255 }).notNull().default(''),
    paramKey: varchar('param_key', { length: 255 }).notNull(),
    paramValue: text('param_value').notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    remarkEn: varchar('remark_en', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_param_key_uq').on(t.paramKey).where(live)],
);

const dictColumns = () => ({
  id: id('id').primaryKey(),
  parentId: id('parent_id').notNull().default('0'),
  code: varchar('code', { length: 100 }).notNull(),
  dictKey: varchar('dict_key', { length: 100 }).notNull().default(''),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  dictValueEn: varchar('dict_value_en', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** 1 = sealed: kept but not offered by `dictionary`. */
  isSealed: integer('is_sealed').notNull().default(0),
  ...auditColumns(),
});

/** Live parents (parentId 0) and live items: a parent's code names one dictionary; a key is unique in its parent. */
const liveParent = sql`is_deleted = 0 and parent_id = 0`;
const liveItem = sql`is_deleted = 0 and parent_id <> 0`;

/** Global system dictionary. */
export const dict = pgTable('sys_dict', dictColumns(), (t) => [
  index('sys_dict_code_idx').on(t.code, t.parentId),
  uniqueIndex('sys_dict_parent_code_uq').on(t.code).where(liveParent),
  uniqueIndex('sys_dict_item_key_uq').on(t.parentId, t.dictKey).where(liveItem),
]);

/** Per-tenant business dictionary. */
export const dictBiz = pgTable('sys_dict_biz', { ...dictColumns(), tenantId: tenantId() }, (t) => [
  index('sys_dict_biz_code_idx').on(t.tenantId, t.code, t.parentId),
  uniqueIndex('sys_dict_biz_parent_code_uq').on(t.tenantId, t.code).where(liveParent),
  uniqueIndex('sys_dict_biz_item_key_uq').on(t.parentId, t.dictKey).where(liveItem),
]);
