import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { clazz, studentClass } from '../../../db/schema/index.ts';

/** A live class (not a grade) of the tenant: where a student may be enrolled. */
export async function liveClass(db: Db, tenantId: string, classId: string) {
  const [row] = await db
    .select()
    .from(clazz)
    .where(and(eq(clazz.id, classId), eq(clazz.tenantId, tenantId), eq(clazz.category, 2), eq(clazz.isDeleted, 0)));
  if (!row) throw badRequest('clazz.invalid');
  return row;
}

/**
 * Keeps the class history: when the student's open stay is not in this class, it is closed and a new one opened.
 * Called on every save and on binding through a QR code, so the first enrolment and every move are recorded.
 */
export async function recordClass(db: Db, p: Principal, studentId: string, classId: string): Promise<void> {
  const open = and(eq(studentClass.studentId, studentId), isNull(studentClass.endTime));
  const [current] = await db.select({ classId: studentClass.classId }).from(studentClass).where(open);
  if (current?.classId === classId) return;
  const now = new Date();
  await db.update(studentClass).set({ endTime: now }).where(open);
  await db.insert(studentClass).values({
    id: newId(),
    tenantId: p.tenantId,
    studentId,
    classId,
    startTime: now,
    createUser: p.userId,
  });
}

/** Removed students' stays end with them. */
export async function closeStays(db: Db, studentIds: string[]): Promise<void> {
  for (const id of studentIds) {
    await db
      .update(studentClass)
      .set({ endTime: new Date() })
      .where(and(eq(studentClass.studentId, id), isNull(studentClass.endTime)));
  }
}
