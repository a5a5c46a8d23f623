import type { ModuleDef } from '../../core/modules/module.ts';
import { academicTenantSetup } from './academic.api.ts';
import { academicMenus } from './academic.menus.ts';
import { academicRoutes } from './academic.routes.ts';
import { classUsesFlag } from './clazz/clazz.usage.ts';
import { academicResources } from './resources.ts';
import { studentOwnsAccount, teacherOwnsAccount } from './teaching-accounts.ts';

/** 教务: schools, years, terms, classes, students, teachers, knowledge points. */
export const academicModule: ModuleDef = {
  name: 'academic',
  menus: academicMenus,
  resources: academicResources,
  references: [classUsesFlag, studentOwnsAccount, teacherOwnsAccount],
  tenantSetup: academicTenantSetup,
  routes: (app, { db, tokens }) => academicRoutes(app, { db, tokens }),
};
