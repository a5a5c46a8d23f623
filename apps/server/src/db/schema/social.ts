import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

/**
 * 第三方登录: the OAuth2 / OpenID Connect providers users may sign in with (global, set by the platform
 * administrator). The client secret is sealed (core/secrets) and never returned.
 */
export const socialProvider = pgTable(
  'sys_social_provider',
  {
    id: id('id').primaryKey(),
    /** The `source` of the social grant and of the callback address, e.g. `gitee`. */
    source: varchar('source', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** generic, gitee or github: a preset fills in the endpoints and the field mapping left empty. */
    preset: varchar('preset', { length: 16 }).notNull().default('generic'),
    authorizeUrl: varchar('authorize_url', { length: 500 }).notNull().default(''),
    tokenUrl: varchar('token_url', { length: 500 }).notNull().default(''),
    userInfoUrl: varchar('user_info_url', { length: 500 }).notNull().default(''),
    clientId: varchar('client_id', { length: 255 }).notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default(''),
    /** Fixed by configuration, never taken from a request: where the provider sends the browser back. */
    redirectUri: varchar('redirect_uri', { length: 500 }).notNull(),
    /** Fields of the provider's user info (dotted paths allowed) that give the id, account, name, avatar, email. */
    idField: varchar('id_field', { length: 64 }).notNull().default(''),
    usernameField: varchar('username_field', { length: 64 }).notNull().default(''),
    nameField: varchar('name_field', { length: 64 }).notNull().default(''),
    avatarField: varchar('avatar_field', { length: 64 }).notNull().default(''),
    emailField: varchar('email_field', { length: 64 }).notNull().default(''),
    sort: integer('sort').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_social_provider_source_uq').on(t.source).where(sql`is_deleted = 0`)],
);

/** A third-party identity bound to an account of a tenant (BladeX `blade_user_oauth`). */
export const userOauth = pgTable(
  'auth_user_oauth',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    /** The provider's id of the person. */
    uuid: varchar('uuid', { length: 128 }).notNull(),
    username: varchar('username', { length: 128 }).notNull().default(''),
    nickname: varchar('nickname', { length: 128 }).notNull().default(''),
    avatar: varchar('avatar', { length: 1000 }).notNull().default(''),
    email: varchar('email', { length: 255 }).notNull().default(''),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_user_oauth_identity_uq').on(t.tenantId, t.source, t.uuid),
    index('auth_user_oauth_user_idx').on(t.userId),
  ],
);
