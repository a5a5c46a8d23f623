import type { FilejobClass } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/http/errors.ts';
import { filejobStudent, filejobStudentFile } from '../../../db/schema/index.ts';
import { classesById, studentNames } from '../../academic/academic.api.ts';
import { managedAssignment } from './assignment.policy.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * `class_list`: an assignment the caller manages, class by class (in the class tree's order): who has handed in on
 * time, who late, who not at all — each student by number, with their extension and mark.
 */
export async function classList(db: Db, p: Principal, id: string, classId?: string): Promise<FilejobClass[]> {
  const a = await managedAssignment(db, p, id);
  if (classId && !a.classIds.includes(classId)) throw notFound();
  const classIds = classId ? [classId] : a.classIds;
  const records = await db
    .select()
    .from(filejobStudent)
    .where(
      and(
        eq(filejobStudent.filejobTeacherId, a.id),
        eq(filejobStudent.isDeleted, 0),
        inArray(filejobStudent.classId, classIds),
      ),
    );
  const names = new Map(
    (
      await studentNames(
        db,
        records.map((r) => r.studentId),
      )
    ).map((n) => [n.id, n]),
  );
  const handinIds = records.flatMap((r) => (r.handinId ? [r.handinId] : []));
  const counts = new Map<string, number>();
  if (handinIds.length) {
    const files = await db
      .select({ handinId: filejobStudentFile.handinId })
      .from(filejobStudentFile)
      .where(inArray(filejobStudentFile.handinId, handinIds));
    for (const f of files) counts.set(f.handinId, (counts.get(f.handinId) ?? 0) + 1);
  }
  const classes = await classesById(db, classIds);
  const ordered = [...classIds].sort((x, y) => (classes.get(x)?.sort ?? 0) - (classes.get(y)?.sort ?? 0));
  return ordered.map((cid) => {
    const rows = records
      .filter((r) => r.classId === cid)
      .map((r) => ({
        id: r.id,
        studentId: r.studentId,
        studentNo: names.get(r.studentId)?.no ?? '',
        studentName: names.get(r.studentId)?.name ?? '',
        state: r.state as FilejobClass['records'][number]['state'],
        lateDays: r.lateDays,
        penalty: r.penalty,
        handinTime: iso(r.handinTime),
        extensionUntil: iso(r.extensionUntil),
        fileCount: r.handinId ? (counts.get(r.handinId) ?? 0) : 0,
        score: r.score,
        marked: r.score !== null,
      }))
      .sort((x, y) => x.studentNo.localeCompare(y.studentNo));
    return {
      classId: cid,
      className: classes.get(cid)?.name ?? '',
      students: rows.length,
      handed: rows.filter((r) => r.state === 'handed').length,
      late: rows.filter((r) => r.state === 'late').length,
      missing: rows.filter((r) => r.state === 'not_handed').length,
      records: rows,
    };
  });
}

/** For the zip: the current hand-in's files of each student of one class, by student number. */
export async function handedFilesOfClass(db: Db, p: Principal, id: string, classId: string) {
  const a = await managedAssignment(db, p, id);
  if (!a.classIds.includes(classId)) throw notFound();
  const rows = await db
    .select({ studentId: filejobStudent.studentId, file: filejobStudentFile })
    .from(filejobStudent)
    .innerJoin(filejobStudentFile, eq(filejobStudentFile.handinId, filejobStudent.handinId))
    .where(
      and(
        eq(filejobStudent.filejobTeacherId, a.id),
        eq(filejobStudent.classId, classId),
        eq(filejobStudent.isDeleted, 0),
      ),
    )
    .orderBy(asc(filejobStudent.studentId), asc(filejobStudentFile.sort));
  const names = new Map((await studentNames(db, [...new Set(rows.map((r) => r.studentId))])).map((n) => [n.id, n]));
  const classes = await classesById(db, [classId]);
  return {
    title: a.title,
    className: classes.get(classId)?.name ?? '',
    files: rows.map((r) => ({
      studentNo: names.get(r.studentId)?.no ?? '',
      studentName: names.get(r.studentId)?.name ?? '',
      ...r.file,
    })),
  };
}
