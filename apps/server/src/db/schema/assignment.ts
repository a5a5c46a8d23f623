import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, jsonValue, tenantId, timestampColumn } from './columns.ts';

const live = sql`is_deleted = 0`;
const score = (name: string) => numeric(name, { precision: 7, scale: 1, mode: 'number' });

/**
 * 考试安排 (paper_teacher): a paper given to classes as an exam, practice or homework (DOMAIN §3). Its questions are
 * frozen when it is created (paper_teacher_question → question_inst), so editing the paper later changes nothing here.
 * The state (scheduled, open, closed) follows from the times; `release_time` is set once scores are released.
 */
export const paperTeacher = pgTable(
  'paper_teacher',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperId: id('paper_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** exam · practice · homework. */
    kind: varchar('kind', { length: 16 }).notNull(),
    classIds: text('class_ids').array().notNull(),
    openTime: timestampColumn('open_time').notNull(),
    closeTime: timestampColumn('close_time').notNull(),
    /** Minutes per attempt; 0 = until the close time. */
    duration: integer('duration').notNull().default(0),
    /** 0 = unlimited. */
    attempts: integer('attempts').notNull().default(1),
    /** Saves and submissions are still taken this long after an attempt's end (a busy server, a slow network). */
    graceSeconds: integer('grace_seconds').notNull().default(60),
    /** immediate · after_close · manual. */
    releaseRule: varchar('release_rule', { length: 16 }).notNull(),
    reviewPolicy: varchar('review_policy', { length: 10 }).notNull(),
    /**
     * When a key the review policy shows may be seen: `after_close` once no student can still answer (issue 25 §1),
     * or `immediate` (practice only) once the student's own answer to the question is saved.
     */
    keyTiming: varchar('key_timing', { length: 16 }).notNull().default('after_close'),
    multipleScoring: varchar('multiple_scoring', { length: 10 }).notNull(),
    shuffleQuestions: integer('shuffle_questions').notNull().default(0),
    shuffleOptions: integer('shuffle_options').notNull().default(0),
    totalScore: score('total_score').notNull().default(0),
    passScore: score('pass_score').notNull().default(0),
    /** Each student draws their own questions from the paper's blueprint. */
    perStudent: integer('per_student').notNull().default(0),
    /**
     * For a draw per student: each rule's count and its frozen candidates as [bank question id, paper_teacher_question
     * id] pairs, from which every attempt (also of a student who joins later) draws with its own seed.
     */
    draw: jsonb('draw'),
    remark: varchar('remark', { length: 1000 }).notNull().default(''),
    /** Sections as the paper had them: [{ id, parentId, name, remark, sort }]. */
    sections: jsonb('sections').notNull().default([]),
    releaseTime: timestampColumn('release_time'),
    /** argon2id of md5(the access password) a student gives to start an attempt; null = none. Never presented. */
    accessPassword: varchar('access_password', { length: 200 }),
    /** CIDR ranges (IPv4/IPv6) an attempt may be started or resumed from; empty = anywhere. */
    allowedNetworks: text('allowed_networks').array().notNull().default([]),
    /** Which of several attempts counts: highest · last · first · average. */
    gradingMethod: varchar('grading_method', { length: 10 }).notNull().default('highest'),
    /** Markers see 答卷 #n instead of names and student numbers until scores are released. */
    blindMarking: integer('blind_marking').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('paper_teacher_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('paper_teacher_paper_idx').on(t.tenantId, t.paperId).where(live),
  ],
);

/** A question of an assignment: its snapshot, section, place and score. A composite's children are rows below it. */
export const paperTeacherQuestion = pgTable(
  'paper_teacher_question',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperTeacherId: id('paper_teacher_id').notNull(),
    questionInstId: id('question_inst_id').notNull(),
    /** The bank question it was taken from (wrong-answer book, reports). */
    questionId: id('question_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    titleId: id('title_id').notNull().default('0'),
    type: varchar('type', { length: 16 }).notNull(),
    score: score('score').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('paper_teacher_question_assignment_idx').on(t.paperTeacherId, t.sort).where(live)],
);

/**
 * 答卷 (paper_student): one student's attempt at an assignment (DOMAIN §4), created with the assignment — the
 * question and option order already drawn (`layout`), so opening the exam is a read.
 */
export const paperStudent = pgTable(
  'paper_student',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperTeacherId: id('paper_teacher_id').notNull(),
    studentId: id('student_id').notNull(),
    userId: id('user_id').notNull(),
    classId: id('class_id').notNull(),
    attemptNo: integer('attempt_no').notNull().default(1),
    /** not_started · in_progress · submitted · marking · marked. */
    state: varchar('state', { length: 16 }).notNull().default('not_started'),
    /** The student's questions in order: [{ q: paper_teacher_question id, o?: option ids in order }]. */
    layout: jsonb('layout').notNull(),
    startTime: timestampColumn('start_time'),
    /** When this attempt's time is up (duration, close time and extra time applied), set when it starts. */
    endTime: timestampColumn('end_time'),
    submitTime: timestampColumn('submit_time'),
    /** 1 when the server submitted it at the end time; the student did not. */
    autoSubmitted: integer('auto_submitted').notNull().default(0),
    /** Extra minutes granted (added to the duration and the close time). */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** A personal close time granted by a teacher (reopen), else the assignment's. */
    closeTime: timestampColumn('close_time'),
    objectiveScore: score('objective_score').notNull().default(0),
    score: score('score').notNull().default(0),
    leftPage: integer('left_page').notNull().default(0),
    leftFullscreen: integer('left_fullscreen').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('paper_student_attempt_uq').on(t.paperTeacherId, t.studentId, t.attemptNo).where(live),
    index('paper_student_user_idx').on(t.tenantId, t.userId).where(live),
  ],
);

