import { crudPermissions, idSchema, PLATFORM_TENANT_ID } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../access/guard.ts';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import {
  type AnyResourceDef,
  accessScope,
  assertWritable,
  type CrudContext,
  filterConditions,
  loadRows,
} from './resource.ts';
import {
  applyTreeRules,
  columnName,
  descendantKeys,
  forestOf,
  level,
  partitionOf,
  placeAmongSiblings,
  type Row,
  siblingIndex,
  type TreeTable,
  toNode,
  treeRows,
} from './tree.ts';

/** The tree of a tree resource: keyed by id, its declared parent, sort and title. */
export function treeTableOf(def: AnyResourceDef): TreeTable {
  const t = def.tree!;
  return { table: def.table, key: def.table.id, parent: t.parent, sort: t.sort, title: t.title, node: t.node };
}

const parentQuery = z.object({ parentId: idSchema.optional(), tenantId: z.string().trim().max(12).optional() });
const moveBody = z.object({
  id: idSchema,
  parentId: idSchema,
  /** Position among the new siblings, 0 = first. */
  index: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(100_000),
});

/**
 * The tree calls a resource declares (ResourceTree.calls), all within the caller's scope: reading needs the view
 * code (or the declared readers), moving the edit code, copying the add code. Moves and copies keep every tree rule
 * (parent in scope and partition, no loops, names free among siblings) by going through applyTreeRules.
 */
export function mountTreeCalls(app: FastifyInstance, ctx: CrudContext, def: AnyResourceDef): void {
  const { db } = ctx;
  const decl = def.tree!;
  const calls = decl.calls!;
  const t = treeTableOf(def);
  const perm = crudPermissions(def.name);
  const superuserOnly = def.scope === 'global' || Boolean(def.superuserOnly);
  const readers = calls.readers ?? access.permission(perm.view, { superuserOnly: Boolean(def.superuserOnly) });
  const base = calls.basePath ?? def.basePath;
  const sortName = decl.sort ? columnName(def.table, decl.sort) : undefined;

  /** What the reading calls show: the caller's scope, or the asked tenant's live rows for the platform superuser. */
  async function readScope(p: Principal, tenantId: string | undefined) {
    if (calls.tenantParam && tenantId && p.superuser && p.tenantId === PLATFORM_TENANT_ID && def.table.tenantId) {
      return and(eq(def.table.isDeleted, 0), eq(def.table.tenantId, tenantId))!;
    }
    return accessScope(db, def, p);
  }

  /** A live row of this resource the caller may change, with the rows of its partition (its family). */
  async function nodeOf(tx: Db, p: Principal, id: string) {
    const scope = await accessScope(tx, def, p);
    const [row] = (await tx
      .select()
      .from(def.table)
      .where(and(scope, eq(def.table.id, id)))) as Row[];
    if (!row) throw notFound();
    await assertWritable(tx, def, p, [id]);
    return { row, scope, family: and(scope, ...partitionOf(t, decl, row))! };
  }

  if (calls.tree) {
    app.get(
      `${base}/${calls.tree}`,
      { config: { access: readers }, schema: { querystring: parentQuery } },
      async (req) => {
        const p = principalOf(req);
        const { parentId, tenantId } = req.query as z.infer<typeof parentQuery>;
        const scope = await readScope(p, tenantId);
        return ok(localeOf(req), forestOf(t, await treeRows(db, t, scope), localeOf(req), parentId));
      },
    );
  }

  if (calls.lazyTree) {
    app.get(
      `${base}/${calls.lazyTree}`,
      { config: { access: readers }, schema: { querystring: parentQuery } },
      async (req) => {
        const p = principalOf(req);
        const { parentId = '0', tenantId } = req.query as z.infer<typeof parentQuery>;
        const scope = await readScope(p, tenantId);
        const rows = await level(db, t, scope, parentId, (child) => eq(child.isDeleted!, 0));
        return ok(
          localeOf(req),
          rows.map((r) => toNode(t, r.row, localeOf(req), r.hasChildren)),
        );
      },
    );
  }

  if (calls.lazyList) {
    const filterShape = Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema]));
    const query = z.object(filterShape).extend(parentQuery.shape);
    app.get(
      `${base}/${calls.lazyList}`,
      { config: { access: access.permission(perm.view) }, schema: { querystring: query } },
      async (req) => {
        const principal = principalOf(req);
        const q = req.query as Record<string, unknown> & { parentId?: string };
        const scope = await accessScope(db, def, principal);
        const where = and(scope, ...filterConditions(def, { ...q, parentId: undefined }));
        const rows = await level(db, t, where, q.parentId ?? '0', (child) => eq(child.isDeleted!, 0));
        const loaded = await loadRows(
          def,
          rows.map((r) => r.row),
          { db, principal, scope },
        );
        return ok(
          localeOf(req),
          loaded.map((row, i) => ({ ...(def.present(row) as object), hasChildren: rows[i]!.hasChildren })),
        );
      },
    );
  }

  if (calls.move && sortName) {
    app.post(
      `${base}/${calls.move}`,
      { config: { access: access.permission(perm.edit, { superuserOnly }) }, schema: { body: moveBody } },
      async (req) => {
        const p = principalOf(req);
        const { id, parentId, index } = req.body as z.infer<typeof moveBody>;
        await db.transaction(async (tx) => {
          const { row, scope, family } = await nodeOf(tx, p, id);
          await applyTreeRules(tx, t, decl, {
            scope,
            values: { [columnName(def.table, decl.parent)]: parentId },
            existing: row,
          });
          await placeAmongSiblings(tx, { ...t, sort: decl.sort! }, family, row, parentId, index);
        });
        return ok(localeOf(req), null, 'ok.default');
      },
    );
  }

  if (calls.upDown && sortName) {
    for (const [path, step] of [
      [calls.upDown.up, -1],
      [calls.upDown.down, 1],
    ] as const) {
      app.post(
        `${base}/${path}/:id`,
        {
          config: { access: access.permission(perm.edit, { superuserOnly }) },
          schema: { params: z.object({ id: idSchema }) },
        },
        async (req) => {
          const p = principalOf(req);
          const { id } = req.params as { id: string };
          await db.transaction(async (tx) => {
            const { row, family } = await nodeOf(tx, p, id);
            const { index } = await siblingIndex(tx, t, family, row);
            const parentId = String(row[columnName(def.table, decl.parent)]);
            await placeAmongSiblings(tx, { ...t, sort: decl.sort! }, family, row, parentId, index + step);
          });
          return ok(localeOf(req), null, 'ok.default');
        },
      );
    }
  }

  if (calls.copy) mountCopy(app, ctx, def, t);
}

