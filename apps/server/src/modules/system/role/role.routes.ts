import { idListSchema, idSchema, PLATFORM_TENANT_ID, roleGrantSchema } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import { role } from '../../../db/schema/index.ts';
import { grantRoles, grantTree, roleTreeKeys, treeNodes } from './role.grant.ts';
import { subtreeIds } from './role.hooks.ts';

async function tenantRoleRows(db: Db, tenantId: string) {
  return db
    .select({
      id: role.id,
      parentId: role.parentId,
      roleName: role.roleName,
      roleNameEn: role.roleNameEn,
      roleAlias: role.roleAlias,
    })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0)))
    .orderBy(asc(role.sort), asc(role.id));
}

/** A role as pickers show it (`RoleTreeNode`): its names, and its alias so teaching roles can be told apart. */
const roleNode = (r: Awaited<ReturnType<typeof tenantRoleRows>>[number]) => ({
  title: r.roleName,
  titleEn: r.roleNameEn,
  roleAlias: r.roleAlias,
});

export function roleRoutes(app: FastifyInstance, db: Db): void {
  const base = '/api/blade-system/role';
  const viewOrEdit = access.permission(['role_view', 'role_add', 'role_edit']);

  app.post(
    `${base}/grant`,
    { config: { access: access.permission('role_grant') }, schema: { body: roleGrantSchema } },
    async (req) => {
      await grantRoles(db, principalOf(req), req.body as z.infer<typeof roleGrantSchema>);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** Roles of a tenant as a tree (for parent pickers); only the platform superuser may name another tenant. */
  app.get(
    `${base}/tree`,
    {
      config: { access: viewOrEdit },
      schema: { querystring: z.object({ tenantId: z.string().trim().max(12).optional() }) },
    },
    async (req) => {
      const p = principalOf(req);
      const asked = (req.query as { tenantId?: string }).tenantId;
      const tenantId = p.superuser && p.tenantId === PLATFORM_TENANT_ID && asked ? asked : p.tenantId;
      return ok(localeOf(req), treeNodes(await tenantRoleRows(db, tenantId), roleNode));
    },
  );

  /** The tree without a role and everything below it: the parents that role may be moved under. */
  app.get(
    `${base}/tree-by-id`,
    { config: { access: viewOrEdit }, schema: { querystring: z.object({ roleId: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const rows = await tenantRoleRows(db, p.tenantId);
      const { roleId } = req.query as { roleId: string };
      if (!rows.some((r) => r.id === roleId)) throw notFound();
      const excluded = subtreeIds(rows, roleId);
      return ok(
        localeOf(req),
        treeNodes(
          rows.filter((r) => !excluded.has(r.id)),
          roleNode,
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
    async (req) =>
      ok(localeOf(req), await roleTreeKeys(db, principalOf(req), (req.query as { roleIds: string[] }).roleIds)),
  );
}
