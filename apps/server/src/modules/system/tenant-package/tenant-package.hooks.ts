import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { menu, tenant, tenantPackageMenu } from '../../../db/schema/index.ts';

/** Menu ids sent with a save, kept aside: they are links, not a column of the package row. */
const pendingMenus = new WeakMap<object, string[]>();

async function assertLiveMenus(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.id, ids), eq(menu.isDeleted, 0)));
  if (found.length !== ids.length) throw badRequest('tenantPackage.menu.unknown');
}

export const tenantPackageHooks: ResourceHooks = {
  async beforeSave({ db, values }) {
    if (values.menuIds === undefined) return;
    const ids = [...new Set(values.menuIds as string[])];
    await assertLiveMenus(db, ids);
    pendingMenus.set(values, ids);
    delete values.menuIds;
  },

  async afterSave({ db, values, row }) {
    const ids = pendingMenus.get(values);
    if (!ids) return;
    const packageId = row.id as string;
    await db.delete(tenantPackageMenu).where(eq(tenantPackageMenu.packageId, packageId));
    if (ids.length) await db.insert(tenantPackageMenu).values(ids.map((menuId) => ({ packageId, menuId })));
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

  /** The live menus of each package. */
  async afterLoad(rows, { db }) {
    if (rows.length === 0) return rows;
    const links = await db
      .select({ packageId: tenantPackageMenu.packageId, menuId: tenantPackageMenu.menuId })
      .from(tenantPackageMenu)
      .innerJoin(menu, and(eq(menu.id, tenantPackageMenu.menuId), eq(menu.isDeleted, 0)))
      .where(
        inArray(
          tenantPackageMenu.packageId,
          rows.map((r) => r.id as string),
        ),
      );
    return rows.map((r) => ({
      ...r,
      menuIds: links.filter((l) => l.packageId === r.id).map((l) => l.menuId),
    }));
  },
};
