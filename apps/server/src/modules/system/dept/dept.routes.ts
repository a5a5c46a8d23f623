import { type DeptNode, deptSchema, idSchema, PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Principal } from '../../../core/access/principal.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { localeOf } from '../../../core/http/locale.ts';
import { dept } from '../../../db/schema/index.ts';
import { treeNodes } from '../role/role.grant.ts';

const present = presenter(deptSchema);
const child = alias(dept, 'child');

/** Live depts of a tenant; only the platform superuser may look at another tenant. */
function tenantOf(p: Principal, asked: string | undefined): string {
  return p.superuser && p.tenantId === PLATFORM_TENANT_ID && asked ? asked : p.tenantId;
}

async function children(db: Db, tenantId: string, parentId: string, extra?: SQL) {
  const hasChildren = sql<boolean>`${exists(
    db
      .select({ one: child.id })
      .from(child)
      .where(and(eq(child.parentId, dept.id), eq(child.isDeleted, 0))),
  )}`;
  return db
    .select({ row: dept, hasChildren })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0), eq(dept.parentId, parentId), extra))
    .orderBy(asc(dept.sort), asc(dept.id));
}

export function deptRoutes(app: FastifyInstance, db: Db): void {
  const base = '/api/blade-system/dept';
  // Dept pickers appear in user forms and the user list's dept filter too, and in custom data scopes.
  const pick = access.permission([
    'dept_view',
    'user_view',
    'user_add',
    'user_edit',
    'data_scope_view',
    'data_scope_add',
    'data_scope_edit',
  ]);
  const parentQuery = z.object({
    parentId: idSchema.optional(),
    tenantId: z.string().trim().max(12).optional(),
  });

  /** One level of the tree table, each row saying whether it can be expanded. */
  app.get(
    `${base}/lazy-list`,
    {
      config: { access: access.permission('dept_view') },
      schema: { querystring: parentQuery.extend({ deptName: z.string().trim().max(100).optional() }) },
    },
    async (req) => {
      const q = req.query as z.infer<typeof parentQuery> & { deptName?: string };
      const rows = await children(db, principalOf(req).tenantId, q.parentId ?? '0');
      const matching = q.deptName ? rows.filter((r) => r.row.deptName.includes(q.deptName!)) : rows;
      const nodes: DeptNode[] = matching.map((r) => ({ ...present(r.row), hasChildren: r.hasChildren }));
      return ok(localeOf(req), nodes);
    },
  );

  /** The whole tree, for pickers. */
  app.get(`${base}/tree`, { config: { access: pick }, schema: { querystring: parentQuery } }, async (req) => {
    const q = req.query as z.infer<typeof parentQuery>;
    const rows = await db
      .select({ id: dept.id, parentId: dept.parentId, deptName: dept.deptName })
      .from(dept)
      .where(and(eq(dept.tenantId, tenantOf(principalOf(req), q.tenantId)), eq(dept.isDeleted, 0)))
      .orderBy(asc(dept.sort), asc(dept.id));
    return ok(
      localeOf(req),
      treeNodes(rows, (r) => ({ title: r.deptName })),
    );
  });

  /** One level of the tree, for lazily loaded pickers. */
  app.get(`${base}/lazy-tree`, { config: { access: pick }, schema: { querystring: parentQuery } }, async (req) => {
    const q = req.query as z.infer<typeof parentQuery>;
    const rows = await children(db, tenantOf(principalOf(req), q.tenantId), q.parentId ?? '0');
    return ok(
      localeOf(req),
      rows.map(({ row, hasChildren }) => ({
        id: row.id,
        parentId: row.parentId,
        title: row.deptName,
        key: row.id,
        value: row.id,
        hasChildren,
      })),
    );
  });
}
