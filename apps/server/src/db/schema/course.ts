import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

const live = sql`is_deleted = 0`;

/**
 * 课程: a teacher's course (`create_user` is the owner) — shared, published to the public library (`is_public`) and
 * quoted like papers; `published` shows it to the students of its classes (course_class).
 */
export const course = pgTable(
  'course',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The cover picture's link, or ''. */
    cover: varchar('cover', { length: 1000 }).notNull().default(''),
    discipline: varchar('discipline', { length: 10 }).notNull().default(''),
    /** A node of the direction tree (专业方向), or "0". */
    directionId: id('direction_id').notNull().default('0'),
    /** Rich text, sanitised. */
    description: text('description').notNull().default(''),
    hours: integer('hours').notNull().default(0),
    published: integer('published').notNull().default(0),
    isPublic: integer('is_public').notNull().default(0),
    /** The course this one was quoted from, else "0". */
    sourceId: id('source_id').notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    index('course_owner_idx').on(t.tenantId, t.createUser).where(live),
    index('course_public_idx').on(t.tenantId, t.isPublic).where(live),
  ],
);

/** A course shared with one teacher or a whole school, to read or to edit. */
export const coursePermission = pgTable(
  'course_permission',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    granteeType: varchar('grantee_type', { length: 10 }).notNull(),
    granteeId: id('grantee_id').notNull(),
    access: varchar('access', { length: 10 }).notNull().default('read'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('course_permission_grantee_uq').on(t.courseId, t.granteeType, t.granteeId).where(live),
    index('course_permission_grantee_idx').on(t.tenantId, t.granteeType, t.granteeId).where(live),
  ],
);

/**
 * A class a course is taught to (the course's own rows, written with it): `releases` maps a topic id to the ISO time
 * it opens to this class (a topic absent opens with the course). A table, not an array on the course, so "the
 * courses of my class" is one indexed lookup.
 */
export const courseClass = pgTable(
  'course_class',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    classId: id('class_id').notNull(),
    releases: jsonb('releases').notNull().default({}),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('course_class_uq').on(t.courseId, t.classId),
    index('course_class_class_idx').on(t.tenantId, t.classId),
  ],
);

/**
 * 课程知识点: a course's topic tree (chapters, sections, points), ordered by `sort` among siblings; `flag_ids` are the
 * knowledge points it teaches; `locked` 1 = closed until the topic before it (in course order) is complete.
 */
export const courseSub = pgTable(
  'course_sub',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    flagIds: text('flag_ids').array().notNull().default(sql`'{}'::text[]`),
    locked: integer('locked').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('course_sub_course_idx').on(t.courseId, t.parentId, t.sort).where(live)],
);

/**
 * 课件 on a topic: a stored file (`attach_id`, its `link` and sniffed `extension` copied from the attachment), rich
 * text, or a link; `completion` `{kind, value}` (contracts' CompletionRule). `version` rises with every change of what
 * students see; `source_id`/`source_version` name the courseware and version it was quoted from (quote by reference).
 */
export const courseware = pgTable(
  'courseware',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    courseSubId: id('course_sub_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** file · richtext · link. */
    kind: varchar('kind', { length: 10 }).notNull(),
    attachId: id('attach_id').notNull().default('0'),
    link: varchar('link', { length: 1000 }).notNull().default(''),
    extension: varchar('extension', { length: 20 }).notNull().default(''),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    content: text('content').notNull().default(''),
    /** Seconds (video, audio); 0 = not timed. */
    duration: integer('duration').notNull().default(0),
    completion: jsonb('completion').notNull().default({ kind: 'opened', value: 0 }),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    sourceId: id('source_id').notNull().default('0'),
    sourceVersion: integer('source_version').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('courseware_topic_idx').on(t.courseSubId, t.sort).where(live),
    index('courseware_course_idx').on(t.tenantId, t.courseId).where(live),
    index('courseware_source_idx').on(t.tenantId, t.sourceId).where(sql`is_deleted = 0 and source_id <> 0`),
  ],
);

/** A paper on a topic, for practice (the paper is the paper module's; a paper is on a topic at most once). */
export const coursePaper = pgTable(
  'course_paper',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    courseSubId: id('course_sub_id').notNull(),
    paperId: id('paper_id').notNull(),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('course_paper_topic_uq').on(t.courseSubId, t.paperId).where(live),
    index('course_paper_paper_idx').on(t.tenantId, t.paperId).where(live),
  ],
);

/**
 * A student's study of one courseware, one row each (the heartbeat writes it): `ranges` the merged [start, end]
 * seconds actually watched or pages read (contracts' mergeRanges) out of `length`, `position` where to resume (any device), `seconds` of
 * time spent counted by the server's clock (each beat credits at most the time since `beat_time`), `completed` once
 * the courseware's rule is met (how: `completed_by`).
 */
export const courseStudy = pgTable(
  'course_study',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    courseId: id('course_id').notNull(),
    courseSubId: id('course_sub_id').notNull(),
    coursewareId: id('courseware_id').notNull(),
    userId: id('user_id').notNull(),
    ranges: jsonb('ranges').notNull().default([]),
    position: integer('position').notNull().default(0),
    /** The courseware's length the ranges are counted against: seconds (video, audio) or pages (documents); 0 = unknown. */
    length: integer('length').notNull().default(0),
    seconds: integer('seconds').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    completedBy: varchar('completed_by', { length: 10 }).notNull().default(''),
    completeTime: timestampColumn('complete_time'),
    beatTime: timestampColumn('beat_time'),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
    updateTime: timestampColumn('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_study_uq').on(t.coursewareId, t.userId),
    index('course_study_user_idx').on(t.tenantId, t.userId, t.courseId),
  ],
);

/**
 * One version of what students see of a courseware (its file, link, text and length), kept each time the version
 * rises, with the author's note of what changed: a courseware quoted by reference is told "v3 available" and why.
 */
export const coursewareVersion = pgTable(
  'courseware_version',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    coursewareId: id('courseware_id').notNull(),
    version: integer('version').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    attachId: id('attach_id').notNull().default('0'),
    link: varchar('link', { length: 1000 }).notNull().default(''),
    extension: varchar('extension', { length: 20 }).notNull().default(''),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    content: text('content').notNull().default(''),
    duration: integer('duration').notNull().default(0),
    changeNote: varchar('change_note', { length: 500 }).notNull().default(''),
    createUser: id('create_user'),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courseware_version_uq').on(t.coursewareId, t.version)],
);

/**
 * A segment of a courseware (the courseware's own rows, written with it): a time range in seconds (video, audio) or
 * a page range (documents), with a label and the knowledge points (exam_flag ids) it teaches — a wrong answer on a
 * question of one of those points links back to it.
 */
export const coursewareSegment = pgTable(
  'courseware_segment',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    coursewareId: id('courseware_id').notNull(),
    label: varchar('label', { length: 100 }).notNull().default(''),
    start: integer('start').notNull().default(0),
    end: integer('end').notNull().default(0),
    flagIds: text('flag_ids').array().notNull().default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('courseware_segment_ware_idx').on(t.coursewareId, t.sort),
    index('courseware_segment_flags_idx').using('gin', t.flagIds),
  ],
);
