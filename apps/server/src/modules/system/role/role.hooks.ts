import { PLATFORM_TENANT_ID, type roleFormSchema, SUPERUSER_ROLE } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest, forbidden } from '../../../core/http/errors.ts';
import { role, user, userRole } from '../../../db/schema/index.ts';

/** The platform's superuser role: changing or losing it would change who runs the platform. */
export function isSuperuserRole(row: { tenantId?: unknown; roleAlias?: unknown }): boolean {
  return row.tenantId === PLATFORM_TENANT_ID && row.roleAlias === SUPERUSER_ROLE;
}

/** Parents, loops and children are the tree's (role.resource.ts); the superuser role is the superuser's. */
export const roleHooks: ResourceHooks<typeof roleFormSchema, typeof role.$inferSelect> = {
  async beforeSave({ principal, values, existing }) {
    if (existing && isSuperuserRole(existing)) {
      if (!principal.superuser) throw forbidden('role.reserved');
      // Renaming the alias would silently end every superuser session's powers.
      if (values.roleAlias !== undefined && values.roleAlias !== SUPERUSER_ROLE) throw badRequest('role.reserved');
    }
    if (values.roleAlias === SUPERUSER_ROLE && !principal.superuser) throw forbidden('role.reserved');
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
  },
};
