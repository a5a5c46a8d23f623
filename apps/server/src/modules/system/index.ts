import type { ModuleDef } from '../../core/modules/module.ts';
import { clientResource } from './client/client.resource.ts';
import { clientRoutes } from './client/client.routes.ts';
import { deptResource } from './dept/dept.resource.ts';
import { dictResources } from './dict/dict.resources.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { menuResource } from './menu/menu.resource.ts';
import { menuRoutesModule } from './menu/menu.routes.ts';
import { postRoutes } from './post/post.routes.ts';
import { regionRoutes } from './region/region.routes.ts';
import { systemResources } from './resources.ts';
import { roleResource } from './role/role.resource.ts';
import { roleRoutes } from './role/role.routes.ts';
import { scopeResources } from './scope/scope.resources.ts';
import { scopeRoutes } from './scope/scope.routes.ts';
import { socialResource } from './social/social.resource.ts';
import { systemMenus } from './system.menus.ts';
import { tenantResource } from './tenant/tenant.resource.ts';
import { tenantRoutes } from './tenant/tenant.routes.ts';
import { tenantPackageResource } from './tenant-package/tenant-package.resource.ts';
import { tenantPackageRoutes } from './tenant-package/tenant-package.routes.ts';
import { topMenuResource } from './topmenu/topmenu.resource.ts';
import { topMenuRoutes } from './topmenu/topmenu.routes.ts';

/** 系统管理: tenants, roles, menus, departments, posts, dictionaries, params, scopes, regions, clients, providers. */
export const systemModule: ModuleDef = {
  name: 'system',
  menus: systemMenus,
  resources: [
    ...systemResources,
    ...dictResources,
    roleResource,
    deptResource,
    tenantResource,
    tenantPackageResource,
    ...scopeResources,
    menuResource,
    topMenuResource,
    clientResource,
    socialResource,
  ],
  routes(app, { db }) {
    menuRoutesModule(app, db);
    postRoutes(app, db);
    dictRoutes(app, db);
    roleRoutes(app, db);
    tenantRoutes(app, db);
    tenantPackageRoutes(app, db);
    scopeRoutes(app);
    topMenuRoutes(app, db);
    regionRoutes(app, db);
    clientRoutes(app, db);
  },
};
