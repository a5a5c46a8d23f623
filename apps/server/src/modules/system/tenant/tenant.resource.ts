import { tenantFormSchema, tenantSchema } from '@shixun/contracts';
import { asc, desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { tenant } from '../../../db/schema/index.ts';
import { tenantHooks } from './tenant.hooks.ts';

/** 租户管理: every call is the platform superuser's. */
export const tenantResource = defineResource({
  name: 'tenant',
  basePath: '/api/blade-system/tenant',
  table: tenant,
  scope: 'global',
  superuserOnly: true,
  form: tenantFormSchema,
  filters: {
    tenantId: filter.like(tenant.tenantId),
    tenantName: filter.like(tenant.tenantName, tenant.tenantNameEn),
    linkman: filter.like(tenant.linkman),
  },
  sorts: {
    tenantId: tenant.tenantId,
    tenantName: tenant.tenantName,
    expireTime: tenant.expireTime,
    createTime: tenant.createTime,
  },
  defaultSort: [asc(tenant.tenantId), desc(tenant.id)],
  hooks: tenantHooks,
  present: presenter(tenantSchema),
});