/** `POST copy/:id[/:parentId[/:deep]]`: see TreeCalls.copy. Answers the copy's node. */
function mountCopy(app: FastifyInstance, ctx: CrudContext, def: AnyResourceDef, t: TreeTable): void {
  const { db } = ctx;
  const decl = def.tree!;
  const copy = decl.calls!.copy!;
  const params = z.object({ id: idSchema, parentId: idSchema.optional(), deep: z.enum(['0', '1']).optional() });
  const nameKey = columnName(def.table, copy.nameColumn);
  const [parentKey, sortKey] = [columnName(def.table, decl.parent), decl.sort ? columnName(def.table, decl.sort) : ''];
  app.post(
    `${decl.calls!.basePath ?? def.basePath}/${copy.path}`,
    {
      config: { access: access.permission(crudPermissions(def.name).add, { superuserOnly: def.scope === 'global' }) },
      schema: { params },
    },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const q = req.params as z.infer<typeof params>;
      const node = await db.transaction(async (tx) => {
        const scope = await accessScope(tx, def, p);
        const [source] = (await tx
          .select()
          .from(def.table)
          .where(and(scope, eq(def.table.id, q.id)))) as Row[];
        if (!source) throw notFound();
        await assertWritable(tx, def, p, [q.id]);
        const family = await treeRows(tx, t, and(scope, ...partitionOf(t, decl, source)));
        const parentId = q.parentId ?? String(source[parentKey]);
        const below = q.deep === '0' ? new Set<string>() : descendantKeys(t, family, q.id);
        // The top copy goes through the tree rules (parent, partition, a free name, the last place).
        let name = String(source[nameKey]);
        const siblings = family.filter((r) => String(r[parentKey]) === parentId).map((r) => String(r[nameKey]));
        for (let n = 1; siblings.includes(name); n++) {
          name = `${source[nameKey]} (${locale === 'zh' ? '副本' : 'copy'}${n > 1 ? ` ${n}` : ''})`;
        }
        const now = new Date();
        const ids = new Map<string, string>([
          [q.id, newId()],
          ...[...below].map((k) => [k, newId()] as [string, string]),
        ]);
        const cloneOf = (r: Row, top: boolean): Row => ({
          ...r,
          ...copy.reset?.(r),
          id: ids.get(String(r.id)),
          [parentKey]: top ? parentId : ids.get(String(r[parentKey])),
          ...(top ? { [nameKey]: name } : {}),
          createUser: p.userId,
          createDept: p.deptId,
          createTime: now,
          updateUser: p.userId,
          updateTime: now,
        });
        const top = cloneOf(source, true);
        if (sortKey) delete top[sortKey];
        await applyTreeRules(tx, t, decl, { scope, values: top });
        const rows = [top, ...family.filter((r) => below.has(String(r.id))).map((r) => cloneOf(r, false))];
        await tx.insert(def.table).values(rows as never);
        return toNode(t, top, locale);
      });
      return ok(locale, node);
    },
  );
}
