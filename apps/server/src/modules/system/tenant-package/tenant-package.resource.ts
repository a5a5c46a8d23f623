import { tenantPackageFormSchema, tenantPackageSchema } from '@shixun/contracts';
import { asc, desc } from 'drizzle-orm';
import { liveIn } from '../../../core/crud/children.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { menu, tenantPackage, tenantPackageMenu } from '../../../db/schema/index.ts';
import { tenantPackageHooks } from './tenant-package.hooks.ts';

/** 租户产品包: which menus a tenant may use at all. Every call is the platform superuser's. */
export const tenantPackageResource = defineResource({
  name: 'tenant_package',
  basePath: '/api/blade-system/tenant-package',
  table: tenantPackage,
  scope: 'global',
  superuserOnly: true,
  form: tenantPackageFormSchema,
  filters: { packageName: filter.like(tenantPackage.packageName) },
  sorts: { packageName: tenantPackage.packageName, createTime: tenantPackage.createTime },
  defaultSort: [asc(tenantPackage.packageName), desc(tenantPackage.id)],
  unique: [{ fields: ['packageName'], message: 'tenantPackage.packageName.taken' }],
  constraintMessages: { sys_tenant_package_name_uq: 'tenantPackage.packageName.taken' },
  // The package's menus are links; a removed menu is not shown.
  children: [
    {
      kind: 'ids',
      field: 'menuIds',
      table: tenantPackageMenu,
      parent: tenantPackageMenu.packageId,
      value: tenantPackageMenu.menuId,
      live: liveIn(menu),
    },
  ],
  hooks: tenantPackageHooks,
  present: presenter(tenantPackageSchema),
});
