import type { ClassBindInfo, PasswordReset, StudentClassStay } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { student, studentClass, term, user } from '../../../db/schema/index.ts';
import { resetPasswords } from '../../user/user.api.ts';
import { assertMayActOnPeople } from '../accounts.ts';
import { classesTeachers } from '../teacher/teacher.names.ts';
import type { ClassBind } from './class-bind.ts';
import { liveClass, recordClass } from './student.classes.ts';
import { assertStudentNoFree, classNames, withStudentDetails } from './student.hooks.ts';
import { studentResource } from './student.resource.ts';

/** What a class QR code says, once its signature is checked (class-bind.ts readBindCode). */
type ReadBind = ClassBind & { expiresAt: Date };

/** Live students among these ids that the caller may reach (class scope), else 404. */
async function visibleStudents(db: Db, p: Principal, ids: string[]) {
  const rows = await db
    .select()
    .from(student)
    .where(and(await accessScope(db, studentResource, p), inArray(student.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** The caller's own live student record of their tenant, if they are a student. */
async function ownStudent(db: Db, p: Principal) {
  const [own] = await db
    .select()
    .from(student)
    .where(and(eq(student.tenantId, p.tenantId), eq(student.userId, p.userId), eq(student.isDeleted, 0)));
  return own;
}

/** New passwords for the accounts of these students, shown once. */
export async function resetStudentPasswords(db: Db, p: Principal, ids: string[]): Promise<PasswordReset[]> {
  const rows = await visibleStudents(db, p, ids);
  const accounts = await db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(
      inArray(
        user.id,
        rows.map((r) => r.userId),
      ),
    );
  await assertMayActOnPeople(
    db,
    p,
    'student',
    accounts.map((a) => a.id),
  );
  return resetPasswords(db, accounts);
}

/** Every class the student has been in, oldest first. */
export async function studentClassStays(db: Db, p: Principal, id: string): Promise<StudentClassStay[]> {
  const [row] = await visibleStudents(db, p, [id]);
  const stays = await db
    .select()
    .from(studentClass)
    .where(eq(studentClass.studentId, row!.id))
    .orderBy(asc(studentClass.startTime), asc(studentClass.id));
  const names = await classNames(
    db,
    stays.map((s) => s.classId),
  );
  return stays.map((s) => ({
    classId: s.classId,
    className: names.get(s.classId)?.className ?? '',
    gradeName: names.get(s.classId)?.gradeName ?? '',
    startTime: s.startTime.toISOString(),
    endTime: s.endTime?.toISOString() ?? null,
  }));
}

/** The signed-in student's own record, current term and teachers; 404 for anyone who is not a student. */
export async function ownClass(db: Db, p: Principal) {
  const own = await ownStudent(db, p);
  if (!own) throw notFound();
  const [detailed] = await withStudentDetails(db, [own]);
  const [current] = await db
    .select({ name: term.name })
    .from(term)
    .where(and(eq(term.schoolId, own.schoolId), eq(term.isCurrent, 1), eq(term.isDeleted, 0)));
  const teachers = await classesTeachers(db, p.tenantId, own.classId);
  return {
    student: detailed!,
    termName: current?.name ?? '',
    headTeacherName: teachers.head,
    teacherNames: teachers.all,
  };
}

/** What a class QR code leads to, for the student to confirm; only within the caller's tenant. */
export async function classBindInfo(db: Db, p: Principal, bind: ReadBind): Promise<ClassBindInfo> {
  if (bind.tenantId !== p.tenantId) throw badRequest('student.bind.otherTenant');
  const cls = await liveClass(db, p.tenantId, bind.classId);
  const names = (await classNames(db, [cls.id])).get(cls.id)!;
  const teachers = await classesTeachers(db, p.tenantId, cls.id, bind.teacherId);
  return { ...names, teacherName: teachers.named, expiresAt: bind.expiresAt.toISOString() };
}

/** The signed-in student joins the class the code names; their class history records the move. */
export async function bindToClass(db: Db, p: Principal, bind: ReadBind): Promise<void> {
  if (bind.tenantId !== p.tenantId) throw badRequest('student.bind.otherTenant');
  const own = await ownStudent(db, p);
  if (!own) throw badRequest('student.notStudent');
  const cls = await liveClass(db, p.tenantId, bind.classId);
  if (cls.schoolId !== own.schoolId) await assertStudentNoFree(db, p.tenantId, cls.schoolId, own.studentNo);
  await db.transaction(async (tx) => {
    await tx
      .update(student)
      .set({ classId: cls.id, schoolId: cls.schoolId, updateUser: p.userId, updateTime: new Date() })
      .where(eq(student.id, own.id));
    await recordClass(tx, p, own.id, cls.id);
  });
}
