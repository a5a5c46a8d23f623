import type { ModuleDef } from '../../core/modules/module.ts';
import { lessonPlanMenus } from './lesson-plan.menus.ts';
import { lessonPlanPermissionResource, lessonPlanResource } from './lesson-plan.resource.ts';
import { lessonPlanRoutes } from './lesson-plan.routes.ts';

/**
 * A newcomer's module, whole: one shareable resource (its policy declares who reads and changes it), one typed route
 * and one menu. Added to the list of modules in one line, it is mounted, seeded and walked by the conformance test.
 */
export const lessonPlanModule: ModuleDef = {
  name: 'lesson-plan',
  menus: lessonPlanMenus,
  resources: [lessonPlanResource, lessonPlanPermissionResource],
  routes: (app, { db }) => lessonPlanRoutes(app, db),
};
