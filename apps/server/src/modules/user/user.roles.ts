import { PLATFORM_TENANT_ID, SUPERUSER_ROLE } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, forbidden } from '../../core/http/errors.ts';
import { role, roleMenu, userRole } from '../../db/schema/index.ts';
import { heldMenuIds } from '../system/role/role.grant.ts';
import { assertScopesWithin, heldScopes, scopesOfRoles } from '../system/scope/scope.grant.ts';

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
  if (p.superuser) return;
  if (p.tenantId === PLATFORM_TENANT_ID && rows.some((r) => r.alias === SUPERUSER_ROLE))
    throw forbidden('user.superuser');
  const needed = await db.selectDistinct({ id: roleMenu.menuId }).from(roleMenu).where(inArray(roleMenu.roleId, ids));
  const held = await heldMenuIds(db, p);
  if (needed.some((m) => !held.has(m.id))) throw forbidden('role.grant.exceeds');
  // The roles are given together, so the user ends up with their scopes together.
  assertScopesWithin(p, await heldScopes(db, p), await scopesOfRoles(db, p.tenantId, ids));
}

export async function replaceUserRoles(db: Db, userIds: string[], roleIds: string[]): Promise<void> {
  await db.delete(userRole).where(inArray(userRole.userId, userIds));
  const rows = userIds.flatMap((userId) => [...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  if (rows.length) await db.insert(userRole).values(rows);
}

/** True when any of these users holds the platform superuser role. */
export async function holdsSuperuserRole(db: Db, userIds: string[]): Promise<boolean> {
  const [hit] = await db
    .select({ id: userRole.userId })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(
      and(inArray(userRole.userId, userIds), eq(role.tenantId, PLATFORM_TENANT_ID), eq(role.roleAlias, SUPERUSER_ROLE)),
    )
    .limit(1);
  return Boolean(hit);
}
