import type { ModuleDef } from '../../core/modules/module.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { noticeResource } from './notice/notice.resource.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { noticeUsesAttach } from './notice/notice.usage.ts';

/** 工作台: notices and the home page. */
export const deskModule: ModuleDef = {
  name: 'desk',
  resources: [noticeResource],
  references: [noticeUsesAttach],
  routes(app, { db }) {
    noticeRoutes(app, db);
    dashboardRoutes(app, db);
  },
};
