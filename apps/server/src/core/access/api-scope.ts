import { and, eq, inArray, sql } from 'drizzle-orm';
import { roleScope, scopeApi } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { Principal } from './principal.ts';
import { roleSetMemoOf } from './session-cache.ts';

/** `/api/x/**` covers `/api/x` and everything below it; any other path covers exactly itself. */
export function pathCovered(scopePath: string, routeUrl: string): boolean {
  if (scopePath.endsWith('/**')) {
    const prefix = scopePath.slice(0, -3);
    return routeUrl === prefix || routeUrl.startsWith(`${prefix}/`);
  }
  return routeUrl === scopePath;
}

/**
 * API scopes: once the caller's tenant declares a scope covering a route, only holders of a role granted one of
 * the covering scopes may call it. The route pattern (not the raw URL) is matched, so encodings, doubled slashes
 * or query strings cannot slip past.
 */
export async function apiScopeAllows(db: Db, p: Principal, routeUrl: string): Promise<boolean> {
  if (p.superuser) return true;
  const scopes = await roleSetMemoOf(p, 'api-scopes', () => tenantApiScopes(db, p));
  const covering = scopes.filter((s) => pathCovered(s.path, routeUrl));
  return covering.length === 0 || covering.some((s) => s.granted);
}

/** The tenant's live API scopes, each with whether one of the caller's roles is granted it. */
async function tenantApiScopes(db: Db, p: Principal): Promise<{ path: string; granted: boolean }[]> {
  const granted =
    p.roleIds.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${roleScope} where ${and(
          eq(roleScope.scopeId, scopeApi.id),
          eq(roleScope.scopeCategory, 2),
          inArray(roleScope.roleId, p.roleIds),
        )})`;
  return db
    .select({ path: scopeApi.scopePath, granted })
    .from(scopeApi)
    .where(and(eq(scopeApi.tenantId, p.tenantId), eq(scopeApi.isDeleted, 0), eq(scopeApi.status, 1)));
}
