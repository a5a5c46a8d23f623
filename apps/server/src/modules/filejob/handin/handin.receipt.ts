import type { FilejobReceipt } from '@shixun/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { filejobStudent, filejobStudentFile, filejobStudentHandin, filejobTeacher } from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';

/** The files of these hand-ins, in the order they were handed in, by hand-in. */
export async function filesOfHandins(db: Db, handinIds: string[]) {
  const byHandin = new Map<string, (typeof filejobStudentFile.$inferSelect)[]>();
  for (const id of handinIds) {
    const rows = await db
      .select()
      .from(filejobStudentFile)
      .where(eq(filejobStudentFile.handinId, id))
      .orderBy(asc(filejobStudentFile.sort));
    byHandin.set(id, rows);
  }
  return byHandin;
}

/**
 * A hand-in's receipt as it was given, superseded or not (who may ask is decided by the caller of this). The
 * record and assignment are read removed or not: a receipt outlives them.
 */
export async function receiptOf(db: Db, handinId: string): Promise<FilejobReceipt> {
  const [row] = await db
    .select({ h: filejobStudentHandin, s: filejobStudent, title: filejobTeacher.title })
    .from(filejobStudentHandin)
    .innerJoin(filejobStudent, eq(filejobStudent.id, filejobStudentHandin.filejobStudentId))
    .innerJoin(filejobTeacher, eq(filejobTeacher.id, filejobStudent.filejobTeacherId))
    .where(eq(filejobStudentHandin.id, handinId));
  if (!row) throw notFound();
  // One after the other: inside a transaction (a hand-in) the statements share one connection.
  const files = await filesOfHandins(db, [handinId]);
  const [who] = await studentNames(db, [row.s.studentId]);
  return {
    handinId,
    filejobStudentId: row.s.id,
    title: row.title,
    studentNo: who?.no ?? '',
    studentName: who?.name ?? '',
    serverTime: row.h.serverTime.toISOString(),
    late: row.h.late === 1,
    lateDays: row.h.lateDays,
    penalty: row.h.penalty,
    superseded: row.s.handinId !== handinId,
    files: (files.get(handinId) ?? []).map((f) => ({
      attachId: f.attachId,
      name: f.name,
      size: f.size,
      sha256: f.sha256,
    })),
  };
}
