import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestampColumn } from './columns.ts';

/**
 * One signed-in session. Access tokens name it (`sid`); revoking it ends every token at once.
 * The refresh token is stored only as its SHA-256 and replaced on every use.
 */
export const session = pgTable(
  'auth_session',
  {
    id: id('id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: id('user_id').notNull(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    /** The hash the refresh token had before its last rotation: presenting it again means it was stolen. */
    previousRefreshHash: varchar('previous_refresh_hash', { length: 64 }),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
    refreshTime: timestampColumn('refresh_time').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('auth_session_refresh_idx').on(t.refreshHash),
    index('auth_session_prev_refresh_idx').on(t.previousRefreshHash),
    index('auth_session_user_idx').on(t.userId),
  ],
);

/** Installation settings that are not user-editable parameters (e.g. the generated JWT secret). */
export const setting = pgTable('sys_setting', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});
