import type { tenantFormSchema } from '@shixun/contracts';
import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { tenant, tenantPackage } from '../../../db/schema/index.ts';
import { freshTenantId, provisionTenant } from './tenant.provision.ts';

/**
 * A package may be given to any tenant but the platform's own (whose superuser must never be limited); it must be a
 * live package.
 */
export async function assertPackageFor(db: Db, packageId: string | null | undefined, tenantIds: string[]) {
  if (!packageId) return;
  if (tenantIds.includes(PLATFORM_TENANT_ID)) throw badRequest('tenant.package.platform');
  const [found] = await db
    .select({ id: tenantPackage.id })
    .from(tenantPackage)
    .where(and(eq(tenantPackage.id, packageId), eq(tenantPackage.isDeleted, 0)));
  if (!found) throw badRequest('tenant.package.invalid');
}

export const tenantHooks: ResourceHooks<typeof tenantFormSchema, typeof tenant.$inferSelect> = {
  async beforeSave({ db, scope, values, existing }) {
    if (existing) {
      if (existing.tenantId === PLATFORM_TENANT_ID && values.status === 0) throw badRequest('tenant.platform');
    } else {
      values.tenantId = await freshTenantId(db);
    }
    await assertPackageFor(db, values.packageId, [existing?.tenantId ?? String(values.tenantId)]);
    const domain = values.domain?.trim();
    if (domain) {
      const [clash] = await db
        .select({ id: tenant.id })
        .from(tenant)
        .where(and(scope, eq(tenant.domain, domain), existing ? ne(tenant.id, existing.id) : undefined));
      if (clash) throw badRequest('tenant.domain.taken');
    }
  },

  async afterSave({ db, principal, existing, row, answer }) {
    if (existing) return;
    // The presenter passes `oneTime` through: the answer to this request is the only place it ever appears.
    answer.oneTime = await provisionTenant(db, row, principal.userId);
  },

  async beforeRemove({ db, scope, ids }) {
    const [platform] = await db
      .select({ id: tenant.id })
      .from(tenant)
      .where(and(scope, inArray(tenant.id, ids), eq(tenant.tenantId, PLATFORM_TENANT_ID)));
    if (platform) throw badRequest('tenant.platform');
  },

  /** The package's name beside its id, for the list. */
  async afterLoad(rows, { db }) {
    const ids = [...new Set(rows.map((r) => r.packageId).filter((v): v is string => typeof v === 'string'))];
    if (ids.length === 0) return rows;
    const found = await db
      .select({ id: tenantPackage.id, name: tenantPackage.packageName })
      .from(tenantPackage)
      .where(inArray(tenantPackage.id, ids));
    const names = new Map(found.map((f) => [f.id, f.name]));
    return rows.map((r) => ({ ...r, packageName: names.get(r.packageId ?? '') ?? '' }));
  },
};
