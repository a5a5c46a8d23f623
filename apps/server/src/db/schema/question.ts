import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

const live = sql`is_deleted = 0`;
/** Scores keep one decimal (0.5 a blank); numeric, so sums are exact, read as numbers. */
const score = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });

/**
 * 题库: a teacher's library (`create_user` is the owner). Private unless shared (question_lib_permission) or
 * published (`is_public` 1, the 公共资源库). A quoted copy keeps `source_id`, the library it was copied from.
 */
export const questionLib = pgTable(
  'question_lib',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    discipline: varchar('discipline', { length: 10 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    isPublic: integer('is_public').notNull().default(0),
    sourceId: id('source_id').notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('question_lib_owner_idx').on(t.tenantId, t.createUser).where(live)],
);

/** A library shared with one teacher (`grantee_type` teacher, a user id) or a whole school (a school id). */
export const questionLibPermission = pgTable(
  'question_lib_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    libId: id('lib_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    /** `read` or `edit`. */
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('question_lib_permission_grantee_uq').on(t.libId, t.granteeType, t.granteeId).where(live),
    index('question_lib_permission_grantee_idx').on(t.tenantId, t.granteeType, t.granteeId).where(live),
  ],
);

/** The columns a question and its snapshot share. */
const questionColumns = () => ({
  /** single · multiple · judge · fill · short · composite · practical · file. */
  type: varchar('type', { length: 16 }).notNull(),
  /** Rich text (sanitised), formulas as `$…$` drawn by KaTeX. */
  stem: text('stem').notNull().default(''),
  /** judge: `T`/`F`; short, practical, file: the reference answer (rich text); else empty (the items hold it). */
  answer: text('answer').notNull().default(''),
  analysis: text('analysis').notNull().default(''),
  difficulty: integer('difficulty').notNull().default(3),
  score: score('score').notNull().default(0),
  discipline: varchar('discipline', { length: 10 }).notNull().default(''),
  source: varchar('source', { length: 200 }).notNull().default(''),
  /** Type-specific settings, e.g. a file question's allowed kinds (contracts: questionConfigSchema). */
  config: jsonb('config').notNull().default({}),
  sort: integer('sort').notNull().default(0),
});

/** 试题. A composite question's children are questions with its id as `parent_id` (ordered by `sort`). */
export const question = pgTable(
  'question',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    libId: id('lib_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    ...questionColumns(),
    /** The question this one was copied from (quote), else "0". */
    sourceId: id('source_id').notNull().default('0'),
    /** Words and CJK characters and pairs of the text (core/text/tokens.ts), matched with `@>` on a GIN index. */
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [
    index('question_lib_idx').on(t.tenantId, t.libId, t.parentId, t.sort).where(live),
    index('question_recent_idx').on(t.tenantId, t.createTime).where(sql`is_deleted = 0 and parent_id = 0`),
    index('question_tokens_idx').using('gin', t.searchTokens),
  ],
);

/** A question's classification nodes (knowledge points and the other flag trees). */
export const questionFlag = pgTable(
  'question_flag',
  {
    questionId: id('question_id').notNull(),
    flagId: id('flag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.flagId] }), index('question_flag_flag_idx').on(t.flagId)],
);

/** The columns an item and its snapshot share. */
const itemColumns = () => ({
  sort: integer('sort').notNull().default(0),
  /** An option's text, a blank's accepted answers (`|`-separated), a scoring point. */
  content: text('content').notNull().default(''),
  /** Options: 1 = a right answer. */
  isAnswer: integer('is_answer').notNull().default(0),
  /** Blanks and scoring points: their share of the score. */
  score: score('score').notNull().default(0),
  /** Blanks: matching rules (contracts: blankRulesSchema). */
  config: jsonb('config').notNull().default({}),
});

/** 选项 / 空 / 答案要点: a question's options, blanks or scoring points, in order. */
export const questionItem = pgTable(
  'question_item',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    questionId: id('question_id').notNull(),
    ...itemColumns(),
    ...auditColumns(),
  },
  (t) => [index('question_item_question_idx').on(t.questionId, t.sort)],
);

/** An immutable snapshot of a question as a paper hands it to students (taken at assignment). */
export const questionInst = pgTable(
  'question_inst',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    questionId: id('question_id').notNull(),
    /** A composite snapshot's children point at its snapshot. */
    parentId: id('parent_id').notNull().default('0'),
    ...questionColumns(),
    /** The question's classification nodes at the time (knowledge-point reports). */
    flagIds: text('flag_ids').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [index('question_inst_question_idx').on(t.tenantId, t.questionId)],
);

export const questionItemInst = pgTable(
  'question_item_inst',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    questionInstId: id('question_inst_id').notNull(),
    ...itemColumns(),
    ...auditColumns(),
  },
  (t) => [index('question_item_inst_inst_idx').on(t.questionInstId, t.sort)],
);

/**
 * An import too large to save in one request (contracts: IMPORT_SAVED_AT_ONCE): its questions wait, checked and
 * sanitised, in question_import_part and are saved part by part by the job runner; `saved` is its progress. Only the
 * teacher who started it (`create_user`) sees it.
 */
export const questionImport = pgTable(
  'question_import',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    libId: id('lib_id').notNull(),
    /** Top-level questions to save, and how many are saved. */
    total: integer('total').notNull(),
    saved: integer('saved').notNull().default(0),
    /** saving → done, or failed (`error` says why; the parts saved stay saved). */
    state: varchar('state', { length: 10 }).notNull().default('saving'),
    error: varchar('error', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('question_import_owner_idx').on(t.tenantId, t.createUser)],
);

/** One part of a large import's questions (drafts ready to insert), deleted once saved. */
export const questionImportPart = pgTable(
  'question_import_part',
  {
    id: id('id').primaryKey(),
    importId: id('import_id').notNull(),
    /** The order parts are saved in, from 0. */
    seq: integer('seq').notNull(),
    drafts: jsonb('drafts').notNull(),
  },
  (t) => [uniqueIndex('question_import_part_seq_uq').on(t.importId, t.seq)],
);
