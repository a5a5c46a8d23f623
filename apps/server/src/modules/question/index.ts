import type { JobDefinition } from '../../core/jobs/runner.ts';
import type { ModuleDef } from '../../core/modules/module.ts';
import { questionTenantSetup } from './question.api.ts';
import { importPartJob } from './question.import-job.ts';
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
  jobs: [importPartJob] as JobDefinition<never>[],
  tenantSetup: questionTenantSetup,
  routes: (app, { db, files }) => questionModuleRoutes(app, { db, files }),
};
