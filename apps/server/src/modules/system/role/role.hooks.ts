import { PLATFORM_TENANT_ID, SUPERUSER_ROLE } from '@shixun/contracts';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest, forbidden } from '../../../core/http/errors.ts';
import { role, user, userRole } from '../../../db/schema/index.ts';

/** The platform's superuser role: changing or losing it would change who runs the platform. */
export function isSuperuserRole(row: { tenantId?: unknown; roleAlias?: unknown }): boolean {
  return row.tenantId === PLATFORM_TENANT_ID && row.roleAlias === SUPERUSER_ROLE;
}

/** Ids of a role and every role below it, from the tenant's roles. */
export function subtreeIds(rows: { id: string; parentId: string }[], rootId: string): Set<string> {
  const out = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parentId)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

export const roleHooks: ResourceHooks = {
  async beforeSave({ db, principal, scope, values, existing }) {
    if (existing && isSuperuserRole(existing)) {
      if (!principal.superuser) throw forbidden('role.reserved');
      // Renaming the alias would silently end every superuser session's powers.
      if (values.roleAlias !== undefined && values.roleAlias !== SUPERUSER_ROLE) throw badRequest('role.reserved');
    }
    if (values.roleAlias === SUPERUSER_ROLE && !principal.superuser) throw forbidden('role.reserved');

    const parentId = values.parentId as string | undefined;
    if (parentId === undefined || parentId === '0') return;
    const rows = await db.select({ id: role.id, parentId: role.parentId }).from(role).where(scope);
    if (!rows.some((r) => r.id === parentId)) throw badRequest('role.parent.invalid');
    if (existing && subtreeIds(rows, existing.id as string).has(parentId)) throw badRequest('role.parent.invalid');
  },

  async beforeRemove({ db, scope, ids }) {
    const rows = await db
      .select({ tenantId: role.tenantId, roleAlias: role.roleAlias })
      .from(role)
      .where(and(scope, inArray(role.id, ids)));
    if (rows.some(isSuperuserRole)) throw forbidden('role.reserved');
    const [holders] = await db
      .select({ n: count() })
      .from(userRole)
      .innerJoin(user, and(eq(user.id, userRole.userId), eq(user.isDeleted, 0)))
      .where(inArray(userRole.roleId, ids));
    if ((holders?.n ?? 0) > 0) throw badRequest('role.inUse');
    const [children] = await db
      .select({ n: count() })
      .from(role)
      .where(and(scope, inArray(role.parentId, ids), notInArray(role.id, ids)));
    if ((children?.n ?? 0) > 0) throw badRequest('role.hasChildren');
  },
};
