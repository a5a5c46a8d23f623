import { idListSchema, topMenuGrantSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { grantTopMenus, grantTopTree, topMenusOf, topTreeKeys } from './topmenu.service.ts';

export function topMenuRoutes(app: TypedApp, db: Db): void {
  app.post(
    '/api/blade-system/topmenu/grant',
    { config: { access: access.permission('topmenu_grant') }, schema: { body: topMenuGrantSchema } },
    async (req) => {
      await grantTopMenus(db, principalOf(req), req.body);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** The top bar: every signed-in user sees their tenant's top menus. */
  app.get('/api/blade-system/menu/top-menu', { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await topMenusOf(db, principalOf(req))),
  );

  app.get(
    '/api/blade-system/menu/grant-top-tree',
    { config: { access: access.permission('topmenu_grant') } },
    async (req) => ok(localeOf(req), await grantTopTree(db, principalOf(req))),
  );

  app.get(
    '/api/blade-system/menu/top-tree-keys',
    {
      config: { access: access.permission(['topmenu_grant', 'topmenu_view']) },
      schema: { querystring: z.object({ topMenuIds: idListSchema }) },
    },
    async (req) => ok(localeOf(req), await topTreeKeys(db, principalOf(req), req.query.topMenuIds)),
  );
}
