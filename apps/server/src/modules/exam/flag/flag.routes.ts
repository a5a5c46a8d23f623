import {
  type FlagBeforeAdd,
  type FlagFamily,
  type FlagKind,
  flagKindSchema,
  flagMoveSchema,
  idListSchema,
  idSchema,
} from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { ok } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import { flag } from '../../../db/schema/index.ts';
import { assertNameFree, assertParent } from './flag.hooks.ts';
import { flagResource } from './flag.resource.ts';
import {
  ancestry,
  descendants,
  type FlagRow,
  flagNode,
  flagTitle,
  forestBelow,
  kindRows,
  liveFlag,
} from './flag.tree.ts';

const base = flagResource.basePath;
/** Tree reads serve the flag page and the pickers and labels of what is classified (a class's direction). */
const readers = access.permission(['flag_view', 'clazz_view', 'clazz_add', 'clazz_edit']);
const editors = access.permission(['flag_add', 'flag_edit']);

/** The tree calls of SPEC §7 "flag", plus `move` for drag and up/down. */
export function flagRoutes(app: FastifyInstance, db: Db): void {
  const nodeOf = async (tenantId: string, id: string): Promise<FlagRow> => {
    const row = await liveFlag(db, tenantId, id);
    if (!row) throw notFound();
    return row;
  };

  /** `tree/children/{id}/one`: one level below a node (`0` = the roots of `?kind=`), each saying if it has more. */
  app.get(
    `${base}/tree/children/:id/one`,
    {
      config: { access: readers },
      schema: { params: z.object({ id: idSchema }), querystring: z.object({ kind: flagKindSchema.optional() }) },
    },
    async (req) => {
      const p = principalOf(req);
      const { id } = req.params as { id: string };
      const kind =
        id === '0' ? flagKindSchema.parse((req.query as { kind?: string }).kind) : (await nodeOf(p.tenantId, id)).kind;
      const rows = await kindRows(db, p.tenantId, kind as FlagKind);
      const parents = new Set(rows.map((r) => r.parentId));
      return ok(
        localeOf(req),
        rows
          .filter((r) => r.parentId === id)
          .map((r) => ({ ...flagNode(r, localeOf(req)), hasChildren: parents.has(r.id) })),
      );
    },
  );

  /** `tree/rela/{id}`: the chain from the root down to the node, to open a tree at it or show its path. */
  app.get(
    `${base}/tree/rela/:id`,
    { config: { access: readers }, schema: { params: z.object({ id: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const node = await nodeOf(p.tenantId, (req.params as { id: string }).id);
      const chain = ancestry(await kindRows(db, p.tenantId, node.kind as FlagKind), node.id);
      return ok(
        localeOf(req),
        chain.map((r) => flagNode(r, localeOf(req))),
      );
    },
  );

  /**
   * `tree/{kind}/{id}` — the five spelled `tree/direction/{id}` … `tree/questionType/{id}`, and SPEC's `tree/{a}/{b}`
   * is the same call: the tree of that kind below node `{id}` (`0` = the whole tree), nested.
   */
  app.get(
    `${base}/tree/:kind/:id`,
    { config: { access: readers }, schema: { params: z.object({ kind: flagKindSchema, id: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const { kind, id } = req.params as { kind: FlagKind; id: string };
      if (id !== '0' && (await nodeOf(p.tenantId, id)).kind !== kind) throw notFound();
      return ok(localeOf(req), forestBelow(await kindRows(db, p.tenantId, kind), id, localeOf(req)));
    },
  );

  /** `beforeadd/{kind}/{parentId}/{name}`: 400 when that name cannot be added there; else the sort it would get. */
  app.get(
    `${base}/beforeadd/:kind/:parentId/:name`,
    {
      config: { access: access.permission('flag_add') },
      schema: {
        params: z.object({ kind: flagKindSchema, parentId: idSchema, name: z.string().trim().min(1).max(100) }),
      },
    },
    async (req) => {
      const p = principalOf(req);
      const { kind, parentId, name } = req.params as { kind: FlagKind; parentId: string; name: string };
      await assertParent(db, p.tenantId, kind, parentId);
      await assertNameFree(db, p.tenantId, { kind, parentId, name });
      const siblings = (await kindRows(db, p.tenantId, kind)).filter((r) => r.parentId === parentId);
      const answer: FlagBeforeAdd = { sort: Math.max(0, ...siblings.map((r) => r.sort)) + 1 };
      return ok(localeOf(req), answer);
    },
  );

  /** `getFamily/{ids}`: each node with the path above it (unknown ids are left out). */
  app.get(
    `${base}/getFamily/:ids`,
    { config: { access: readers }, schema: { params: z.object({ ids: idListSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const families: FlagFamily[] = [];
      const byKind = new Map<string, FlagRow[]>();
      for (const id of (req.params as { ids: string[] }).ids) {
        const node = await liveFlag(db, p.tenantId, id);
        if (!node) continue;
        const rows = byKind.get(node.kind) ?? (await kindRows(db, p.tenantId, node.kind as FlagKind));
        byKind.set(node.kind, rows);
        const chain = ancestry(rows, id);
        families.push({
          id,
          kind: node.kind as FlagKind,
          name: flagTitle(node, locale),
          ancestorIds: chain.slice(0, -1).map((r) => r.id),
          path: chain.map((r) => flagTitle(r, locale)).join(' / '),
        });
      }
      return ok(locale, families);
    },
  );

  /**
   * `copy/{id}/{parentId}/{deep}`: a copy of the node under `parentId` (`0` = a root) of the same tree, with its
   * whole subtree when `deep` is 1. A copy beside its original is named "… (副本)" / "… (copy)".
   */
  app.post(
    `${base}/copy/:id/:parentId/:deep`,
    {
      config: { access: access.permission('flag_add') },
      schema: { params: z.object({ id: idSchema, parentId: idSchema, deep: z.enum(['0', '1']) }) },
    },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const { id, parentId, deep } = req.params as { id: string; parentId: string; deep: '0' | '1' };
      const source = await nodeOf(p.tenantId, id);
      const rows = await kindRows(db, p.tenantId, source.kind as FlagKind);
      const below = deep === '1' ? descendants(rows, id) : new Set<string>();
      await assertParent(db, p.tenantId, source.kind, parentId);
      const siblings = rows.filter((r) => r.parentId === parentId);
      let name = source.name;
      for (let n = 1; siblings.some((s) => s.name === name); n++) {
        name = `${source.name} (${locale === 'zh' ? '副本' : 'copy'}${n > 1 ? ` ${n}` : ''})`;
      }
      const copies = new Map<string, string>([[id, newId()]]);
      for (const r of rows) if (below.has(r.id)) copies.set(r.id, newId());
      const now = new Date();
      const copy = (r: FlagRow, top: boolean) => ({
        ...r,
        id: copies.get(r.id)!,
        parentId: top ? parentId : copies.get(r.parentId)!,
        name: top ? name : r.name,
        // A code names one node; copies do without.
        code: '',
        sort: top ? Math.max(0, ...siblings.map((s) => s.sort)) + 1 : r.sort,
        createUser: p.userId,
        createDept: p.deptId,
        createTime: now,
        updateUser: p.userId,
        updateTime: now,
      });
      const values = [copy(source, true), ...rows.filter((r) => below.has(r.id)).map((r) => copy(r, false))];
      await db.insert(flag).values(values);
      return ok(locale, flagNode(values[0] as FlagRow, locale));
    },
  );

  /** `move`: the node goes under `parentId` (same tree) at position `index` among its new siblings. */
  app.post(`${base}/move`, { config: { access: editors }, schema: { body: flagMoveSchema } }, async (req) => {
    const p = principalOf(req);
    const { id, parentId, index } = req.body as z.infer<typeof flagMoveSchema>;
    const node = await nodeOf(p.tenantId, id);
    await assertParent(db, p.tenantId, node.kind, parentId, id);
    if (parentId !== node.parentId)
      await assertNameFree(db, p.tenantId, { kind: node.kind, parentId, name: node.name }, id);
    const siblings = (await kindRows(db, p.tenantId, node.kind as FlagKind)).filter(
      (r) => r.parentId === parentId && r.id !== id,
    );
    const order = [...siblings];
    order.splice(Math.min(index, order.length), 0, node);
    await db.transaction(async (tx) => {
      for (const [i, r] of order.entries()) {
        const set = { sort: i + 1, ...(r.id === id ? { parentId, updateUser: p.userId, updateTime: new Date() } : {}) };
        if (r.sort !== i + 1 || r.id === id)
          await tx
            .update(flag)
            .set(set)
            .where(and(eq(flag.id, r.id), eq(flag.tenantId, p.tenantId)));
      }
    });
    return ok(localeOf(req), null, 'ok.default');
  });
}
