import type { ModuleDef } from '../../core/modules/module.ts';
import { paperTenantSetup } from './paper.api.ts';
import { paperMenus } from './paper.menus.ts';
import { paperRoutes } from './paper.routes.ts';
import { paperUsesQuestion } from './paper.usage.ts';
import { paperResources } from './resources.ts';

/** 试卷: papers, sections, their questions, sharing, composition. */
export const paperModule: ModuleDef = {
  name: 'paper',
  menus: paperMenus,
  resources: paperResources,
  references: [paperUsesQuestion],
  tenantSetup: paperTenantSetup,
  routes: (app, { db, tokens, files }) => paperRoutes(app, { db, tokens, files }),
};
