import { type classQrcodeSchema, TEACHER_RELA_TYPE, type TeacherRelas } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../core/access/principal.ts';
import { accessScope } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { clazz, school, teacher, teacherRela, user } from '../../../db/schema/index.ts';
import { updateAccount } from '../accounts.ts';
import { assertClassVisible, classesOfTeacher, classScope, teacherIdOf } from '../class-scope.ts';
import type { ClassBind } from '../student/class-bind.ts';
import { liveClass } from '../student/student.classes.ts';
import { teacherOfClass } from './teacher.names.ts';
import { teacherResource } from './teacher.resource.ts';

/** The teacher row the caller may manage (tenant, live), else 404. */
async function managedTeacher(db: Db, p: Principal, id: string) {
  const [row] = await db
    .select()
    .from(teacher)
    .where(and(await accessScope(db, teacherResource, p), eq(teacher.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Resolves selected ids to relations: each a live school, grade or class of the tenant, kept to the top-most. */
async function relationsOf(db: Db, tenantId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const [schools, nodes] = await Promise.all([
    db
      .select({ id: school.id })
      .from(school)
      .where(and(eq(school.tenantId, tenantId), eq(school.isDeleted, 0), inArray(school.id, wanted))),
    db
      .select({ id: clazz.id, schoolId: clazz.schoolId, parentId: clazz.parentId, category: clazz.category })
      .from(clazz)
      .where(and(eq(clazz.tenantId, tenantId), eq(clazz.isDeleted, 0), inArray(clazz.id, wanted))),
  ]);
  if (schools.length + nodes.length !== wanted.length) throw badRequest('teacher.rela.invalid');
  const schoolSet = new Set(schools.map((s) => s.id));
  const gradeSet = new Set(nodes.filter((n) => n.category === 1).map((n) => n.id));
  // A grade inside a chosen school, or a class inside a chosen grade or school, is already covered.
  const kept = nodes.filter((n) => !schoolSet.has(n.schoolId) && !(n.category === 2 && gradeSet.has(n.parentId)));
  return [
    ...schools.map((s) => ({ relaType: TEACHER_RELA_TYPE.school, relaId: s.id, schoolId: s.id })),
    ...kept.map((n) => ({
      relaType: n.category === 1 ? TEACHER_RELA_TYPE.grade : TEACHER_RELA_TYPE.class,
      relaId: n.id,
      schoolId: n.schoolId,
    })),
  ];
}

/** The tenant's live, enabled teachers by name, for pickers. */
export function teacherOptions(db: Db, p: Principal) {
  return db
    .select({ id: teacher.id, userId: teacher.userId, realName: user.realName, account: user.account })
    .from(teacher)
    .innerJoin(user, eq(user.id, teacher.userId))
    .where(and(eq(teacher.tenantId, p.tenantId), eq(teacher.isDeleted, 0), eq(teacher.status, 1)))
    .orderBy(asc(user.realName), asc(teacher.id));
}

/** The ids the teacher is related to, within one school (`0` = all schools). */
export async function teacherRelaIds(db: Db, p: Principal, teacherId: string, schoolId: string): Promise<string[]> {
  const row = await managedTeacher(db, p, teacherId);
  const relas = await db
    .select({ relaId: teacherRela.relaId })
    .from(teacherRela)
    .where(and(eq(teacherRela.teacherId, row.id), schoolId === '0' ? undefined : eq(teacherRela.schoolId, schoolId)));
  return relas.map((r) => r.relaId);
}

/**
 * The teacher's relations become exactly the selected schools, grades and classes (and their name the one sent, if
 * any), in one transaction; answers the classes they now teach.
 */
export async function setTeacherRelas(db: Db, p: Principal, body: TeacherRelas): Promise<string[]> {
  const row = await managedTeacher(db, p, body.teacherId);
  const relations = await relationsOf(db, p.tenantId, body.selectedRelas);
  await db.transaction(async (tx) => {
    await tx.delete(teacherRela).where(eq(teacherRela.teacherId, row.id));
    if (relations.length) {
      await tx
        .insert(teacherRela)
        .values(relations.map((r) => ({ ...r, id: newId(), tenantId: p.tenantId, teacherId: row.id })));
    }
    if (body.teacherName) await updateAccount(tx, p, 'teacher', row.userId, { realName: body.teacherName });
  });
  return classesOfTeacher(db, p.tenantId, row.id);
}

/** Renames the teacher (their account's name). */
export async function renameTeacher(db: Db, p: Principal, teacherId: string, name: string): Promise<void> {
  const row = await managedTeacher(db, p, teacherId);
  await updateAccount(db, p, 'teacher', row.userId, { realName: name });
}

/**
 * What a class QR code will say: the class and the teacher it is made in the name of. A teacher makes one for a
 * class they are related to; an administrator for any class, on behalf of a teacher of it.
 */
export async function classQrcodeBind(
  db: Db,
  p: Principal,
  body: z.infer<typeof classQrcodeSchema>,
): Promise<ClassBind> {
  const cls = await liveClass(db, p.tenantId, body.classId);
  const scope = await classScope(db, p);
  // A teacher's own classes only (another class is, to them, not there); an administrator any class.
  assertClassVisible(scope, cls.id);
  let teacherId = scope.kind === 'teacher' ? scope.teacherId : undefined;
  if (body.teacherId && body.teacherId !== teacherId) {
    // Only an administrator makes codes in another teacher's name.
    if (scope.kind !== 'all') throw forbidden();
    teacherId = (await managedTeacher(db, p, body.teacherId)).id;
  }
  // An administrator who names no teacher speaks for the class's head teacher, else for one who teaches it.
  teacherId ??= (await teacherIdOf(db, p)) ?? (await teacherOfClass(db, p.tenantId, cls.id, cls.headTeacherId));
  if (!teacherId) throw badRequest('teacher.noneForClass');
  if (!(await classesOfTeacher(db, p.tenantId, teacherId)).includes(cls.id))
    throw badRequest('teacher.classNotRelated');
  return { tenantId: p.tenantId, classId: cls.id, teacherId };
}
