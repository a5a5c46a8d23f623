import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

const live = sql`is_deleted = 0`;
const score = (name: string) => numeric(name, { precision: 7, scale: 1, mode: 'number' });

/**
 * 试卷: a teacher's template (`create_user` is the owner), reused by assignments, which snapshot it. `total_score`
 * is always the sum of its questions (paper.totals.ts keeps it); `blueprint` holds the rules of a random composition.
 */
export const paper = pgTable(
  'paper',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 100 }).notNull(),
    /** exam · practice · homework (practical: the practical assessment's). */
    paperType: varchar('paper_type', { length: 16 }).notNull(),
    discipline: varchar('discipline', { length: 10 }).notNull().default(''),
    totalScore: score('total_score').notNull().default(0),
    passScore: score('pass_score').notNull().default(0),
    /** Minutes; 0 = no limit. */
    duration: integer('duration').notNull().default(0),
    /** 0 = unlimited. */
    attempts: integer('attempts').notNull().default(1),
    shuffleQuestions: integer('shuffle_questions').notNull().default(0),
    shuffleOptions: integer('shuffle_options').notNull().default(0),
    /** all · partial. */
    multipleScoring: varchar('multiple_scoring', { length: 10 }).notNull().default('all'),
    /** score · answers · analysis. */
    reviewPolicy: varchar('review_policy', { length: 10 }).notNull().default('answers'),
    isPublic: integer('is_public').notNull().default(0),
    remark: varchar('remark', { length: 1000 }).notNull().default(''),
    /** The paper this one was quoted from, else "0". */
    sourceId: id('source_id').notNull().default('0'),
    /** manual · random. */
    composeMode: varchar('compose_mode', { length: 10 }).notNull().default('manual'),
    blueprint: jsonb('blueprint'),
    ...auditColumns(),
  },
  (t) => [
    index('paper_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('paper_public_idx').on(t.tenantId, t.isPublic).where(live),
  ],
);

/** 大题/小节: a paper's sections, nested and ordered. */
export const paperTitle = pgTable(
  'paper_title',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('paper_title_paper_idx').on(t.paperId, t.parentId, t.sort).where(live)],
);

/**
 * A question in a section with its score and place. A composite question's children are rows under its row
 * (`parent_id`), and its own score is theirs summed. A question is in a paper at most once.
 */
export const paperQuestion = pgTable(
  'paper_question',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    titleId: id('title_id').notNull(),
    questionId: id('question_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    score: score('score').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('paper_question_once_uq').on(t.paperId, t.questionId).where(live),
    index('paper_question_title_idx').on(t.titleId, t.parentId, t.sort).where(live),
    index('paper_question_question_idx').on(t.tenantId, t.questionId).where(live),
  ],
);

/**
 * A paper shared with one teacher (`grantee_type` teacher, a user id) or a whole school (a school id), to read
 * (use and quote it) or to edit it — the same shape as a library's shares.
 */
export const paperPermission = pgTable(
  'paper_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    /** `read` or `edit`. */
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('paper_permission_grantee_uq').on(t.paperId, t.granteeType, t.granteeId).where(live),
    index('paper_permission_grantee_idx').on(t.tenantId, t.granteeType, t.granteeId).where(live),
  ],
);
