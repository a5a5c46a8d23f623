import {
  type MessageKey,
  PLATFORM_TENANT_ID,
  SUPERUSER_ROLE,
  TEACHING_ROLES,
  type TeachingRole,
} from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { heldMenuIds } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, forbidden } from '../../core/http/errors.ts';
import { role, roleMenu, userRole } from '../../db/schema/index.ts';
import { heldScopes, scopesOfRoles, scopesWithin } from '../system/system.api.ts';

/**
 * Roles the caller may hand to users: roles of the caller's tenant whose menus and scopes the caller holds too, so
 * giving a role never gives more than the giver has. The platform superuser role is the superuser's to give.
 */
export async function assertAssignableRoles(db: Db, p: Principal, roleIds: string[]): Promise<void> {
  const ids = [...new Set(roleIds)];
  const rows = await db
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(inArray(role.id, ids), eq(role.tenantId, p.tenantId), eq(role.isDeleted, 0)));
  if (rows.length !== ids.length) throw badRequest('user.roleIds.invalid');
  const problem = (await ungivableRoles(db, p, rows)).values().next().value;
  if (problem) throw forbidden(problem);
}

/** Which of these roles (of the caller's tenant) the caller may not give, and why. */
export async function ungivableRoles(
  db: Db,
  p: Principal,
  roles: { id: string; alias: string }[],
): Promise<Map<string, MessageKey>> {
  const refused = new Map<string, MessageKey>();
  if (p.superuser || roles.length === 0) return refused;
  for (const r of roles) {
    if (p.tenantId === PLATFORM_TENANT_ID && r.alias === SUPERUSER_ROLE) refused.set(r.id, 'user.superuser');
  }
  const ids = roles.map((r) => r.id);
  const needed = await db.select().from(roleMenu).where(inArray(roleMenu.roleId, ids));
  const held = await heldMenuIds(db, p);
  for (const link of needed) {
    if (!held.has(link.menuId) && !refused.has(link.roleId)) refused.set(link.roleId, 'role.grant.exceeds');
  }
  // Each role on its own must keep within the giver's scopes too (API scopes held, data no wider).
  const scopes = await heldScopes(db, p);
  for (const r of roles) {
    if (refused.has(r.id)) continue;
    if (!scopesWithin(p, scopes, await scopesOfRoles(db, p.tenantId, [r.id]))) refused.set(r.id, 'role.grant.exceeds');
  }
  return refused;
}

/**
 * Nobody acts on a user above them: resetting a password, editing, disabling, removing or re-granting a user needs
 * the platform superuser, or that every role the user holds is one the actor could give (its menus held, its scopes
 * within the actor's) — the rule that already governs handing roles out. `exemptRoleIds` are roles a page hands out
 * by its own rule (a school's student role, for the teachers of that student's class).
 */
export async function assertMayActOn(
  db: Db,
  p: Principal,
  userIds: string[],
  exemptRoleIds: string[] = [],
): Promise<void> {
  if (p.superuser || userIds.length === 0) return;
  if (await holdsSuperuserRole(db, userIds)) throw forbidden('user.superuser');
  const held = await db
    .selectDistinct({ id: role.id, alias: role.roleAlias })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.isDeleted, 0)))
    .where(inArray(userRole.userId, userIds));
  const judged = held.filter((r) => !exemptRoleIds.includes(r.id));
  if ((await ungivableRoles(db, p, judged)).size > 0) throw forbidden('user.outranks');
}

/** The tenant's teaching roles by id, and the ones among them each of these users holds. */
export async function teachingRolesOf(db: Db, tenantId: string, userIds: string[]) {
  const roles = await db
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), inArray(role.roleAlias, [...TEACHING_ROLES]), eq(role.isDeleted, 0)));
  const aliasOf = new Map(roles.map((r) => [r.id, r.alias as TeachingRole]));
  const links =
    userIds.length && roles.length
      ? await db
          .select({ userId: userRole.userId, roleId: userRole.roleId })
          .from(userRole)
          .where(and(inArray(userRole.userId, userIds), inArray(userRole.roleId, [...aliasOf.keys()])))
      : [];
  const heldBy = (userId: string) => new Set(links.filter((l) => l.userId === userId).map((l) => l.roleId));
  return { aliasOf, heldBy };
}

/**
 * The teaching role that going from `held` to `wanted` would give or take away, if any. Those roles come and go
 * with a person in 教务管理 → 教师管理 / 学生管理, which keeps their record; a user re-sent with the teaching role
 * they hold keeps it.
 */
export function teachingRoleChange(
  aliasOf: Map<string, TeachingRole>,
  wanted: string[],
  held: Set<string>,
): TeachingRole | undefined {
  const changed = [...aliasOf.keys()].find((id) => wanted.includes(id) !== held.has(id));
  return changed ? aliasOf.get(changed) : undefined;
}

export const teachingRoleMessage = (alias: TeachingRole): MessageKey => `user.teachingRole.${alias}`;

/** 用户管理 gives these users (none: a new account) exactly `roleIds`: refused when a teaching role would change. */
export async function assertTeachingRolesKept(db: Db, p: Principal, userIds: string[], roleIds: string[]) {
  const { aliasOf, heldBy } = await teachingRolesOf(db, p.tenantId, userIds);
  for (const userId of userIds.length ? userIds : [undefined]) {
    const changed = teachingRoleChange(aliasOf, roleIds, userId ? heldBy(userId) : new Set());
    if (changed) throw badRequest(teachingRoleMessage(changed));
  }
}

export async function replaceUserRoles(db: Db, userIds: string[], roleIds: string[]): Promise<void> {
  await db.delete(userRole).where(inArray(userRole.userId, userIds));
  const rows = userIds.flatMap((userId) => [...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  if (rows.length) await db.insert(userRole).values(rows);
}

/** True when any of these users holds the platform superuser role. */
export async function holdsSuperuserRole(db: Db, userIds: string[]): Promise<boolean> {
  return (await superuserHolders(db, userIds)).size > 0;
}

/** Those of these users who hold the platform superuser role. */
export async function superuserHolders(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: userRole.userId })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(
      and(inArray(userRole.userId, userIds), eq(role.tenantId, PLATFORM_TENANT_ID), eq(role.roleAlias, SUPERUSER_ROLE)),
    );
  return new Set(rows.map((r) => r.id));
}
