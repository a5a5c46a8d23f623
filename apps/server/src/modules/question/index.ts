import type { ModuleDef } from '../../core/modules/module.ts';
import { questionTenantSetup } from './question.api.ts';
import { questionMenus } from './question.menus.ts';
import { questionUsesAttach, questionUsesFlag } from './question.usage.ts';
import { questionResources } from './resources.ts';
import { questionModuleRoutes } from './routes.ts';

/** 题库: libraries, questions, snapshots, Word/Excel transfer. */
export const questionModule: ModuleDef = {
  name: 'question',
  menus: questionMenus,
  resources: questionResources,
  references: [questionUsesAttach, questionUsesFlag],
  tenantSetup: questionTenantSetup,
  routes: (app, { db, files }) => questionModuleRoutes(app, { db, files }),
};
