import type { clazzFormSchema } from '@shixun/contracts';
import { type MessageKey, translate } from '@shixun/contracts';
import { and, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { clazz, flag, school, student, teacher } from '../../../db/schema/index.ts';
import { idsIn, namesById } from '../names.ts';
import { assertSchool } from '../schoolyear/calendar.rules.ts';
import { teacherNames } from '../teacher/teacher.names.ts';

const GRADE = 1;

/** A live row of the tenant with this id in a table with `tenantId`/`isDeleted`, else a 400 with the message. */
async function assertLive(
  db: Db,
  table: typeof teacher | typeof flag | typeof clazz,
  where: ReturnType<typeof and>,
  message: MessageKey,
): Promise<void> {
  const [hit] = await db.select({ id: table.id }).from(table).where(where);
  if (!hit) throw badRequest(message);
}

export const clazzHooks: ResourceHooks<typeof clazzFormSchema, typeof clazz.$inferSelect> = {
  async beforeSave({ db, principal, values, existing, next: row, locale }) {
    const tenantId = principal.tenantId;
    if (existing && values.category !== undefined && values.category !== existing.category)
      throw badRequest('clazz.category.fixed');
    if (!existing) await assertSchool(db, tenantId, values.schoolId);
    const schoolId = row.schoolId;

    if (row.category === GRADE) {
      if (values.parentId !== undefined && values.parentId !== '0') throw badRequest('clazz.grade.noParent');
      Object.assign(values, { parentId: '0', headTeacherId: null, enrolmentYear: null, directionId: null });
    } else {
      if (!row.parentId || row.parentId === '0') throw badRequest('clazz.grade.required');
      const grade = and(
        eq(clazz.id, row.parentId),
        eq(clazz.tenantId, tenantId),
        eq(clazz.schoolId, schoolId),
        eq(clazz.category, GRADE),
        eq(clazz.isDeleted, 0),
      );
      await assertLive(db, clazz, grade, 'clazz.grade.invalid');
      if (values.headTeacherId) {
        const live = and(
          eq(teacher.id, values.headTeacherId),
          eq(teacher.tenantId, tenantId),
          eq(teacher.isDeleted, 0),
        );
        await assertLive(db, teacher, live, 'clazz.headTeacher.invalid');
      }
      if (values.directionId) {
        const live = and(
          eq(flag.id, values.directionId),
          eq(flag.tenantId, tenantId),
          eq(flag.kind, 'direction'),
          eq(flag.isDeleted, 0),
        );
        await assertLive(db, flag, live, 'clazz.direction.invalid');
      }
    }

    const parentId = values.parentId ?? row.parentId ?? '0';
    const [twin] = await db
      .select({ id: clazz.id })
      .from(clazz)
      .where(
        and(
          eq(clazz.tenantId, tenantId),
          eq(clazz.schoolId, schoolId),
          eq(clazz.parentId, parentId),
          eq(clazz.name, row.name),
          eq(clazz.isDeleted, 0),
          existing ? ne(clazz.id, existing.id) : undefined,
        ),
      )
      .limit(1);
    if (twin) {
      const grade = row.category === GRADE;
      throw badRequest('clazz.name.taken', {
        parent: translate(locale, grade ? 'clazz.what.school' : 'clazz.what.grade'),
        what: translate(locale, grade ? 'clazz.what.grade' : 'clazz.what.class'),
      });
    }
  },

  /** A class keeps its students (a grade its classes: the tree's rule): each is emptied first, on purpose. */
  async beforeRemove({ db, principal, ids, locale }) {
    const [enrolled] = await db
      .select({ name: clazz.name })
      .from(student)
      .innerJoin(clazz, eq(clazz.id, student.classId))
      .where(and(eq(student.tenantId, principal.tenantId), eq(student.isDeleted, 0), inArray(student.classId, ids)))
      .limit(1);
    if (enrolled)
      throw badRequest('clazz.inUse', { name: enrolled.name, what: translate(locale, 'clazz.what.students') });
  },

  async afterLoad(rows, { db }) {
    const ids = rows.map((r) => r.id);
    const [schools, grades, teachers, directions, counts] = await Promise.all([
      namesById(db, school, school.name, idsIn(rows, 'schoolId')),
      namesById(db, clazz, clazz.name, idsIn(rows, 'parentId')),
      teacherNames(db, idsIn(rows, 'headTeacherId')),
      namesById(db, flag, flag.name, idsIn(rows, 'directionId')),
      ids.length
        ? db
            .select({ classId: student.classId, gradeId: clazz.parentId, n: count() })
            .from(student)
            .innerJoin(clazz, eq(clazz.id, student.classId))
            .where(and(eq(student.isDeleted, 0), or(inArray(student.classId, ids), inArray(clazz.parentId, ids))))
            .groupBy(student.classId, clazz.parentId)
        : [],
    ]);
    // A class counts its own students, a grade those of all its classes.
    const students = new Map<string, number>();
    for (const c of counts) {
      students.set(c.classId, c.n);
      students.set(c.gradeId, (students.get(c.gradeId) ?? 0) + c.n);
    }
    return rows.map((r) => ({
      ...r,
      schoolName: schools.get(r.schoolId) ?? '',
      gradeName: grades.get(r.parentId) ?? '',
      headTeacherName: teachers.get(r.headTeacherId ?? '') ?? '',
      directionName: directions.get(r.directionId ?? '') ?? '',
      studentCount: students.get(r.id) ?? 0,
    }));
  },
};
