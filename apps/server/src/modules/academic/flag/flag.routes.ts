import {
  type FlagBeforeAdd,
  type FlagFamily,
  type FlagKind,
  flagKindSchema,
  idListSchema,
  idSchema,
} from '@shixun/contracts';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import { scopeOf } from '../../../core/crud/resource.ts';
import { ancestry, applyTreeRules, forestOf, toNode } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { FLAG_READERS, flagResource } from './flag.resource.ts';
import { type FlagRow, flagTitle, flagTree, kindRows, liveFlag } from './flag.tree.ts';

const base = flagResource.basePath;

/**
 * The kind-aware tree calls of SPEC §7 "flag"; `move` and `copy/{id}/{parentId}/{deep}` are the factory's
 * (flag.resource.ts). Each reads one tree (one kind) of the caller's tenant.
 */
export function flagRoutes(app: TypedApp, db: Db): void {
  const nodeOf = async (tenantId: string, id: string): Promise<FlagRow> => {
    const row = await liveFlag(db, tenantId, id);
    if (!row) throw notFound();
    return row;
  };

  /** `tree/children/{id}/one`: one level below a node (`0` = the roots of `?kind=`), each saying if it has more. */
  app.get(
    `${base}/tree/children/:id/one`,
    {
      config: { access: FLAG_READERS },
      schema: { params: z.object({ id: idSchema }), querystring: z.object({ kind: flagKindSchema.optional() }) },
    },
    async (req) => {
      const p = principalOf(req);
      const { id } = req.params;
      const kind = id === '0' ? flagKindSchema.parse(req.query.kind) : (await nodeOf(p.tenantId, id)).kind;
      const rows = await kindRows(db, p.tenantId, kind as FlagKind);
      const parents = new Set(rows.map((r) => r.parentId));
      return ok(
        localeOf(req),
        rows.filter((r) => r.parentId === id).map((r) => toNode(flagTree, r, localeOf(req), parents.has(r.id))),
      );
    },
  );

  /** `tree/rela/{id}`: the chain from the root down to the node, to open a tree at it or show its path. */
  app.get(
    `${base}/tree/rela/:id`,
    { config: { access: FLAG_READERS }, schema: { params: z.object({ id: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const node = await nodeOf(p.tenantId, req.params.id);
      const chain = ancestry(flagTree, await kindRows(db, p.tenantId, node.kind as FlagKind), node.id);
      return ok(
        localeOf(req),
        chain.map((r) => toNode(flagTree, r, localeOf(req))),
      );
    },
  );

  /**
   * `tree/{kind}/{id}` — the five spelled `tree/direction/{id}` … `tree/questionType/{id}`, and SPEC's `tree/{a}/{b}`
   * is the same call: the tree of that kind below node `{id}` (`0` = the whole tree), nested.
   */
  app.get(
    `${base}/tree/:kind/:id`,
    { config: { access: FLAG_READERS }, schema: { params: z.object({ kind: flagKindSchema, id: idSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const { kind, id } = req.params;
      if (id !== '0' && (await nodeOf(p.tenantId, id)).kind !== kind) throw notFound();
      return ok(localeOf(req), forestOf(flagTree, await kindRows(db, p.tenantId, kind), localeOf(req), id));
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
      const values: Record<string, unknown> = { ...req.params };
      // The tree's own rules answer, as they would for the add itself (nothing is written).
      await applyTreeRules(db, flagTree, flagResource.tree!, { scope: scopeOf(flagResource, p), values });
      const answer: FlagBeforeAdd = { sort: Number(values.sort) };
      return ok(localeOf(req), answer);
    },
  );

  /** `getFamily/{ids}`: each node with the path above it (unknown ids are left out). */
  app.get(
    `${base}/getFamily/:ids`,
    { config: { access: FLAG_READERS }, schema: { params: z.object({ ids: idListSchema }) } },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const families: FlagFamily[] = [];
      const byKind = new Map<string, FlagRow[]>();
      for (const id of req.params.ids) {
        const node = await liveFlag(db, p.tenantId, id);
        if (!node) continue;
        const rows = byKind.get(node.kind) ?? (await kindRows(db, p.tenantId, node.kind as FlagKind));
        byKind.set(node.kind, rows);
        const chain = ancestry(flagTree, rows, id);
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
}
