import type { JobDefinition } from '../../core/jobs/runner.ts';
import type { ModuleDef } from '../../core/modules/module.ts';
import { releaseJob } from './assignment/assignment.release.ts';
import { assignmentUsesPaper } from './assignment/assignment.usage.ts';
import { assignmentTenantSetup } from './assignment.api.ts';
import { assignmentMenus } from './assignment.menus.ts';
import { assignmentRoutes } from './assignment.routes.ts';
import { autoSubmitJob } from './attempt/attempt.submit.ts';
import { assignmentResources } from './resources.ts';

/** 考试安排 → 答卷 → 阅卷 → 成绩 → 错题本. */
export const assignmentModule: ModuleDef = {
  name: 'assignment',
  menus: assignmentMenus,
  resources: assignmentResources,
  references: [assignmentUsesPaper],
  jobs: [autoSubmitJob, releaseJob] as JobDefinition<never>[],
  tenantSetup: assignmentTenantSetup,
  routes: (app, { db, store }) => assignmentRoutes(app, { db, store }),
};
