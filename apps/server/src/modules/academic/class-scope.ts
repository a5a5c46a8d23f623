import { TEACHER_RELA_TYPE } from '@shixun/contracts';
import { and, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loadPermissions, type Principal } from '../../core/access/principal.ts';
import { memoOf } from '../../core/access/session-cache.ts';
import { userNames } from '../../core/access/user-names.ts';
import type { Db } from '../../core/db/client.ts';
import { forbidden, notFound } from '../../core/http/errors.ts';
import { clazz, student, teacher, teacherRela } from '../../db/schema/index.ts';

/**
 * Holders of any of these manage the tenant's classes, so they see all of them: tenant and school administrators.
 * Everyone else sees classes through who they are — a teacher their related classes, a student their own.
 */
export const CLASS_ADMIN_CODES = ['clazz_add', 'clazz_edit', 'clazz_delete'];

/** Which classes (and, for a student, which student row) a caller may see and assign work to. */
export type ClassScope =
  | { kind: 'all' }
  | { kind: 'teacher'; teacherId: string; classIds: string[] }
  | { kind: 'student'; studentId: string; classIds: string[] }
  | { kind: 'none'; classIds: string[] };

/** The live teacher or student record of a user in their tenant, if any. */
export async function teacherIdOf(db: Db, p: Principal): Promise<string | undefined> {
  const [row] = await db
    .select({ id: teacher.id })
    .from(teacher)
    .where(and(eq(teacher.tenantId, p.tenantId), eq(teacher.userId, p.userId), eq(teacher.isDeleted, 0)));
  return row?.id;
}

/**
 * Live classes a teacher is related to: directly, through a related grade or school, or as their head teacher.
 */
export async function classesOfTeacher(db: Db, tenantId: string, teacherId: string): Promise<string[]> {
  const related = (type: number) =>
    db
      .select({ id: teacherRela.relaId })
      .from(teacherRela)
      .where(and(eq(teacherRela.teacherId, teacherId), eq(teacherRela.relaType, type)));
  const rows = await db
    .select({ id: clazz.id })
    .from(clazz)
    .where(
      and(
        eq(clazz.tenantId, tenantId),
        eq(clazz.isDeleted, 0),
        eq(clazz.category, 2),
        or(
          inArray(clazz.id, related(TEACHER_RELA_TYPE.class)),
          inArray(clazz.parentId, related(TEACHER_RELA_TYPE.grade)),
          inArray(clazz.schoolId, related(TEACHER_RELA_TYPE.school)),
          eq(clazz.headTeacherId, teacherId),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The one answer to "which classes may this caller see or assign to" (DOMAIN §6): administrators (the platform
 * superuser, holders of CLASS_ADMIN_CODES) every class of the tenant; a teacher their related classes; a student
 * their own class and only themselves; anyone else nothing.
 */
export function classScope(db: Db, p: Principal): Promise<ClassScope> {
  return memoOf(p, 'class-scope', () => loadClassScope(db, p));
}

async function loadClassScope(db: Db, p: Principal): Promise<ClassScope> {
  if (p.superuser) return { kind: 'all' };
  const codes = await loadPermissions(db, p);
  if (CLASS_ADMIN_CODES.some((c) => codes.has(c))) return { kind: 'all' };
  const teacherId = await teacherIdOf(db, p);
  if (teacherId) return { kind: 'teacher', teacherId, classIds: await classesOfTeacher(db, p.tenantId, teacherId) };
  const [own] = await db
    .select({ id: student.id, classId: student.classId })
    .from(student)
    .where(and(eq(student.tenantId, p.tenantId), eq(student.userId, p.userId), eq(student.isDeleted, 0)));
  if (own) return { kind: 'student', studentId: own.id, classIds: [own.classId] };
  return { kind: 'none', classIds: [] };
}

const nothing = sql`false`;

/** Rows whose class column is one the scope reaches; undefined = no limit. */
export function classCondition(scope: ClassScope, classColumn: PgColumn): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return scope.classIds.length ? inArray(classColumn, scope.classIds) : nothing;
}

/**
 * Rows about students (rosters now; attempts and results later): a teacher those of their classes, a student only
 * their own (by `studentId`, when the rows carry it), an administrator all.
 */
export function studentRowsCondition(
  scope: ClassScope,
  columns: { classId: PgColumn; studentId: PgColumn },
): SQL | undefined {
  if (scope.kind === 'student') return eq(columns.studentId, scope.studentId);
  return classCondition(scope, columns.classId);
}

/** True when the scope reaches this class. */
export function reachesClass(scope: ClassScope, classId: string): boolean {
  return scope.kind === 'all' || scope.classIds.includes(classId);
}

/** A class the caller may not see is, to them, a class that does not exist. */
export function assertClassVisible(scope: ClassScope, classId: string): void {
  if (!reachesClass(scope, classId)) throw notFound();
}

/**
 * Work (papers, exams, homework) goes only to classes the caller teaches or administers; students assign nothing.
 * `classIds` must be live classes of the tenant — checked by the caller.
 */
export function assertAssignable(scope: ClassScope, classIds: string[]): void {
  if (scope.kind === 'student' || scope.kind === 'none') throw forbidden();
  if (!classIds.every((id) => reachesClass(scope, id))) throw forbidden('teacher.classNotRelated');
}

/**
 * A class as schools name it: its grade before it (grade 2024级 + class 1班 → 2024级1班), since every grade has a 1班.
 * A class already named with its grade (or without a grade) keeps its name. The one expression for every list,
 * mark sheet and export that shows a class, given the column holding the class id (a correlated subquery, removed
 * classes and grades included: a name stays what it was; null when there is no such class). The column is written
 * out with its table because drizzle leaves columns of a one-table query unqualified, and inside the subquery an
 * unqualified `id` would be the class's own.
 */
export function classDisplayName(classId: PgColumn): SQL<string> {
  const outer = sql.raw(`"${getTableName(classId.table)}"."${classId.name}"`);
  return sql<string>`(select coalesce(case when left(c.name, length(g.name)) = g.name then null else g.name end, '')
    || c.name from exam_clazz c left join exam_clazz g on g.id = c.parent_id and g.category = 1 where c.id = ${outer})`;
}

/** id → display name (classDisplayName) of these classes. */
export async function classNamesById(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: clazz.id, name: classDisplayName(clazz.id) })
    .from(clazz)
    .where(inArray(clazz.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Work given to classes (an assignment of any kind) as its lists show it: each row with its classes' names and its
 * owner's name, in two queries for the whole page.
 */
export async function withClassesAndOwner<R extends { classIds: string[]; createUser: string | null }>(
  db: Db,
  rows: R[],
): Promise<(R & { classNames: string[]; ownerName: string })[]> {
  // One after the other: inside a transaction `db` is one connection, which runs one query at a time.
  const owners = await userNames(
    db,
    rows.map((r) => r.createUser),
  );
  const classes = await classNamesById(
    db,
    rows.flatMap((r) => r.classIds),
  );
  return rows.map((r) => ({
    ...r,
    classNames: r.classIds.map((id) => classes.get(id) ?? ''),
    ownerName: owners.get(r.createUser ?? '') ?? '',
  }));
}
