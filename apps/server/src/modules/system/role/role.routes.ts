import { idListSchema, idSchema, roleGrantSchema } from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { scopeOf } from '../../../core/crud/resource.ts';
import { descendantKeys, forestOf, treeRows } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { grantRoles, grantTree, roleTreeKeys } from './role.grant.ts';
import { ROLE_READERS, roleResource, roleTree } from './role.resource.ts';

export function roleRoutes(app: TypedApp, db: Db): void {
  const base = '/api/blade-system/role';

  app.post(
    `${base}/grant`,
    { config: { access: access.permission('role_grant') }, schema: { body: roleGrantSchema } },
    async (req) => {
      await grantRoles(db, principalOf(req), req.body);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** The tree without a role and everything below it: the parents that role may be moved under. */
  app.get(
    `${base}/tree-by-id`,
    { config: { access: ROLE_READERS }, schema: { querystring: z.object({ roleId: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const rows = await treeRows(db, roleTree, scopeOf(roleResource, p));
      const { roleId } = req.query;
      if (!rows.some((r) => r.id === roleId)) throw notFound();
      const excluded = new Set([roleId, ...descendantKeys(roleTree, rows, roleId)]);
      return ok(
        localeOf(req),
        forestOf(
          roleTree,
          rows.filter((r) => !excluded.has(String(r.id))),
          localeOf(req),
        ),
      );
    },
  );

  app.get('/api/blade-system/menu/grant-tree', { config: { access: access.permission('role_grant') } }, async (req) =>
    ok(localeOf(req), await grantTree(db, principalOf(req))),
  );

  app.get(
    '/api/blade-system/menu/role-tree-keys',
    {
      config: { access: access.permission(['role_grant', 'role_view']) },
      schema: { querystring: z.object({ roleIds: idListSchema }) },
    },
    async (req) => ok(localeOf(req), await roleTreeKeys(db, principalOf(req), req.query.roleIds)),
  );
}
