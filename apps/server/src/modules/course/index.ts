import type { ModuleDef } from '../../core/modules/module.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { COURSE_ADMIN_PAGES, COURSE_STUDENT_CODES, COURSE_TEACHER_CODES, courseMenus } from './course.menus.ts';
import { courseRoutes } from './course.routes.ts';
import { courseStudyRoutes } from './course.study.routes.ts';
import { courseUsesPaper, coursewareUsesAttach } from './course.usage.ts';
import { coursewareRoutes } from './courseware.routes.ts';
import { courseResources } from './resources.ts';

/** Installations from before courses get their pages once. */
const courseTenantSetup: TenantSetup = {
  adminPages: COURSE_ADMIN_PAGES,
  roleGrants: { teacher: COURSE_TEACHER_CODES, student: COURSE_STUDENT_CODES },
  arrivals: [{ key: 'seed.courseGranted', group: 'course_center' }],
};

/** 课程: courses (shared like papers) → topic trees → coursewares and papers; taught to classes; studied by students. */
export const courseModule: ModuleDef = {
  name: 'course',
  menus: courseMenus,
  resources: courseResources,
  references: [courseUsesPaper, coursewareUsesAttach],
  tenantSetup: courseTenantSetup,
  routes: (app, { db }) => {
    courseRoutes(app, { db });
    courseStudyRoutes(app, { db });
    coursewareRoutes(app, { db });
  },
};
