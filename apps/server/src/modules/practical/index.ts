import type { ModuleDef } from '../../core/modules/module.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import {
  PRACTICAL_ADMIN_PAGES,
  PRACTICAL_STUDENT_CODES,
  PRACTICAL_TEACHER_CODES,
  practicalMenus,
} from './practical.menus.ts';
import { practicalRoutes } from './practical.routes.ts';
import { practicalResources } from './resources.ts';

/** Installations from before practical tasks (and then before their assignments) get their pages once. */
const practicalTenantSetup: TenantSetup = {
  adminPages: PRACTICAL_ADMIN_PAGES,
  roleGrants: { teacher: PRACTICAL_TEACHER_CODES, student: PRACTICAL_STUDENT_CODES },
  arrivals: [
    { key: 'seed.practicalGranted', group: 'practical_center' },
    { key: 'seed.practicalAttemptsGranted', group: 'practical_center' },
    { key: 'seed.practicalQuoteGranted', group: 'practical_center', codes: { teacher: ['practical_paper_quote'] } },
  ],
};

/** 实训: practical tasks (points, inspection items, shared like papers), given to classes, recorded at the bench, marked. */
export const practicalModule: ModuleDef = {
  name: 'practical',
  menus: practicalMenus,
  resources: practicalResources,
  tenantSetup: practicalTenantSetup,
  routes: (app, { db }) => practicalRoutes(app, db),
};
