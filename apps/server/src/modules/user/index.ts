import type { ModuleDef } from '../../core/modules/module.ts';
import { userExcelRoutes } from './user.excel.routes.ts';
import { userPlatformRoutes } from './user.platform.ts';
import { registerGuestRoutes } from './user.register.ts';
import { userResource } from './user.resource.ts';
import { userRoutes } from './user.routes.ts';

/** 用户管理: accounts, their roles and platforms, registration, import and export. */
export const userModule: ModuleDef = {
  name: 'user',
  resources: [userResource],
  routes(app, { db, store }) {
    userRoutes(app, db);
    userPlatformRoutes(app, db);
    registerGuestRoutes(app, { db, store });
    userExcelRoutes(app, db);
  },
};
