import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Who has read which notice: the bell's unread count and marks. Kept on the server, so a mark follows the user to
 * any computer and never leaks to the next user of a shared classroom PC.
 */
export const noticeRead = pgTable(
  'desk_notice_read',
  {
    tenantId: tenantId(),
    noticeId: id('notice_id').notNull(),
    userId: id('user_id').notNull(),
    readTime: timestampColumn('read_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('desk_notice_read_user_idx').on(t.userId)],
);
