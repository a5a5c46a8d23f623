import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

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

/**
 * A practical task given to classes (practical_teacher): the task frozen (`content`: its points with their items, as
 * contracts' FrozenPoint), who records the readings, the window and the release. Every student's attempt is made
 * with it. `release_time` is set by the teacher, or to the close time by the rule `after_close`.
 */
export const practicalTeacher = pgTable(
  'practical_teacher',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    classIds: text('class_ids').array().notNull(),
    openTime: timestampColumn('open_time').notNull(),
    closeTime: timestampColumn('close_time').notNull(),
    /** student · teacher · both. */
    recorder: varchar('recorder', { length: 10 }).notNull().default('student'),
    /** With `both`: the per cent of non-critical items the teacher re-measures. */
    checkShare: integer('check_share').notNull().default(20),
    /** manual · after_close. */
    releaseRule: varchar('release_rule', { length: 16 }).notNull().default('manual'),
    releaseTime: timestampColumn('release_time'),
    totalScore: score('total_score').notNull().default(0),
    passScore: score('pass_score').notNull().default(0),
    /** The task as students read it: { task, safety, attachments, duration }. */
    task: jsonb('task').notNull(),
    content: jsonb('content').notNull(),
    remark: varchar('remark', { length: 1000 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('practical_teacher_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('practical_teacher_paper_idx').on(t.tenantId, t.paperId).where(live),
  ],
);

/**
 * One student's attempt (practical_student), made with the assignment. Scores are kept as the records make them
 * (contracts: evaluateAttempt) on every save. `check_ids`: the items the teacher re-measures (recorder `both`).
 */
export const practicalStudent = pgTable(
  'practical_student',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    practicalTeacherId: id('practical_teacher_id').notNull(),
    studentId: id('student_id').notNull(),
    userId: id('user_id').notNull(),
    classId: id('class_id').notNull(),
    /** not_started · in_progress · submitted · marked. */
    state: varchar('state', { length: 16 }).notNull().default('not_started'),
    checkIds: text('check_ids').array().notNull().default(sql`'{}'::text[]`),
    startTime: timestampColumn('start_time'),
    /** The student's hand-in, which is their signature. */
    submitTime: timestampColumn('submit_time'),
    teacherSignTime: timestampColumn('teacher_sign_time'),
    teacherSignUser: id('teacher_sign_user'),
    score: score('score').notNull().default(0),
    /** The points' sum before a failed critical point set the score to 0. */
    earned: score('earned').notNull().default(0),
    criticalFailed: integer('critical_failed').notNull().default(0),
    remeasure: integer('remeasure').notNull().default(0),
    disagree: integer('disagree').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('practical_student_uq').on(t.practicalTeacherId, t.studentId).where(live),
    index('practical_student_user_idx').on(t.tenantId, t.userId).where(live),
  ],
);

/**
 * One item's record on an attempt (practical_student_inspection), written by its first save: the student's and the
 * teacher's readings (or checks), notes and evidence, and the outcome as judged on save. `seq` as for answers: an
 * older save never overwrites a newer one.
 */
export const practicalStudentInspection = pgTable(
  'practical_student_inspection',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    practicalStudentId: id('practical_student_id').notNull(),
    inspectionId: id('inspection_id').notNull(),
    pointId: id('point_id').notNull(),
    studentValue: measure('student_value'),
    teacherValue: measure('teacher_value'),
    passed: integer('passed'),
    teacherPassed: integer('teacher_passed'),
    note: varchar('note', { length: 500 }).notNull().default(''),
    evidence: jsonb('evidence').notNull().default([]),
    seq: integer('seq').notNull().default(0),
    saveTime: timestampColumn('save_time'),
    /** missing · pass · fail, with the reading that stands rounded to the resolution. */
    result: varchar('result', { length: 10 }).notNull().default('missing'),
    value: measure('value'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('practical_student_inspection_uq').on(t.practicalStudentId, t.inspectionId),
    index('practical_student_inspection_item_idx').on(t.inspectionId),
  ],
);

/** A point's record on an attempt (practical_student_point): its score as it stands, and the teacher's if given. */
export const practicalStudentPoint = pgTable(
  'practical_student_point',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    practicalStudentId: id('practical_student_id').notNull(),
    pointId: id('point_id').notNull(),
    score: score('score').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    given: score('given'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('practical_student_point_uq').on(t.practicalStudentId, t.pointId)],
);

/** Corrections of an attempt, kept for good: a teacher's reading or check, a point's score, a sign-off — before, after, why. */
export const practicalStudentLog = pgTable(
  'practical_student_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    practicalStudentId: id('practical_student_id').notNull(),
    /** item · point · sign. */
    kind: varchar('kind', { length: 10 }).notNull(),
    targetId: id('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('practical_student_log_attempt_idx').on(t.practicalStudentId, t.createTime)],
);
