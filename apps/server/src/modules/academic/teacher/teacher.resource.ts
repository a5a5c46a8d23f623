import { teacherFormSchema, teacherSchema } from '@shixun/contracts';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Filter, filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { teacher, user } from '../../../db/schema/index.ts';
import { teacherHooks } from './teacher.hooks.ts';

/** A contains-match on a column of the teacher's account (name and account live on the user). */
function accountLike(column: PgColumn): Filter {
  return {
    schema: z.string().trim().max(100).optional(),
    where: (v): SQL | undefined => {
      if (typeof v !== 'string' || v === '') return undefined;
      const like = `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`${teacher.userId} in (select ${user.id} from ${user} where ${column} ilike ${like})`;
    },
  };
}

/**
 * 教师管理 (`/api/exam/pc/teacher/page|detail|submit|remove`); relations, renaming, the relation tree and class QR
 * codes are in teacher.routes.ts.
 */
export const teacherResource = defineResource({
  name: 'teacher',
  basePath: '/api/exam/pc/teacher',
  listPath: 'page',
  table: teacher,
  scope: 'tenant',
  form: teacherFormSchema,
  filters: {
    realName: accountLike(user.realName),
    account: accountLike(user.account),
    teacherNo: filter.like(teacher.teacherNo),
    status: filter.eqInt(teacher.status),
  },
  sorts: { teacherNo: teacher.teacherNo, createTime: teacher.createTime },
  defaultSort: [desc(teacher.createTime), asc(teacher.id)],
  constraintMessages: { exam_teacher_no_uq: 'teacher.teacherNo.taken', sys_user_account_uq: 'user.account.taken' },
  hooks: teacherHooks,
  present: presenter(teacherSchema),
});
