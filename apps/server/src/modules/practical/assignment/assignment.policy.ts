import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Policy } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { practicalStudent, practicalTeacher } from '../../../db/schema/index.ts';
import { shareReader } from '../../academic/academic.api.ts';

export type PracticalAssignmentRow = typeof practicalTeacher.$inferSelect;

/** Practical assignments a caller manages: a teacher their own, administrators the tenant's (undefined = all). */
export async function managedCondition(db: Db, p: Principal): Promise<SQL | undefined> {
  const who = await shareReader(db, p);
  return who.kind === 'admin' ? undefined : eq(practicalTeacher.createUser, p.userId);
}

/** A live assignment the caller manages, else 404 (another teacher's does not exist, to them). */
export async function managedAssignment(db: Db, p: Principal, id: string): Promise<PracticalAssignmentRow> {
  const [row] = await db
    .select()
    .from(practicalTeacher)
    .where(
      and(
        eq(practicalTeacher.id, id),
        eq(practicalTeacher.tenantId, p.tenantId),
        eq(practicalTeacher.isDeleted, 0),
        await managedCondition(db, p),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** Ids of the assignments managed under `managed` (managedCondition), as a subquery. */
function managedIds(db: Db, p: Principal, managed: SQL | undefined) {
  return db
    .select({ id: practicalTeacher.id })
    .from(practicalTeacher)
    .where(and(eq(practicalTeacher.tenantId, p.tenantId), eq(practicalTeacher.isDeleted, 0), managed));
}

/** Attempts a caller may read: their own, and every attempt of the assignments they manage. */
export async function attemptCondition(db: Db, p: Principal): Promise<SQL> {
  return or(
    eq(practicalStudent.userId, p.userId),
    inArray(practicalStudent.practicalTeacherId, managedIds(db, p, await managedCondition(db, p))),
  )!;
}

/**
 * Rows of attempts (in `column`) of the assignments the caller manages. Students read their own records through
 * `paper_detail`, which holds back the teacher's until the scores are out.
 */
export async function ofManagedAttempts(db: Db, p: Principal, column: Parameters<typeof inArray>[0]): Promise<SQL> {
  const attempts = db
    .select({ id: practicalStudent.id })
    .from(practicalStudent)
    .where(
      and(
        eq(practicalStudent.tenantId, p.tenantId),
        eq(practicalStudent.isDeleted, 0),
        inArray(practicalStudent.practicalTeacherId, managedIds(db, p, await managedCondition(db, p))),
      ),
    );
  return inArray(column, attempts);
}

export const practicalAssignmentPolicy: Policy = { rowScope: managedCondition };
export const practicalAttemptPolicy: Policy = { rowScope: attemptCondition };

/** Released once its release time has come (set by the teacher, or the close time under `after_close`). */
export const isReleased = (a: Pick<PracticalAssignmentRow, 'releaseTime'>, now = new Date()) =>
  a.releaseTime !== null && a.releaseTime <= now;
