import { TEACHER_RELA_TYPE } from '@shixun/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { clazz, teacher, teacherRela, user } from '../../../db/schema/index.ts';

/**
 * Who teaches a class: its head teacher and every teacher related to it (directly, or through its grade or school),
 * by name; `named` is the name of one given teacher (the one whose QR code was scanned).
 */
export async function classesTeachers(db: Db, tenantId: string, classId: string, namedTeacherId?: string) {
  const [cls] = await db.select().from(clazz).where(eq(clazz.id, classId));
  if (!cls) return { head: '', all: [] as string[], named: '' };
  const related = await db
    .selectDistinct({ id: teacherRela.teacherId })
    .from(teacherRela)
    .where(
      and(
        eq(teacherRela.tenantId, tenantId),
        or(
          and(eq(teacherRela.relaType, TEACHER_RELA_TYPE.class), eq(teacherRela.relaId, cls.id)),
          and(eq(teacherRela.relaType, TEACHER_RELA_TYPE.grade), eq(teacherRela.relaId, cls.parentId)),
          and(eq(teacherRela.relaType, TEACHER_RELA_TYPE.school), eq(teacherRela.relaId, cls.schoolId)),
        ),
      ),
    );
  const ids = [
    ...new Set([...related.map((r) => r.id), cls.headTeacherId, namedTeacherId].filter(Boolean)),
  ] as string[];
  const rows = ids.length
    ? await db
        .select({ id: teacher.id, name: user.realName })
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(and(inArray(teacher.id, ids), eq(teacher.isDeleted, 0)))
    : [];
  const name = new Map(rows.map((r) => [r.id, r.name]));
  return {
    head: (cls.headTeacherId && name.get(cls.headTeacherId)) || '',
    all: related.flatMap((r) => (name.has(r.id) ? [name.get(r.id)!] : [])),
    named: (namedTeacherId && name.get(namedTeacherId)) || '',
  };
}

/** Teacher id → the teacher's real name (from their user account). */
export async function teacherNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teacher.id, name: user.realName })
    .from(teacher)
    .innerJoin(user, eq(user.id, teacher.userId))
    .where(inArray(teacher.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The class's head teacher, else the first live teacher related to it; undefined when nobody teaches it. */
export async function teacherOfClass(
  db: Db,
  tenantId: string,
  classId: string,
  headTeacherId: string | null,
): Promise<string | undefined> {
  if (headTeacherId) return headTeacherId;
  const [cls] = await db.select().from(clazz).where(eq(clazz.id, classId));
  if (!cls) return undefined;
  const [related] = await db
    .select({ id: teacherRela.teacherId })
    .from(teacherRela)
    .innerJoin(teacher, and(eq(teacher.id, teacherRela.teacherId), eq(teacher.isDeleted, 0)))
    .where(and(eq(teacherRela.tenantId, tenantId), inArray(teacherRela.relaId, [cls.id, cls.parentId, cls.schoolId])))
    .limit(1);
  return related?.id;
}
