import { PLATFORM_TENANT_ID, SUPERUSER_ROLE } from '@shixun/contracts';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { menu, role, roleMenu, session, tenant, tenantPackageMenu, user, userRole } from '../../db/schema/index.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/statements.ts';
import { roleSetMemoOf } from './session-cache.ts';

/**
 * The signed-in caller, loaded from the database — never from token claims — and cached per session until the
 * database reports a change it depends on (session-cache.ts).
 */
export interface Principal {
  userId: string;
  tenantId: string;
  sessionId: string;
  account: string;
  deptId: string | null;
  roleIds: string[];
  roleAliases: string[];
  /** Role `administrator` of the platform tenant: the only superuser. */
  superuser: boolean;
  /** The tenant's 产品包: what its users may hold is limited to the package's menus. Null = no package. */
  packageId: string | null;
  /**
   * Shared by the cached principals of one tenant, package and set of roles (session-cache.ts), so that what the roles
   * alone decide is worked out once for all of them; absent on one loaded inside a transaction.
   */
  roleSet?: object;
}

export interface RoleRow {
  id: string;
  alias: string;
}

/**
 * Active roles of a user within a tenant, in role order, as one value of a row (`[{ id, alias }]`): the sign-in and
 * the principal read them with everything else they need in one query.
 */
export function rolesOf(userId: AnyColumn, tenantId: AnyColumn): SQL<RoleRow[]> {
  return sql<RoleRow[]>`coalesce((
    select json_agg(json_build_object('id', ${role.id}::text, 'alias', ${role.roleAlias}) order by ${role.sort}, ${role.id})
      from ${userRole} join ${role} on ${role.id} = ${userRole.roleId}
     where ${userRole.userId} = ${userId} and ${role.tenantId} = ${tenantId} and ${role.isDeleted} = 0 and ${role.status} = 1
  ), '[]'::json)`;
}

/** Active roles of a user within their own tenant. */
export async function loadRoles(db: Db, userId: string, tenantId: string): Promise<RoleRow[]> {
  return db
    .select({ id: role.id, alias: role.roleAlias })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(and(eq(userRole.userId, userId), eq(role.tenantId, tenantId), eq(role.isDeleted, 0), eq(role.status, 1)))
    .orderBy(role.sort, role.id);
}

export function isSuperuser(tenantId: string, aliases: string[]): boolean {
  return tenantId === PLATFORM_TENANT_ID && aliases.includes(SUPERUSER_ROLE);
}

/** Tenant usable for signing in and for requests: exists, enabled, not expired. */
export function tenantProblem(row: { status: number; expireTime: Date | null } | undefined) {
  if (!row) return 'auth.tenantNotFound' as const;
  if (row.status !== 1) return 'auth.tenantDisabled' as const;
  if (row.expireTime && row.expireTime.getTime() < Date.now()) return 'auth.tenantExpired' as const;
  return null;
}

/**
 * Null unless the session is live, the user enabled and the tenant usable — so logging out, disabling a user or a
 * tenant ends access on the very next request.
 */
export async function loadPrincipal(db: Db, claims: AccessClaims): Promise<Principal | null> {
  const [row] = await principalQuery(db).execute({ sessionId: claims.sessionId });
  if (!row || row.revokedAt || row.sessionUser !== claims.userId || row.userTenant !== claims.tenantId) return null;
  if (row.userStatus !== 1) return null;
  if (tenantProblem({ status: row.tenantStatus, expireTime: row.expireTime })) return null;
  const aliases = row.roles.map((r) => r.alias);
  return {
    userId: claims.userId,
    tenantId: claims.tenantId,
    sessionId: claims.sessionId,
    account: row.account,
    deptId: row.deptId,
    roleIds: row.roles.map((r) => r.id),
    roleAliases: aliases,
    superuser: isSuperuser(claims.tenantId, aliases),
    packageId: claims.tenantId === PLATFORM_TENANT_ID ? null : row.packageId,
  };
}

/** The session with its user, their tenant and their roles: one query, built once (every student after a restart). */
const principalQuery = prepared((db) =>
  db
    .select({
      account: user.account,
      userStatus: user.status,
      deptId: user.deptId,
      userTenant: user.tenantId,
      revokedAt: session.revokedAt,
      sessionUser: session.userId,
      tenantStatus: tenant.status,
      expireTime: tenant.expireTime,
      packageId: tenant.packageId,
      roles: rolesOf(session.userId, user.tenantId),
    })
    .from(session)
    .innerJoin(user, and(eq(user.id, session.userId), eq(user.isDeleted, 0)))
    .innerJoin(tenant, and(eq(tenant.tenantId, user.tenantId), eq(tenant.isDeleted, 0)))
    .where(eq(session.id, sql.placeholder('sessionId')))
    .prepare('auth_principal'),
);

/** Keeps a role-menu query to the tenant package's menus, when the tenant has one. */
function withinPackage(db: Db, p: Principal): SQL | undefined {
  if (!p.packageId) return undefined;
  const inPackage = db
    .select({ id: tenantPackageMenu.menuId })
    .from(tenantPackageMenu)
    .where(eq(tenantPackageMenu.packageId, p.packageId));
  return inArray(roleMenu.menuId, inPackage);
}

/**
 * Menu ids (pages and buttons) the caller's roles hold, kept to the tenant's package. Everything that asks "what
 * may this caller see or hand out" starts here: routes, buttons, grant trees, pickers.
 */
export function heldMenuIds(db: Db, p: Principal): Promise<Set<string>> {
  return roleSetMemoOf(p, 'held-menus', async () => {
    if (p.roleIds.length === 0) return new Set<string>();
    const rows = await db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .where(and(inArray(roleMenu.roleId, p.roleIds), withinPackage(db, p)));
    return new Set(rows.map((r) => r.id));
  });
}

/** Button codes granted to the principal's roles, within the tenant's package. */
export function loadPermissions(db: Db, principal: Principal): Promise<Set<string>> {
  return roleSetMemoOf(principal, 'permissions', () => queryPermissions(db, principal));
}

async function queryPermissions(db: Db, principal: Principal): Promise<Set<string>> {
  if (principal.roleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ code: menu.code })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(
      and(
        inArray(roleMenu.roleId, principal.roleIds),
        withinPackage(db, principal),
        eq(menu.category, 2),
        eq(menu.isDeleted, 0),
        eq(menu.status, 1),
      ),
    );
  return new Set(rows.map((r) => r.code));
}
