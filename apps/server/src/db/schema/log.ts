import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, timestampColumn } from './columns.ts';

/**
 * 错误日志 (BladeX `blade_log_error`): front-end runtime errors a user uploaded from the error-log dialog, kept for
 * the support team (a later blade-log page lists them). Query strings are scrubbed of tokens and codes before they
 * are stored.
 */
export const errorLog = pgTable(
  'log_error',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** The signed-in user who uploaded it (BladeX `create_by`). */
    userId: id('user_id').notNull(),
    /** Where it was raised: `web` for the browser. */
    serviceId: varchar('service_id', { length: 32 }).notNull().default('web'),
    /** error, promise, render or chunk (BladeX `exception_name`). */
    type: varchar('type', { length: 32 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull().default(''),
    message: text('message').notNull().default(''),
    stack: text('stack').notNull().default(''),
    info: text('info').notNull().default(''),
    /** The browser's own clock, as it reported the time. */
    clientTime: varchar('client_time', { length: 32 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
  },
  (t) => [index('log_error_tenant_time_idx').on(t.tenantId, t.createTime)],
);
