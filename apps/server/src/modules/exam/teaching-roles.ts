import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { flag, menu, role, roleMenu } from '../../db/schema/index.ts';
import { STUDENT_MENU_CODES, TEACHER_MENU_CODES } from '../../seed/exam-menus.ts';

export type TeachingRole = 'teacher' | 'student';

const ROLES: Record<TeachingRole, { name: string; sort: number; codes: string[] }> = {
  teacher: { name: '教师', sort: 10, codes: TEACHER_MENU_CODES },
  student: { name: '学生', sort: 11, codes: STUDENT_MENU_CODES },
};

/** The seeded question types (题型): code, 中文, English. Papers and questions find them by code. */
export const QUESTION_TYPES = [
  ['single', '单选题', 'Single choice'],
  ['multiple', '多选题', 'Multiple choice'],
  ['judge', '判断题', 'True or false'],
  ['fill', '填空题', 'Fill in the blank'],
  ['short', '简答题', 'Short answer'],
  ['composite', '组合题', 'Composite'],
  ['practical', '实操题', 'Practical'],
] as const;

/**
 * The tenant's role with this alias, created with its menus when missing — at provisioning, and for tenants that
 * existed before teaching arrived the first time a student or teacher is added.
 */
export async function teachingRoleId(db: Db, tenantId: string, alias: TeachingRole, id?: string): Promise<string> {
  const [found] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleAlias, alias), eq(role.isDeleted, 0)));
  if (found) return found.id;
  const spec = ROLES[alias];
  const roleId = id ?? newId();
  await db
    .insert(role)
    .values({ id: roleId, tenantId, roleName: spec.name, roleAlias: alias, sort: spec.sort })
    .onConflictDoNothing();
  const menus = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, spec.codes), eq(menu.isDeleted, 0)));
  if (menus.length) {
    await db
      .insert(roleMenu)
      .values(menus.map((m) => ({ roleId, menuId: m.id })))
      .onConflictDoNothing();
  }
  return roleId;
}

/**
 * What a school starts with for teaching: the `teacher` and `student` roles and the question types. Idempotent;
 * `ids` fixes the ids of seeded rows (the platform tenant's, in the 70000 range).
 */
export async function provisionTeaching(
  db: Db,
  tenantId: string,
  ids?: { teacherRole: string; studentRole: string; firstQuestionType: number },
): Promise<void> {
  await teachingRoleId(db, tenantId, 'teacher', ids?.teacherRole);
  await teachingRoleId(db, tenantId, 'student', ids?.studentRole);
  const [any] = await db
    .select({ id: flag.id })
    .from(flag)
    .where(and(eq(flag.tenantId, tenantId), eq(flag.kind, 'questionType')))
    .limit(1);
  if (any) return;
  await db.insert(flag).values(
    QUESTION_TYPES.map(([code, name, enName], i) => ({
      id: ids ? String(ids.firstQuestionType + i) : newId(),
      tenantId,
      kind: 'questionType',
      parentId: '0',
      name,
      enName,
      code,
      sort: i + 1,
    })),
  );
}
