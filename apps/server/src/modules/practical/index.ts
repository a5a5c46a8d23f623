import type { ModuleDef } from '../../core/modules/module.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { PRACTICAL_ADMIN_PAGES, PRACTICAL_TEACHER_CODES, practicalMenus } from './practical.menus.ts';
import { practicalResources } from './resources.ts';

/** Installations from before practical tasks get their pages once (teachers and administrators). */
const practicalTenantSetup: TenantSetup = {
  adminPages: PRACTICAL_ADMIN_PAGES,
  roleGrants: { teacher: PRACTICAL_TEACHER_CODES },
  arrivals: [{ key: 'seed.practicalGranted', group: 'practical_center' }],
};

/** 实训: practical tasks, their assessment points and inspection items, shared like papers. */
export const practicalModule: ModuleDef = {
  name: 'practical',
  menus: practicalMenus,
  resources: practicalResources,
  tenantSetup: practicalTenantSetup,
};
