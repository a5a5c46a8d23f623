import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

const live = sql`is_deleted = 0`;
const score = (name: string) => numeric(name, { precision: 7, scale: 1, mode: 'number' });

/**
 * 文件作业: a teacher's file job (`create_user` is the owner) — requirements, the teacher's own files, which files
 * students hand in and what happens to late ones — shared and published like practical tasks.
 */
export const filejob = pgTable(
  'filejob',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 100 }).notNull(),
    /** Rich text, sanitised. */
    requirements: text('requirements').notNull().default(''),
    /** `[{ name, link }]` of the tenant's attachments (templates, drawings). */
    attachments: jsonb('attachments').notNull().default([]),
    /** File kinds (extensions decided from the bytes) students may hand in; empty = any. */
    allowedKinds: text('allowed_kinds').array().notNull().default(sql`'{}'::text[]`),
    maxSizeMb: integer('max_size_mb').notNull().default(50),
    maxFiles: integer('max_files').notNull().default(5),
    score: score('score').notNull().default(100),
    /** refuse · mark · penalty. */
    latePolicy: varchar('late_policy', { length: 10 }).notNull().default('mark'),
    penaltyPercent: integer('penalty_percent').notNull().default(10),
    penaltyMaxDays: integer('penalty_max_days').notNull().default(5),
    isPublic: integer('is_public').notNull().default(0),
    /** The job this one was quoted from, else "0". */
    sourceId: id('source_id').notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    index('filejob_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('filejob_public_idx').on(t.tenantId, t.isPublic).where(live),
  ],
);

/** A file job shared with one teacher or a whole school, to read or to edit. */
export const filejobPermission = pgTable(
  'filejob_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    jobId: id('job_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('filejob_permission_grantee_uq').on(t.jobId, t.granteeType, t.granteeId).where(live),
    index('filejob_permission_grantee_idx').on(t.tenantId, t.granteeType, t.granteeId).where(live),
  ],
);

/**
 * 作业安排 (filejob_teacher): a file job given to classes — the job frozen (`job`: contracts' FilejobFrozen), the
 * window, the grace for uploads begun before the deadline, and the release of feedback (`release_time`: the start
 * under `immediate`, the deadline under `after_close`, the teacher's moment under `manual`).
 */
export const filejobTeacher = pgTable(
  'filejob_teacher',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    jobId: id('job_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    classIds: text('class_ids').array().notNull(),
    startTime: timestampColumn('start_time').notNull(),
    deadline: timestampColumn('deadline').notNull(),
    graceMinutes: integer('grace_minutes').notNull().default(30),
    /** immediate · after_close · manual. */
    releaseRule: varchar('release_rule', { length: 16 }).notNull().default('manual'),
    releaseTime: timestampColumn('release_time'),
    job: jsonb('job').notNull(),
    remark: varchar('remark', { length: 1000 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('filejob_teacher_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('filejob_teacher_job_idx').on(t.tenantId, t.jobId).where(live),
  ],
);

/**
 * One student's record of an assignment (filejob_student), made with it: the current hand-in (`handin_id`, its
 * files in filejob_student_file), whether it was late and its penalty, the student's own deadline if granted one,
 * and the teacher's feedback — score, comment, a returned file, notes over pages kept as data (`annotations`).
 */
export const filejobStudent = pgTable(
  'filejob_student',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    filejobTeacherId: id('filejob_teacher_id').notNull(),
    studentId: id('student_id').notNull(),
    userId: id('user_id').notNull(),
    classId: id('class_id').notNull(),
    /** not_handed · handed · late. */
    state: varchar('state', { length: 12 }).notNull().default('not_handed'),
    extensionUntil: timestampColumn('extension_until'),
    handinId: id('handin_id'),
    handinTime: timestampColumn('handin_time'),
    handinCount: integer('handin_count').notNull().default(0),
    lateDays: integer('late_days').notNull().default(0),
    penalty: integer('penalty').notNull().default(0),
    score: score('score'),
    comment: varchar('comment', { length: 2000 }),
    feedbackAttachId: id('feedback_attach_id'),
    /** `[{ attachId, page, x, y, w, h, note }]`: boxes in fractions of the page, never burned into the file. */
    annotations: jsonb('annotations'),
    markUser: id('mark_user'),
    markTime: timestampColumn('mark_time'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('filejob_student_uq').on(t.filejobTeacherId, t.studentId).where(live),
    index('filejob_student_user_idx').on(t.tenantId, t.userId).where(live),
  ],
);

/**
 * Every hand-in, kept for good (a later one supersedes it but never erases it): the server time it was taken and
 * what it was judged — its receipt is answered again from here.
 */
export const filejobStudentHandin = pgTable(
  'filejob_student_handin',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    filejobStudentId: id('filejob_student_id').notNull(),
    serverTime: timestampColumn('server_time').notNull(),
    late: integer('late').notNull().default(0),
    lateDays: integer('late_days').notNull().default(0),
    penalty: integer('penalty').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('filejob_student_handin_record_idx').on(t.filejobStudentId, t.serverTime)],
);

/** The files of a hand-in as they were taken: name, size and SHA-256 copied from the attachment at that moment. */
export const filejobStudentFile = pgTable(
  'filejob_student_file',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    handinId: id('handin_id').notNull(),
    filejobStudentId: id('filejob_student_id').notNull(),
    attachId: id('attach_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    extension: varchar('extension', { length: 16 }).notNull(),
    link: varchar('link', { length: 1000 }).notNull(),
    /** When the upload began (the attachment's create_time). */
    uploadStart: timestampColumn('upload_start').notNull(),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('filejob_student_file_handin_idx').on(t.handinId, t.sort)],
);

/** Changes of a record made by a teacher — an extension, a mark — with before, after and why; kept for good. */
export const filejobStudentLog = pgTable(
  'filejob_student_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    filejobStudentId: id('filejob_student_id').notNull(),
    /** extension · mark. */
    kind: varchar('kind', { length: 12 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('filejob_student_log_record_idx').on(t.filejobStudentId, t.createTime)],
);
