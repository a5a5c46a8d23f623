import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tenantId, timestampColumn } from './columns.ts';

/**
 * A user's per-platform extension (BladeX blade_user_web / _app / _other in one table): free JSON an
 * integration reads for that platform. 1 web, 2 app, 3 other.
 */
export const userPlatform = pgTable(
  'sys_user_platform',
  {
    userId: id('user_id').notNull(),
    userType: integer('user_type').notNull(),
    tenantId: tenantId(),
    userExt: text('user_ext').notNull(),
    updateUser: id('update_user'),
    updateTime: timestampColumn('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userType] })],
);
