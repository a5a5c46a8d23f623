import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestampColumn } from './columns.ts';

/**
 * Background jobs (core/jobs): exam timers, release by rule, sweeps. Kept in the database itself so they survive a
 * restart and run the same on PGlite and PostgreSQL; each is claimed with `FOR UPDATE SKIP LOCKED` and run inside
 * the claiming transaction, so one instance runs it and its writes commit together with "done".
 */
export const job = pgTable(
  'sys_job',
  {
    id: id('id').primaryKey(),
    /** Which definition runs it, e.g. `exam.autoSubmit`. */
    name: varchar('name', { length: 100 }).notNull(),
    /** Scheduling the same name and key twice while one is pending schedules it once (e.g. one timer per attempt). */
    key: varchar('key', { length: 200 }),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestampColumn('run_at').notNull().defaultNow(),
    /** pending → done, or failed once its attempts are used up. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error').notNull().default(''),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
    finishTime: timestampColumn('finish_time'),
  },
  (t) => [
    index('sys_job_due_idx').on(t.runAt).where(sql`state = 'pending'`),
    uniqueIndex('sys_job_key_uq').on(t.name, t.key).where(sql`state = 'pending' and key is not null`),
  ],
);
