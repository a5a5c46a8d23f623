import { and, eq, inArray } from 'drizzle-orm';
import type { Reference } from '../../core/crud/references.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { student, teacher, user } from '../../db/schema/index.ts';

/** The accounts among these users that a live student's or teacher's record owns, with the account name. */
const owned = (table: typeof student | typeof teacher) => async (db: Db, tenantId: string, userIds: string[]) => {
  const rows = await db
    .select({ key: user.id, title: user.account })
    .from(table)
    .innerJoin(user, eq(user.id, table.userId))
    .where(and(eq(table.tenantId, tenantId), inArray(table.userId, userIds), eq(table.isDeleted, 0)));
  return rows;
};

/**
 * A student's or teacher's account is removed with the person in 学生管理 or 教师管理, never from 用户管理 alone (that
 * would leave a person without one): the refusal names the page to use.
 */
export const studentOwnsAccount: Reference = {
  target: 'user',
  label: { zh: '学生', en: 'Student' },
  find: owned(student),
  refusal: (hit) => badRequest('user.isStudent', { account: hit.title }),
};

export const teacherOwnsAccount: Reference = {
  target: 'user',
  label: { zh: '教师', en: 'Teacher' },
  find: owned(teacher),
  refusal: (hit) => badRequest('user.isTeacher', { account: hit.title }),
};
