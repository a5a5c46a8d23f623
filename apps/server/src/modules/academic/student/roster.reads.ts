import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { prepared } from '../../../core/db/statements.ts';
import { clazz, student, user } from '../../../db/schema/index.ts';
import { classDisplayName } from '../class-scope.ts';

// Classes and their students as work given to classes reads them (assignments, attempts, results): those rows carry
// class and student ids, the classes and students themselves are 教务's.

/** A student as an attempt is made for them. */
export interface RosterStudent {
  id: string;
  userId: string;
  classId: string;
}

/** Of these ids, those of live classes of the tenant (not grades). */
export async function liveClassIds(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: clazz.id })
    .from(clazz)
    .where(and(eq(clazz.tenantId, tenantId), eq(clazz.isDeleted, 0), eq(clazz.category, 2), inArray(clazz.id, ids)));
  return rows.map((r) => r.id);
}

/** The live students of these classes. */
export function studentsOfClasses(db: Db, tenantId: string, classIds: string[]): Promise<RosterStudent[]> {
  return db
    .select({ id: student.id, userId: student.userId, classId: student.classId })
    .from(student)
    .where(and(eq(student.tenantId, tenantId), eq(student.isDeleted, 0), inArray(student.classId, classIds)));
}

const meQuery = prepared((db) =>
  db
    .select({ id: student.id, userId: student.userId, classId: student.classId })
    .from(student)
    .where(
      and(
        eq(student.tenantId, sql.placeholder('tenantId')),
        eq(student.userId, sql.placeholder('userId')),
        eq(student.isDeleted, 0),
      ),
    )
    .prepare('exam_me_as_student'),
);

/** The caller as a live student of the tenant, if they are one: asked on every visit to 我的考试, so prepared. */
export async function studentOfUser(db: Db, tenantId: string, userId: string): Promise<RosterStudent | undefined> {
  const [me] = await meQuery(db).execute({ tenantId, userId });
  return me;
}

/** These students, removed ones included: their attempts outlive them. */
export function studentsById(db: Db, ids: string[]): Promise<RosterStudent[]> {
  return db
    .select({ id: student.id, userId: student.userId, classId: student.classId })
    .from(student)
    .where(inArray(student.id, ids));
}

/** These students' names, numbers and class names (classDisplayName), as lists of attempts show them. */
export function studentNames(
  db: Db,
  ids: string[],
): Promise<{ id: string; name: string; no: string; className: string }[]> {
  return db
    .select({
      id: student.id,
      name: user.realName,
      no: student.studentNo,
      className: classDisplayName(student.classId),
    })
    .from(student)
    .innerJoin(user, eq(user.id, student.userId))
    .where(inArray(student.id, ids));
}

/** id → display name (classDisplayName) and place in the class tree's order of these classes. */
export async function classesById(db: Db, ids: string[]): Promise<Map<string, { name: string; sort: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: clazz.id, name: classDisplayName(clazz.id), sort: clazz.sort })
    .from(clazz)
    .where(inArray(clazz.id, ids));
  return new Map(rows.map(({ id, ...c }) => [id, c]));
}

/**
 * Students with their number and name, as a subquery to join (on `roster.id`) where rows about students are
 * searched, sorted and paged by them in the database: a page by student number cannot be cut before the numbers
 * are known. The database merges it into the caller's joins.
 */
export function studentRoster(db: Db) {
  return db
    .select({ id: student.id, no: student.studentNo, name: user.realName })
    .from(student)
    .innerJoin(user, eq(user.id, student.userId))
    .as('roster');
}