/**
 * An answer (paper_student_question), written by the first save of that question. `seq` is the client's sequence
 * number: a save with a lower one never overwrites a higher one. `score` = manual score when marked, else auto score.
 */
export const paperStudentQuestion = pgTable(
  'paper_student_question',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperStudentId: id('paper_student_id').notNull(),
    paperTeacherQuestionId: id('paper_teacher_question_id').notNull(),
    answer: jsonValue('answer'),
    seq: integer('seq').notNull().default(0),
    flagged: integer('flagged').notNull().default(0),
    saveTime: timestampColumn('save_time'),
    /** right · wrong · partial · blank · pending (awaiting marking). */
    result: varchar('result', { length: 10 }).notNull().default('blank'),
    autoScore: score('auto_score'),
    manualScore: score('manual_score'),
    score: score('score').notNull().default(0),
    comment: varchar('comment', { length: 2000 }).notNull().default(''),
    markUser: id('mark_user'),
    markTime: timestampColumn('mark_time'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('paper_student_question_uq').on(t.paperStudentId, t.paperTeacherQuestionId),
    index('paper_student_question_question_idx').on(t.paperTeacherQuestionId),
  ],
);

/**
 * What happened to an attempt besides answering: extra time and reopening (with the reason and who), forced and
 * automatic submission, mark corrections and re-grading (before and after), integrity signals (left the page).
 */
export const paperStudentLog = pgTable(
  'paper_student_log',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    paperStudentId: id('paper_student_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('paper_student_log_attempt_idx').on(t.paperStudentId, t.createTime)],
);

/**
 * 错题本: a question a student got wrong, once per student and bank question. `state` active → mastered after enough
 * right re-tries in a row; wrong again → active.
 */
export const wrongbook = pgTable(
  'wrongbook',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    questionId: id('question_id').notNull(),
    /** The snapshot the student answered (what re-practice shows). */
    questionInstId: id('question_inst_id').notNull(),
    paperStudentId: id('paper_student_id').notNull(),
    answer: jsonValue('answer'),
    wrongCount: integer('wrong_count').notNull().default(1),
    /** Right re-tries in a row since the last wrong answer. */
    rightStreak: integer('right_streak').notNull().default(0),
    state: varchar('state', { length: 10 }).notNull().default('active'),
    flagIds: text('flag_ids').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('wrongbook_question_uq').on(t.userId, t.questionId).where(live),
    index('wrongbook_user_idx').on(t.tenantId, t.userId, t.state).where(live),
  ],
);
