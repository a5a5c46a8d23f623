import { studentFormSchema, studentSchema } from '@shixun/contracts';
import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Filter, filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { clazz, student, user } from '../../../db/schema/index.ts';
import { studentHooks } from './student.hooks.ts';
import { studentPolicy } from './student.policy.ts';

/** `realName=`: contains-match on the name, which lives on the student's account. */
const realNameFilter: Filter = {
  schema: z.string().trim().max(100).optional(),
  where: (v) => {
    if (typeof v !== 'string' || v === '') return undefined;
    const like = `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`${student.userId} in (select ${user.id} from ${user} where ${user.realName} ilike ${like})`;
  },
};

/** `gradeId=`: the students of every class of that grade. */
const gradeFilter: Filter = {
  schema: filter.eqId(student.classId).schema,
  where: (v) =>
    typeof v === 'string' && v !== ''
      ? sql`${student.classId} in (select ${clazz.id} from ${clazz} where ${clazz.parentId} = ${v})`
      : undefined,
};

/**
 * 学生管理 (`/api/exam/pc/student/page|detail|submit|remove`). Rows keep to the caller's class scope: a teacher
 * sees the students of their classes, a student only themselves (modules/academic/class-scope.ts). Import, export,
 * password reset, the class history and QR binding are in student.routes.ts and student.excel.routes.ts.
 */
export const studentResource = defineResource({
  name: 'student',
  basePath: '/api/exam/pc/student',
  listPath: 'page',
  table: student,
  scope: 'tenant',
  ...studentPolicy,
  form: studentFormSchema,
  filters: {
    schoolId: filter.eqId(student.schoolId),
    classId: filter.eqId(student.classId),
    gradeId: gradeFilter,
    studentNo: filter.like(student.studentNo),
    realName: realNameFilter,
    status: filter.eqInt(student.status),
  },
  sorts: { studentNo: student.studentNo, createTime: student.createTime },
  defaultSort: [asc(student.studentNo), asc(student.id)],
  constraintMessages: { exam_student_no_uq: 'student.studentNo.taken', sys_user_account_uq: 'user.account.taken' },
  hooks: studentHooks,
  present: presenter(studentSchema),
});
