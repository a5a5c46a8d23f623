import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from '../../db/schema/columns.ts';

/**
 * 教案: a teacher's lesson plan, shareable like a library or a paper. A real module declares its tables in
 * db/schema/<module>.ts and adds a migration (`npm run db:generate`); this example creates them in its test.
 */
export const lessonPlan = pgTable('example_lesson_plan', {
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  title: varchar('title', { length: 100 }).notNull(),
  body: text('body').notNull().default(''),
  isPublic: integer('is_public').notNull().default(0),
  sourceId: id('source_id').notNull().default('0'),
  ...auditColumns(),
});

/** A plan shared with one teacher or a whole school, to read or to edit: the columns every share table has. */
export const lessonPlanPermission = pgTable(
  'example_lesson_plan_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    planId: id('plan_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('lesson_plan_permission_grantee_uq')
      .on(t.planId, t.granteeType, t.granteeId)
      .where(sql`is_deleted = 0`),
  ],
);

/** What the migration of a real module would hold. */
export const LESSON_PLAN_DDL = `
create table example_lesson_plan (
  id bigint primary key, tenant_id varchar(12) not null, title varchar(100) not null, body text not null default '',
  is_public integer not null default 0, source_id bigint not null default 0,
  create_user bigint, create_dept bigint, create_time timestamptz not null default now(),
  update_user bigint, update_time timestamptz not null default now(),
  status integer not null default 1, is_deleted integer not null default 0);
create table example_lesson_plan_permission (
  id bigint primary key, tenant_id varchar(12) not null, plan_id bigint not null,
  grantee_type varchar(10) not null, grantee_id bigint not null, access varchar(10) not null default 'read',
  create_user bigint, create_dept bigint, create_time timestamptz not null default now(),
  update_user bigint, update_time timestamptz not null default now(),
  status integer not null default 1, is_deleted integer not null default 0);
create unique index lesson_plan_permission_grantee_uq
  on example_lesson_plan_permission (plan_id, grantee_type, grantee_id) where is_deleted = 0;
`;
