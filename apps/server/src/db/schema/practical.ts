import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId } from './columns.ts';

const live = sql`is_deleted = 0`;
const score = (name: string) => numeric(name, { precision: 7, scale: 1, mode: 'number' });
/** A decimal of a measurement as written (25.00, -0.02): exact, compared in contracts' practical/decimal.ts. */
const measure = (name: string) => varchar(name, { length: 16 });

/**
 * 实训考核: a teacher's practical task (`create_user` is the owner) — the task, its drawings and safety notes — shared and
 * published like papers. `total_score` is always the sum of its points (practical.totals.ts keeps it).
 */
export const practicalPaper = pgTable(
  'practical_paper',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 100 }).notNull(),
    discipline: varchar('discipline', { length: 10 }).notNull().default(''),
    /** The task as students read it (rich text, sanitised): what to make, the drawing, the materials. */
    task: text('task').notNull().default(''),
    /** 安全须知 (rich text), shown before the task starts. */
    safety: text('safety').notNull().default(''),
    /** Drawings and other files: `[{ name, link }]` of the tenant's attachments. */
    attachments: jsonb('attachments').notNull().default([]),
    /** Minutes; 0 = no limit. */
    duration: integer('duration').notNull().default(0),
    totalScore: score('total_score').notNull().default(0),
    passScore: score('pass_score').notNull().default(0),
    isPublic: integer('is_public').notNull().default(0),
    /** The task this one was quoted from, else "0". */
    sourceId: id('source_id').notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    index('practical_paper_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('practical_paper_public_idx').on(t.tenantId, t.isPublic).where(live),
  ],
);

/** A practical task shared with one teacher or a whole school, to read or to edit. */
export const practicalPaperPermission = pgTable(
  'practical_paper_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('practical_paper_permission_grantee_uq').on(t.paperId, t.granteeType, t.granteeId).where(live),
    index('practical_paper_permission_grantee_idx').on(t.tenantId, t.granteeType, t.granteeId).where(live),
  ],
);

/**
 * 考核点: one aspect of a task, in order, with its score and how its inspection items make it (contracts:
 * practical/scoring.ts). A critical point (否决项) failed fails the task.
 */
export const practicalPoint = pgTable(
  'practical_point',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** How it is judged, for the examiner and the student (rich text). */
    requirement: text('requirement').notNull().default(''),
    score: score('score').notNull().default(0),
    /** all · proportional · banded · judgement. */
    rule: varchar('rule', { length: 16 }).notNull().default('proportional'),
    /** banded: `[{ atLeast, fraction }]`. */
    bands: jsonb('bands').notNull().default([]),
    /** judgement: the lowest and highest score the examiner may give (null: 0 and the score). */
    minScore: score('min_score'),
    maxScore: score('max_score'),
    critical: integer('critical').notNull().default(0),
    evidenceRequired: integer('evidence_required').notNull().default(0),
    /** Knowledge points (exam_flag ids): practical results join exam results by them. */
    flagIds: text('flag_ids').array().notNull().default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('practical_point_paper_idx').on(t.paperId, t.sort).where(live)],
);

/**
 * 检查项: what the examiner checks under a point — a reading against a nominal value and its deviations (one side may
 * be absent), read to the instrument's resolution, with optional score bands; or a pass/fail check.
 */
export const practicalInspection = pgTable(
  'practical_inspection',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    pointId: id('point_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** measure · check. */
    kind: varchar('kind', { length: 10 }).notNull().default('measure'),
    /** How to check it (目测, 用千分尺测量 …). */
    method: varchar('method', { length: 200 }).notNull().default(''),
    instrument: varchar('instrument', { length: 50 }).notNull().default(''),
    resolution: measure('resolution'),
    nominal: measure('nominal'),
    unit: varchar('unit', { length: 10 }).notNull().default(''),
    lowerDeviation: measure('lower_deviation'),
    upperDeviation: measure('upper_deviation'),
    /** `[{ within, fraction }]`, closest first. */
    bands: jsonb('bands').notNull().default([]),
    weight: numeric('weight', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('practical_inspection_point_idx').on(t.paperId, t.pointId, t.sort).where(live)],
);
