import type { FrozenItem, FrozenPoint } from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { prepared } from '../../../core/db/statements.ts';
import { notFound } from '../../../core/http/errors.ts';
import { practicalStudent, practicalTeacher } from '../../../db/schema/index.ts';
import { managedCondition, type PracticalAssignmentRow } from '../assignment/assignment.policy.ts';

export type PracticalAttemptRow = typeof practicalStudent.$inferSelect;

/** A time as the API gives it. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An attempt with its assignment, and who the caller is to it. */
export interface HeldAttempt {
  s: PracticalAttemptRow;
  a: PracticalAssignmentRow;
  role: 'student' | 'teacher';
}

const attemptQuery = prepared((db) =>
  db
    .select({ s: practicalStudent, a: practicalTeacher })
    .from(practicalStudent)
    .innerJoin(practicalTeacher, eq(practicalTeacher.id, practicalStudent.practicalTeacherId))
    .where(
      and(
        eq(practicalStudent.id, sql.placeholder('id')),
        eq(practicalStudent.tenantId, sql.placeholder('tenantId')),
        eq(practicalStudent.isDeleted, 0),
        eq(practicalTeacher.isDeleted, 0),
      ),
    )
    .prepare('practical_attempt'),
);

/**
 * An attempt the caller may see: their own (as its student), or one of an assignment they manage (as its teacher).
 * Anyone else's, and another tenant's, is one that does not exist (404).
 */
export async function heldAttempt(db: Db, p: Principal, id: string, as?: 'student' | 'teacher'): Promise<HeldAttempt> {
  const [row] = await attemptQuery(db).execute({ id, tenantId: p.tenantId });
  if (!row) throw notFound();
  if (row.s.userId === p.userId && as !== 'teacher') return { ...row, role: 'student' };
  if (as === 'student') throw notFound();
  const managed = await managedCondition(db, p);
  if (managed && row.a.createUser !== p.userId) throw notFound();
  return { ...row, role: 'teacher' };
}

/** Locks an attempt's row for a change and reads it again as it now is. */
export async function lockAttempt(tx: Db, id: string): Promise<PracticalAttemptRow> {
  const [row] = await tx.select().from(practicalStudent).where(eq(practicalStudent.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** An assignment's frozen points and, by id, their items (with the point each is under). */
export interface Content {
  points: FrozenPoint[];
  items: Map<string, { item: FrozenItem; point: FrozenPoint }>;
}

const contents = new Map<string, Content>();
const CONTENTS = 200;

/** The frozen content of an assignment, parsed once (it never changes after the assignment is made). */
export function contentOf(a: Pick<PracticalAssignmentRow, 'id' | 'content'>): Content {
  const kept = contents.get(a.id);
  if (kept) return kept;
  const points = a.content as FrozenPoint[];
  const items = new Map(points.flatMap((point) => point.items.map((item) => [item.id, { item, point }] as const)));
  const content = { points, items };
  if (contents.size >= CONTENTS) contents.delete(contents.keys().next().value!);
  contents.set(a.id, content);
  return content;
}
