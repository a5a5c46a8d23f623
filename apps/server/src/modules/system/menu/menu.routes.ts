import { idSchema } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { treeNodes } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { menu } from '../../../db/schema/index.ts';
import { topMenuMenuIds } from '../topmenu/topmenu.service.ts';
import { menuFilters } from './menu.resource.ts';
import { menuButtons, menuRoutes, menuTitle } from './menu.service.ts';
import { menuTree, pickablePageIds, storedMenus } from './menu.tree.ts';

const filterShape = Object.fromEntries(Object.entries(menuFilters).map(([k, f]) => [k, f.schema]));
const filterQuery = z.object(filterShape);
// Spread rather than `extend`: extending a shape of string keys would widen `parentId` to unknown.
const levelQuery = z.object({ ...filterShape, parentId: idSchema.optional() });

/** The declared filters of menu.resource.ts applied to a query; undefined when none was given. */
function filtersOf(q: Record<string, unknown>) {
  return and(...Object.entries(menuFilters).map(([k, f]) => f.where(q[k])));
}

export function menuRoutesModule(app: TypedApp, db: Db): void {
  const base = '/api/blade-system/menu';
  const view = access.permission('menu_view');
  // Parent pickers: the menu form, and tenant administrators building top menus, granting roles or hanging data
  // and API scopes under pages.
  const pick = access.permission([
    'menu_view',
    'role_grant',
    'topmenu_add',
    'topmenu_edit',
    'data_scope_view',
    'api_scope_view',
  ]);

  app.get(
    `${base}/routes`,
    {
      config: { access: access.signedIn },
      schema: { querystring: z.object({ topMenuId: z.union([z.literal(''), idSchema]).optional() }) },
    },
    async (req) => {
      const p = principalOf(req);
      const { topMenuId } = req.query;
      const only = topMenuId ? await topMenuMenuIds(db, p, topMenuId) : undefined;
      return ok(localeOf(req), await menuRoutes(db, p, only));
    },
  );
  app.get(`${base}/buttons`, { config: { access: access.signedIn } }, async (req) =>
    ok(localeOf(req), await menuButtons(db, principalOf(req))),
  );

  /** The tree table: every menu and button, or the filter's matches. */
  app.get(`${base}/list`, { config: { access: view }, schema: { querystring: filterQuery } }, async (req) =>
    ok(localeOf(req), await menuTree(db, { where: filtersOf(req.query) })),
  );

  /** One level of the tree table (default the root), menus and buttons. */
  app.get(`${base}/lazy-list`, { config: { access: view }, schema: { querystring: levelQuery } }, async (req) => {
    const parentId = req.query.parentId ?? '0';
    return ok(localeOf(req), await menuTree(db, { where: filtersOf(req.query), parentId }));
  });

  app.get(`${base}/menu-list`, { config: { access: pick }, schema: { querystring: filterQuery } }, async (req) =>
    ok(
      localeOf(req),
      await menuTree(db, { where: filtersOf(req.query), pagesOnly: true, allowed: await pickablePageIds(req, db) }),
    ),
  );

  app.get(`${base}/lazy-menu-list`, { config: { access: pick }, schema: { querystring: levelQuery } }, async (req) => {
    const parentId = req.query.parentId ?? '0';
    const allowed = await pickablePageIds(req, db);
    return ok(localeOf(req), await menuTree(db, { where: filtersOf(req.query), parentId, pagesOnly: true, allowed }));
  });

  /** Pages as `TreeNode`s for parent pickers. Menus are global: `tenantId` is accepted, as Saber sends it, and unused. */
  app.get(
    `${base}/tree`,
    { config: { access: pick }, schema: { querystring: z.object({ tenantId: z.string().trim().max(12).optional() }) } },
    async (req) => {
      const allowed = await pickablePageIds(req, db);
      const pages = (await storedMenus(db, eq(menu.category, 1))).filter((m) => !allowed || allowed.has(m.id));
      return ok(localeOf(req), treeNodes(pages, menuTitle));
    },
  );
}
