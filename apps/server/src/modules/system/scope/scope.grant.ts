import type { TreeNode } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { type GrantedDataScope, grantedDataScopes, isUnrestricted } from '../../../core/access/data-scope.ts';
import type { Principal } from '../../../core/access/principal.ts';
import { buildForest } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest, forbidden } from '../../../core/http/errors.ts';
import { roleScope, scopeApi, scopeData } from '../../../db/schema/index.ts';
import type { MenuRow } from '../menu/menu.service.ts';
import { withAncestors } from '../menu/menu.service.ts';

export const SCOPE_CATEGORY = { data: 1, api: 2 } as const;

/** What a caller's roles hold in scopes: API scope ids, and the data rules of every resource they are limited on. */
export interface HeldScopes {
  api: Set<string>;
  /** resourceCode → the data-scope ids limiting the caller there; resources absent here are unlimited. */
  limited: Map<string, Set<string>>;
}

async function scopeIdsOfRoles(db: Db, roleIds: string[], category: number): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: roleScope.scopeId })
    .from(roleScope)
    .where(and(inArray(roleScope.roleId, roleIds), eq(roleScope.scopeCategory, category)));
  return rows.map((r) => r.id);
}

function limitsOf(rules: GrantedDataScope[]): Map<string, Set<string>> {
  const byResource = new Map<string, GrantedDataScope[]>();
  for (const r of rules) byResource.set(r.resourceCode, [...(byResource.get(r.resourceCode) ?? []), r]);
  const limited = new Map<string, Set<string>>();
  for (const [code, list] of byResource) if (!isUnrestricted(list)) limited.set(code, new Set(list.map((r) => r.id)));
  return limited;
}

export async function heldScopes(db: Db, p: Principal): Promise<HeldScopes> {
  return {
    api: new Set(await scopeIdsOfRoles(db, p.roleIds, SCOPE_CATEGORY.api)),
    limited: limitsOf(await grantedDataScopes(db, p.tenantId, p.roleIds)),
  };
}

/** The scopes a set of roles carries together, as a user holding all of them would have them. */
export async function scopesOfRoles(db: Db, tenantId: string, roleIds: string[]) {
  return {
    api: await scopeIdsOfRoles(db, roleIds, SCOPE_CATEGORY.api),
    data: await grantedDataScopes(db, tenantId, roleIds),
  };
}

/**
 * Nobody hands out more than they hold: API scopes only the granter's own, and on every resource the granter's data
 * is limited on, only a non-empty subset of the granter's own rules (an empty set would mean "unlimited").
 */
export function scopesWithin(
  p: Principal,
  held: HeldScopes,
  given: { api: string[]; data: { id: string; resourceCode: string }[] },
): boolean {
  if (p.superuser) return true;
  if (given.api.some((id) => !held.api.has(id))) return false;
  for (const [code, mine] of held.limited) {
    const theirs = given.data.filter((r) => r.resourceCode === code);
    if (theirs.length === 0 || theirs.some((r) => !mine.has(r.id))) return false;
  }
  return true;
}

export function assertScopesWithin(p: Principal, held: HeldScopes, given: Parameters<typeof scopesWithin>[2]): void {
  if (!scopesWithin(p, held, given)) throw forbidden('role.grant.exceeds');
}

/** The tenant's live scopes with these ids; 400 unless every one is there. */
export async function tenantScopes(db: Db, tenantId: string, dataIds: string[], apiIds: string[]) {
  const data = dataIds.length
    ? await db
        .select({ id: scopeData.id, resourceCode: scopeData.resourceCode })
        .from(scopeData)
        .where(and(inArray(scopeData.id, dataIds), eq(scopeData.tenantId, tenantId), eq(scopeData.isDeleted, 0)))
    : [];
  const api = apiIds.length
    ? await db
        .select({ id: scopeApi.id })
        .from(scopeApi)
        .where(and(inArray(scopeApi.id, apiIds), eq(scopeApi.tenantId, tenantId), eq(scopeApi.isDeleted, 0)))
    : [];
  if (data.length !== dataIds.length || api.length !== apiIds.length) throw badRequest('role.grant.unknownScope');
  return { data, api: api.map((r) => r.id) };
}

export async function replaceRoleScopes(db: Db, roleIds: string[], dataIds: string[], apiIds: string[]) {
  await db.delete(roleScope).where(inArray(roleScope.roleId, roleIds));
  const rows = roleIds.flatMap((roleId) => [
    ...dataIds.map((scopeId) => ({ roleId, scopeCategory: SCOPE_CATEGORY.data, scopeId })),
    ...apiIds.map((scopeId) => ({ roleId, scopeCategory: SCOPE_CATEGORY.api, scopeId })),
  ]);
  if (rows.length) await db.insert(roleScope).values(rows);
}

/** Menus (with their parents) holding scopes, and the scopes as leaves under them: the grant dialog's trees. */
function scopeTree(menus: MenuRow[], scopes: { id: string; menuId: string; scopeName: string }[]): TreeNode[] {
  const node = (id: string, parentId: string, title: string, titleEn?: string): TreeNode => ({
    id,
    parentId,
    title,
    ...(titleEn === undefined ? {} : { titleEn }),
    key: id,
    value: id,
    hasChildren: false,
  });
  const holders = withAncestors(
    menus,
    menus.filter((m) => scopes.some((s) => s.menuId === m.id)),
  );
  return buildForest([
    ...holders.map((m) => node(m.id, m.parentId, m.name, m.nameEn)),
    ...scopes.map((s) => node(s.id, s.menuId, s.scopeName)),
  ]);
}

/** Data scopes: all of the tenant's (grant rules judge the choice); API scopes: the ones the caller may hand out. */
export async function scopeGrantTrees(db: Db, p: Principal, menus: MenuRow[]) {
  const live = (t: typeof scopeData | typeof scopeApi) =>
    and(eq(t.tenantId, p.tenantId), eq(t.isDeleted, 0), eq(t.status, 1));
  const data = await db
    .select({ id: scopeData.id, menuId: scopeData.menuId, scopeName: scopeData.scopeName })
    .from(scopeData)
    .where(live(scopeData))
    .orderBy(scopeData.resourceCode, scopeData.id);
  let api = await db
    .select({ id: scopeApi.id, menuId: scopeApi.menuId, scopeName: scopeApi.scopeName })
    .from(scopeApi)
    .where(live(scopeApi))
    .orderBy(scopeApi.scopePath, scopeApi.id);
  if (!p.superuser) {
    const held = new Set(await scopeIdsOfRoles(db, p.roleIds, SCOPE_CATEGORY.api));
    api = api.filter((s) => held.has(s.id));
  }
  return { dataScope: scopeTree(menus, data), apiScope: scopeTree(menus, api) };
}

/** Live scope ids already granted to these roles. */
export async function grantedScopeKeys(db: Db, tenantId: string, roleIds: string[]) {
  const data = await grantedDataScopes(db, tenantId, roleIds);
  const apiIds = await scopeIdsOfRoles(db, roleIds, SCOPE_CATEGORY.api);
  const api = apiIds.length
    ? await db
        .select({ id: scopeApi.id })
        .from(scopeApi)
        .where(and(inArray(scopeApi.id, apiIds), eq(scopeApi.isDeleted, 0), eq(scopeApi.status, 1)))
    : [];
  return { dataScope: data.map((r) => r.id), apiScope: api.map((r) => r.id) };
}
