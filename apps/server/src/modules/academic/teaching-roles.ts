import type { TeachingRole } from '@shixun/contracts';
import { SEEDED_ROLE_NAMES } from '@shixun/contracts';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { heldMenuIds, type Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { forbidden } from '../../core/http/errors.ts';
import { roleGrants } from '../../core/tenancy/tenant-setup.ts';
import { flag, menu, role, roleMenu, tenant } from '../../db/schema/index.ts';

/** The seeded teaching roles' places in role lists; what they hold, every module says (its TenantSetup's grants). */
const ROLE_SORT: Record<TeachingRole, number> = { teacher: 10, student: 11 };

/** The seeded question types (题型): code, 中文, English. Papers and questions find them by code. */
export const QUESTION_TYPES = [
  ['single', '单选题', 'Single choice'],
  ['multiple', '多选题', 'Multiple choice'],
  ['judge', '判断题', 'True or false'],
  ['fill', '填空题', 'Fill in the blank'],
  ['short', '简答题', 'Short answer'],
  ['composite', '组合题', 'Composite'],
  ['practical', '实操题', 'Practical'],
  ['file', '文件题', 'File answer'],
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
  const roleId = id ?? newId();
  await db
    .insert(role)
    .values({ id: roleId, tenantId, ...SEEDED_ROLE_NAMES[alias], roleAlias: alias, sort: ROLE_SORT[alias] })
    .onConflictDoNothing();
  const menus = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.code, roleGrants(alias)), eq(menu.isDeleted, 0)));
  if (menus.length) {
    await db
      .insert(roleMenu)
      .values(menus.map((m) => ({ roleId, menuId: m.id })))
      .onConflictDoNothing();
  }
  return roleId;
}

/**
 * The teaching role handed to each new student or teacher, by whoever may add them. Its seeded menus are theirs to
 * hand out; anything an administrator added to the role since must be held by the giver too, so adding a student
 * (and choosing their password) never gives the adder more than they have.
 */
export async function givableTeachingRole(db: Db, p: Principal, alias: TeachingRole): Promise<string> {
  const roleId = await teachingRoleId(db, p.tenantId, alias);
  if (p.superuser) return roleId;
  const menus = await db
    .select({ id: menu.id, code: menu.code })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(eq(roleMenu.roleId, roleId), eq(menu.isDeleted, 0)));
  const seeded = new Set(roleGrants(alias));
  const added = menus.filter((m) => !seeded.has(m.code));
  if (added.length === 0) return roleId;
  const held = await heldMenuIds(db, p);
  if (added.some((m) => !held.has(m.id))) throw forbidden(`${alias}.role.widened`);
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

/** A question type added after schools were set up (文件题 came with the question bank): every tenant without it gets it. */
export async function addQuestionType(db: Db, code: string): Promise<void> {
  const [, zh, en] = QUESTION_TYPES.find(([c]) => c === code)!;
  const without = await db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(
      and(
        eq(tenant.isDeleted, 0),
        notExists(
          db
            .select({ id: flag.id })
            .from(flag)
            .where(and(eq(flag.tenantId, tenant.tenantId), eq(flag.kind, 'questionType'), eq(flag.code, code))),
        ),
      ),
    );
  if (without.length === 0) return;
  await db.insert(flag).values(
    without.map((t) => ({
      id: newId(),
      tenantId: t.tenantId,
      kind: 'questionType',
      parentId: '0',
      name: zh,
      enName: en,
      code,
      sort: QUESTION_TYPES.length,
    })),
  );
}
