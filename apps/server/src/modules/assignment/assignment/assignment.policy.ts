import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Policy } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher } from '../../../db/schema/index.ts';
import { shareReader } from '../../academic/academic.api.ts';
import { type AssignmentRow, loadAssignment } from './assignment.content.ts';

/**
 * Assignments a caller manages (DOMAIN §6): a teacher their own, content administrators (and the platform
 * superuser) every one of the tenant. As a condition on paper_teacher; undefined = the whole tenant.
 */
export async function assignmentCondition(db: Db, p: Principal): Promise<SQL | undefined> {
  const who = await shareReader(db, p);
  return who.kind === 'admin' ? undefined : eq(paperTeacher.createUser, p.userId);
}

/** A live assignment the caller manages, else 404 (another teacher's is one that does not exist, to them). */
export async function managedAssignment(db: Db, p: Principal, id: string): Promise<AssignmentRow> {
  const row = await loadAssignment(db, p.tenantId, id);
  if (!row) throw notFound();
  const who = await shareReader(db, p);
  if (who.kind !== 'admin' && row.createUser !== p.userId) throw notFound();
  return row;
}

/**
 * Attempts a caller may read: their own, and every attempt of the assignments they manage (as a condition on
 * paper_student).
 */
export async function attemptCondition(db: Db, p: Principal): Promise<SQL> {
  const managed = await assignmentCondition(db, p);
  const ids = db
    .select({ id: paperTeacher.id })
    .from(paperTeacher)
    .where(and(eq(paperTeacher.tenantId, p.tenantId), eq(paperTeacher.isDeleted, 0), managed));
  const own = eq(paperStudent.userId, p.userId);
  return or(own, inArray(paperStudent.paperTeacherId, ids))!;
}

/** The factory's policy for assignments and what hangs off them (frozen questions): the ones the caller manages. */
export const assignmentPolicy: Policy = { rowScope: assignmentCondition };

/** The factory's policy for attempts: the caller's own, and those of the assignments they manage. */
export const attemptPolicy: Policy = { rowScope: attemptCondition };
