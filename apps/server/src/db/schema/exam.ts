import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, tenantId, timestampColumn } from './columns.ts';

const live = sql`is_deleted = 0`;
/** Calendar dates (school years, terms) travel as `YYYY-MM-DD` and are compared as dates, never as times. */
const day = (name: string) => date(name, { mode: 'string' });

/** 学校: a tenant may run several schools (campuses); everything below hangs off one. */
export const school = pgTable(
  'exam_school',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    /** A code of the region tree (province, city or district). */
    regionCode: varchar('region_code', { length: 12 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    linkman: varchar('linkman', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    /** A link `put-file` gave (a path on this site or the bucket's address). */
    logo: varchar('logo', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('exam_school_code_uq').on(t.tenantId, t.code).where(live)],
);

/** 学年: start and end dates; the years of one school never overlap. */
export const schoolyear = pgTable(
  'exam_schoolyear',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    schoolId: id('school_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('exam_schoolyear_school_idx').on(t.tenantId, t.schoolId, t.startDate)],
);

/** 学期: within its school year; the terms of one school never overlap and at most one is current. */
export const term = pgTable(
  'exam_term',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** Copied from the school year, so terms are listed and checked per school without a join. */
    schoolId: id('school_id').notNull(),
    schoolyearId: id('schoolyear_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    /** 1 = the school's current term. */
    isCurrent: integer('is_current').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('exam_term_school_idx').on(t.tenantId, t.schoolId, t.startDate),
    uniqueIndex('exam_term_current_uq').on(t.schoolId).where(sql`is_deleted = 0 and is_current = 1`),
  ],
);

/**
 * 年级 and 班级 in one tree per school: a grade (`category` 1, `parent_id` "0") holds classes (`category` 2).
 * Class-only columns (head teacher, enrolment year, direction) stay empty on grades.
 */
export const clazz = pgTable(
  'exam_clazz',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    schoolId: id('school_id').notNull(),
    parentId: id('parent_id').notNull().default('0'),
    /** 1 grade, 2 class. */
    category: integer('category').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** A teacher (exam_teacher.id). */
    headTeacherId: id('head_teacher_id'),
    enrolmentYear: integer('enrolment_year'),
    /** A node of the direction (专业方向) flag tree. */
    directionId: id('direction_id'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [index('exam_clazz_school_idx').on(t.tenantId, t.schoolId, t.parentId)],
);

/** 学生: a user account with the student role, enrolled in one class of one school. */
export const student = pgTable(
  'exam_student',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    /** Copied from the class, so the student number is unique per school. */
    schoolId: id('school_id').notNull(),
    classId: id('class_id').notNull(),
    studentNo: varchar('student_no', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('exam_student_no_uq').on(t.tenantId, t.schoolId, t.studentNo).where(live),
    uniqueIndex('exam_student_user_uq').on(t.userId).where(live),
    index('exam_student_class_idx').on(t.tenantId, t.classId),
  ],
);

/** Every class a student has been in: a move closes the open row and opens a new one, so history is kept. */
export const studentClass = pgTable(
  'exam_student_class',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    studentId: id('student_id').notNull(),
    classId: id('class_id').notNull(),
    startTime: timestampColumn('start_time').notNull().defaultNow(),
    /** Null while the student is still in this class. */
    endTime: timestampColumn('end_time'),
    /** Who moved the student (an administrator, or the student through a class QR code). */
    createUser: id('create_user'),
  },
  (t) => [index('exam_student_class_student_idx').on(t.studentId, t.startTime)],
);

/** 教师: a user account with the teacher role. */
export const teacher = pgTable(
  'exam_teacher',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    /** 工号, unique in the tenant when given. */
    teacherNo: varchar('teacher_no', { length: 32 }).notNull().default(''),
    /** 职称, e.g. 高级讲师. */
    jobTitle: varchar('job_title', { length: 50 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('exam_teacher_user_uq').on(t.userId).where(live),
    uniqueIndex('exam_teacher_no_uq').on(t.tenantId, t.teacherNo).where(sql`is_deleted = 0 and teacher_no <> ''`),
  ],
);

/**
 * A teacher's relation to a school (every class in it), a grade (every class in it) or one class. Which classes a
 * teacher may see and assign to is derived from these rows (modules/academic/class-scope.ts).
 */
export const teacherRela = pgTable(
  'exam_teacher_rela',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    teacherId: id('teacher_id').notNull(),
    /** 1 school, 2 grade, 3 class. */
    relaType: integer('rela_type').notNull(),
    relaId: id('rela_id').notNull(),
    schoolId: id('school_id').notNull(),
  },
  (t) => [
    uniqueIndex('exam_teacher_rela_uq').on(t.teacherId, t.relaId),
    index('exam_teacher_rela_target_idx').on(t.tenantId, t.relaId),
  ],
);

/**
 * 分类 trees: direction 专业方向, publisher 出版社, knowledge 知识点, dimension 维度, questionType 题型 (FLAG_KINDS).
 * `en_name` names a node in English where it differs (seeded question types); `code` lets code find a node
 * (question types: single, multiple …).
 */
export const flag = pgTable(
  'exam_flag',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    kind: varchar('kind', { length: 16 }).notNull(),
    parentId: id('parent_id').notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    enName: varchar('en_name', { length: 100 }).notNull().default(''),
    code: varchar('code', { length: 32 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('exam_flag_tree_idx').on(t.tenantId, t.kind, t.parentId, t.sort),
    uniqueIndex('exam_flag_code_uq').on(t.tenantId, t.kind, t.code).where(sql`is_deleted = 0 and code <> ''`),
  ],
);
