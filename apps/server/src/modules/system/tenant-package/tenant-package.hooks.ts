import type { tenantPackageFormSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { menu, tenant, type tenantPackage, tenantPackageMenu } from '../../../db/schema/index.ts';

async function assertLiveMenus(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.id, ids), eq(menu.isDeleted, 0)));
  if (found.length !== ids.length) throw badRequest('tenantPackage.menu.unknown');
}

export const tenantPackageHooks: ResourceHooks<typeof tenantPackageFormSchema, typeof tenantPackage.$inferSelect> = {
  /** The menus are written by the factory (tenant-package.resource.ts children) once they are known to be live. */
  async beforeSave({ db, values }) {
    if (values.menuIds === undefined) return;
    values.menuIds = [...new Set(values.menuIds)];
    await assertLiveMenus(db, values.menuIds);
  },

  /** A package still given to a tenant stays: removing it would silently lift that tenant's limits. */
  async beforeRemove({ db, ids }) {
    const users = await db
      .select({ name: tenant.tenantName })
      .from(tenant)
      .where(and(inArray(tenant.packageId, ids), eq(tenant.isDeleted, 0)))
      .orderBy(tenant.tenantId)
      .limit(6);
    if (users.length) throw badRequest('tenantPackage.inUse', { names: users.map((u) => u.name).join('、') });
    await db.delete(tenantPackageMenu).where(inArray(tenantPackageMenu.packageId, ids));
  },
};
