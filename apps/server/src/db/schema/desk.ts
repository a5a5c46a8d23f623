import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

/** 通知公告 (BladeX `blade_notice`): a tenant's notices; `content` is rich text, sanitised before it is stored. */
export const notice = pgTable(
  'desk_notice',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 255 }).notNull(),
    /** A key of the system dictionary `notice`. */
    category: integer('category').notNull(),
    releaseTime: timestampColumn('release_time').notNull(),
    content: text('content').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('desk_notice_tenant_release_idx').on(t.tenantId, t.releaseTime)],
);
