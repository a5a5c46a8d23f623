import type { ModuleDef } from '../../core/modules/module.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { FILEJOB_ADMIN_PAGES, FILEJOB_STUDENT_CODES, FILEJOB_TEACHER_CODES, filejobMenus } from './filejob.menus.ts';
import { filejobRoutes } from './filejob.routes.ts';
import { filejobResources } from './resources.ts';

/** Installations from before file homework get its pages once. */
const filejobTenantSetup: TenantSetup = {
  adminPages: FILEJOB_ADMIN_PAGES,
  roleGrants: { teacher: FILEJOB_TEACHER_CODES, student: FILEJOB_STUDENT_CODES },
  arrivals: [{ key: 'seed.filejobGranted', group: 'filejob_center' }],
};

/** 文件作业: file jobs (shared like papers), given to classes, handed in with receipts, marked with feedback. */
export const filejobModule: ModuleDef = {
  name: 'filejob',
  menus: filejobMenus,
  resources: filejobResources,
  tenantSetup: filejobTenantSetup,
  routes: (app, { db, files }) => filejobRoutes(app, { db, files }),
};
