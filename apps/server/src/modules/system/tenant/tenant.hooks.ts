import { PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { tenant } from '../../../db/schema/index.ts';
import { freshTenantId, provisionTenant } from './tenant.provision.ts';

/** Saves that create a tenant, so afterSave knows to provision it. */
const creating = new WeakSet<object>();

export const tenantHooks: ResourceHooks = {
  async beforeSave({ db, scope, values, existing }) {
    if (existing) {
      if (existing.tenantId === PLATFORM_TENANT_ID && values.status === 0) throw badRequest('tenant.platform');
    } else {
      values.tenantId = await freshTenantId(db);
      creating.add(values);
    }
    if (typeof values.expireTime === 'string') values.expireTime = new Date(values.expireTime);
    const domain = (values.domain as string | undefined)?.trim();
    if (domain) {
      const [clash] = await db
        .select({ id: tenant.id })
        .from(tenant)
        .where(and(scope, eq(tenant.domain, domain), existing ? ne(tenant.id, existing.id as string) : undefined));
      if (clash) throw badRequest('tenant.domain.taken');
    }
  },

  async afterSave({ db, principal, values, row }) {
    if (!creating.has(values)) return;
    // The presenter passes `oneTime` through: the answer to this request is the only place it ever appears.
    row.oneTime = await provisionTenant(db, row.tenantId as string, principal.userId);
  },

  async beforeRemove({ db, scope, ids }) {
    const [platform] = await db
      .select({ id: tenant.id })
      .from(tenant)
      .where(and(scope, inArray(tenant.id, ids), eq(tenant.tenantId, PLATFORM_TENANT_ID)));
    if (platform) throw badRequest('tenant.platform');
  },
};
