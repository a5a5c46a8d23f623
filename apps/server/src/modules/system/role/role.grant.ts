import type { GrantKeys, GrantTree, RoleGrant } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { heldMenuIds, type Principal } from '../../../core/access/principal.ts';
import { treeNodes } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { menu, role, roleMenu } from '../../../db/schema/index.ts';
import { type MenuRow, menuTitle, withAncestors } from '../menu/menu.service.ts';
import {
  assertScopesWithin,
  grantedScopeKeys,
  heldScopes,
  replaceRoleScopes,
  scopeGrantTrees,
  tenantScopes,
} from '../scope/scope.grant.ts';
import { isSuperuserRole } from './role.hooks.ts';

/** Roles of the caller's tenant with these ids; 404 unless every one is there (another tenant's role is unknown). */
async function tenantRoles(db: Db, p: Principal, roleIds: string[]) {
  const ids = [...new Set(roleIds)];
  const rows = await db
    .select({ id: role.id, tenantId: role.tenantId, roleAlias: role.roleAlias })
    .from(role)
    .where(and(inArray(role.id, ids), eq(role.tenantId, p.tenantId), eq(role.isDeleted, 0)));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

async function liveMenus(db: Db): Promise<MenuRow[]> {
  return db
    .select()
    .from(menu)
    .where(and(eq(menu.isDeleted, 0), eq(menu.status, 1)))
    .orderBy(asc(menu.sort), asc(menu.id));
}

/**
 * Replace the menus, buttons and scopes of the given roles. Nobody can hand out more than they hold, so a grant can
 * never raise anyone above the granter; the platform's superuser role is the platform superuser's alone.
 */
export async function grantRoles(db: Db, p: Principal, body: RoleGrant): Promise<void> {
  const roles = await tenantRoles(db, p, body.roleIds);
  if (!p.superuser && roles.some(isSuperuserRole)) throw forbidden('role.reserved');
  const menuIds = [...new Set(body.menuIds)];
  if (menuIds.length) {
    const found = await db
      .select({ id: menu.id })
      .from(menu)
      .where(and(inArray(menu.id, menuIds), eq(menu.isDeleted, 0)));
    if (found.length !== menuIds.length) throw badRequest('role.grant.unknownMenu');
  }
  const dataIds = [...new Set(body.dataScopeIds ?? [])];
  const apiIds = [...new Set(body.apiScopeIds ?? [])];
  const scopes = await tenantScopes(db, p.tenantId, dataIds, apiIds);
  if (!p.superuser) {
    const held = await heldMenuIds(db, p);
    if (menuIds.some((id) => !held.has(id))) throw forbidden('role.grant.exceeds');
    assertScopesWithin(p, await heldScopes(db, p), scopes);
  }
  const roleIds = roles.map((r) => r.id);
  await db.transaction(async (tx) => {
    await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
    const rows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ roleId, menuId })));
    if (rows.length) await tx.insert(roleMenu).values(rows);
    await replaceRoleScopes(tx, roleIds, dataIds, apiIds);
  });
}

/** What the caller may grant: every menu for the superuser, else the menus they hold (with their parents). */
export async function grantTree(db: Db, p: Principal): Promise<GrantTree> {
  const all = await liveMenus(db);
  const held = p.superuser ? null : await heldMenuIds(db, p);
  const grantable = held
    ? withAncestors(
        all,
        all.filter((m) => held.has(m.id)),
      )
    : all;
  const pages = all.filter((m) => m.category === 1);
  return { menu: treeNodes(grantable, menuTitle), ...(await scopeGrantTrees(db, p, pages)) };
}

/** Ids already granted to roles of the caller's tenant; a removed menu is no longer granted to anyone. */
export async function roleTreeKeys(db: Db, p: Principal, roleIds: string[]): Promise<GrantKeys> {
  const roles = await tenantRoles(db, p, roleIds);
  const ids = roles.map((r) => r.id);
  const rows = await db
    .selectDistinct({ id: roleMenu.menuId })
    .from(roleMenu)
    .innerJoin(menu, and(eq(menu.id, roleMenu.menuId), eq(menu.isDeleted, 0)))
    .where(inArray(roleMenu.roleId, ids));
  return { menu: rows.map((r) => r.id), ...(await grantedScopeKeys(db, p.tenantId, ids)) };
}
