import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Policy } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { filejobStudent, filejobTeacher } from '../../../db/schema/index.ts';
import { shareReader } from '../../academic/academic.api.ts';

export type FilejobAssignmentRow = typeof filejobTeacher.$inferSelect;

/** Assignments a caller manages, as for practical ones: a teacher their own, administrators the tenant's (undefined). */
export async function managedCondition(db: Db, p: Principal): Promise<SQL | undefined> {
  const who = await shareReader(db, p);
  return who.kind === 'admin' ? undefined : eq(filejobTeacher.createUser, p.userId);
}

/** Whether the caller manages this assignment (a row already read in their tenant). */
export async function manages(db: Db, p: Principal, a: Pick<FilejobAssignmentRow, 'createUser'>): Promise<boolean> {
  return (await managedCondition(db, p)) === undefined || a.createUser === p.userId;
}

/** A live assignment the caller manages, else 404 (another teacher's, or another tenant's, does not exist to them). */
export async function managedAssignment(db: Db, p: Principal, id: string): Promise<FilejobAssignmentRow> {
  const [row] = await db
    .select()
    .from(filejobTeacher)
    .where(
      and(
        eq(filejobTeacher.id, id),
        eq(filejobTeacher.tenantId, p.tenantId),
        eq(filejobTeacher.isDeleted, 0),
        await managedCondition(db, p),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/**
 * Records of the assignments the caller manages, as a condition on filejob_student (a subquery of the assignments:
 * the builder is not awaited, which would run it).
 */
export async function ofManagedAssignments(db: Db, p: Principal): Promise<SQL> {
  const managed = await managedCondition(db, p);
  const ids = db
    .select({ id: filejobTeacher.id })
    .from(filejobTeacher)
    .where(and(eq(filejobTeacher.tenantId, p.tenantId), eq(filejobTeacher.isDeleted, 0), managed));
  return inArray(filejobStudent.filejobTeacherId, ids);
}

/** Records a caller may read: their own, and every record of the assignments they manage. */
export async function recordCondition(db: Db, p: Principal): Promise<SQL> {
  return or(eq(filejobStudent.userId, p.userId), await ofManagedAssignments(db, p))!;
}

export const filejobAssignmentPolicy: Policy = { rowScope: managedCondition };
export const filejobRecordPolicy: Policy = { rowScope: recordCondition };

/** Feedback is out once the release time has come (the start, the deadline, or the teacher's release). */
export const isReleased = (a: Pick<FilejobAssignmentRow, 'releaseTime'>, now = new Date()) =>
  a.releaseTime !== null && a.releaseTime <= now;

/** The release time a rule gives (manual: none until the teacher releases). */
export function releaseTimeOf(rule: string, startTime: Date, deadline: Date): Date | null {
  if (rule === 'immediate') return startTime;
  return rule === 'after_close' ? deadline : null;
}
