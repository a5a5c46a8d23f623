import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { student, teacher, user } from '../../db/schema/index.ts';

/**
 * Accounts among these users that belong to a live student or teacher: they are removed through 学生管理 or 教师管理,
 * which remove the person and the account together, never from 用户管理 alone (that would leave a person without one).
 */
export async function teachingAccounts(
  db: Db,
  userIds: string[],
): Promise<{ account: string; kind: 'student' | 'teacher' }[]> {
  if (userIds.length === 0) return [];
  const owned = async (table: typeof student | typeof teacher, kind: 'student' | 'teacher') =>
    (
      await db
        .select({ account: user.account })
        .from(table)
        .innerJoin(user, eq(user.id, table.userId))
        .where(and(inArray(table.userId, userIds), eq(table.isDeleted, 0)))
    ).map((r) => ({ account: r.account, kind }));
  return [...(await owned(student, 'student')), ...(await owned(teacher, 'teacher'))];
}
