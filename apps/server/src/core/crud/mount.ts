import { crudPermissions, idListSchema, idSchema, type PageQuery, pageQuerySchema } from '@shixun/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDataScoped } from '../access/data-scope.ts';
import { access, principalOf, requirePermission } from '../access/guard.ts';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { ok, toPage } from '../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import { childFields, takeChildren, writeChildren } from './children.ts';
import { resolveFilters } from './filters.ts';
import {
  type AnyResourceDef,
  accessScope,
  assertWritable,
  type CrudContext,
  type ExtraList,
  filterConditions,
  loadRows,
  mapUniqueViolation,
  orderOf,
  scopeOf,
} from './resource.ts';
import { applyTreeRules, assertNoOrphans, withSubtrees } from './tree.ts';
import { mountTreeCalls, treeTableOf } from './tree-routes.ts';

type Row = Record<string, unknown>;

/** Dates travel as ISO text; a timestamp column takes them as Date (what a form sent is validated text). */
function columnValues(def: AnyResourceDef, values: Row): Row {
  const columns = def.table as unknown as Record<string, PgColumn | undefined>;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string' && columns[k]?.columnType === 'PgTimestamp' ? new Date(v) : v,
    ]),
  );
}

async function assertUnique(db: Db, def: AnyResourceDef, p: Principal, values: Row, exceptId?: string) {
  const cols = def.table as unknown as Record<string, PgColumn>;
  for (const rule of def.unique ?? []) {
    if (!rule.fields.every((f) => values[f] !== undefined)) continue;
    const conds = rule.fields.map((f) => eq(cols[f]!, values[f]));
    if (exceptId) conds.push(ne(def.table.id, exceptId));
    const [hit] = await db
      .select({ id: def.table.id })
      .from(def.table)
      .where(and(scopeOf(def, p), ...conds))
      .limit(1);
    if (hit) throw badRequest(rule.message);
  }
}

/**
 * The calls a mounted resource answers with, for a second family of paths to the same model (e.g. `question/save`
 * beside `question/submit`): each checks what its route checks, and answers with the same envelope.
 */
export interface ResourceOps {
  detail(req: FastifyRequest, id: string): Promise<unknown>;
  remove(req: FastifyRequest, q: { ids: string[]; cascade?: '0' | '1' }): Promise<unknown>;
  /** With `tx`, the write is part of the caller's transaction (a savepoint in it): one use case, one unit. */
  submit(req: FastifyRequest, body: Row, tx?: Db): Promise<unknown>;
}
const mounted = new WeakMap<AnyResourceDef, ResourceOps>();

/** The ops of a resource mounted by mountResource (called after it, from a module's own routes). */
export function resourceOps(def: AnyResourceDef): ResourceOps {
  const ops = mounted.get(def);
  if (!ops) throw new Error(`resource ${def.name} is not mounted`);
  return ops;
}

const readOnlyCall = async () => {
  throw forbidden();
};

/**
 * Mounts list|page (and any extra lists), detail, remove and submit for a declared resource — and its tree calls —
 * with permissions, tenancy, declared filters and sorts, validation, soft delete, audit columns, tree rules, child
 * rows, hooks and the presenter applied (ARCHITECTURE §5).
 */
export function mountResource(app: FastifyInstance, ctx: CrudContext, def: AnyResourceDef): void {
  const perm = crudPermissions(def.name);
  const writeOpts = { superuserOnly: def.scope === 'global' || Boolean(def.superuserOnly) };
  const readOpts = { superuserOnly: Boolean(def.superuserOnly) };
  const filterShape = Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema]));
  const listQuery = pageQuerySchema.extend(filterShape);
  const children = def.children ?? [];
  const addForm = def.form.extend(childFields(def.form, children));
  const updateForm = addForm.partial().extend({ id: idSchema });
  const tree = def.tree ? treeTableOf(def) : undefined;
  const { db, secrets, files } = ctx;
  if (def.dataScope) registerDataScoped(def.name, def.dataScope);

  for (const list of [{ path: def.listPath ?? 'list' }, ...(def.extraLists ?? [])]) mountList(list);
  if (def.tree?.calls) mountTreeCalls(app, ctx, def);

  /** One paged list: scope, the list's own condition (if any), then the declared filters. */
  function mountList(list: ExtraList): void {
    app.get(
      list.path.startsWith('/') ? list.path : `${def.basePath}/${list.path}`,
      {
        config: { access: access.permission(perm.view, readOpts) },
        schema: { querystring: listQuery.extend(list.required ?? {}) },
      },
      async (req) => {
        const principal = principalOf(req);
        const q = (await resolveFilters(def.filters, req.query as Record<string, unknown>, db)) as PageQuery &
          Record<string, unknown>;
        const scope = await accessScope(db, def, principal);
        const fixed = await list.where?.(q, { db, principal, scope });
        const where = and(scope, fixed, ...filterConditions(def, q));
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(def.table)
            .where(where)
            .orderBy(...orderOf(def, q.ascs, q.descs))
            .limit(q.size)
            .offset((q.current - 1) * q.size),
          def.countLimit
            ? db.select({ n: count() }).from(
                db
                  .select({ one: sql`1` })
                  .from(def.table)
                  .where(where)
                  .limit(def.countLimit + 1)
                  .as('counted'),
              )
            : db.select({ n: count() }).from(def.table).where(where),
        ]);
        const loaded = await loadRows(def, rows, { db, principal, scope });
        const n = total?.n ?? 0;
        const capped = def.countLimit !== undefined && n > def.countLimit;
        const page = toPage(loaded.map(def.present), capped ? def.countLimit! : n, q.current, q.size);
        return ok(localeOf(req), capped ? { ...page, totalCapped: true } : page);
      },
    );
  }

  async function detail(req: FastifyRequest, id: string) {
    const principal = principalOf(req);
    const scope = await accessScope(db, def, principal);
    const [row] = await db
      .select()
      .from(def.table)
      .where(and(scope, eq(def.table.id, id)));
    if (!row) throw notFound();
    const [loaded] = await loadRows(def, [row], { db, principal, scope });
    return ok(localeOf(req), def.present(loaded!));
  }
  app.get(
    `${def.basePath}/detail`,
    { config: { access: access.permission(perm.view, readOpts) }, schema: { querystring: z.object({ id: idSchema }) } },
    (req) => detail(req, (req.query as { id: string }).id),
  );

  if (def.readOnly) {
    mounted.set(def, { detail, remove: readOnlyCall, submit: readOnlyCall });
    return;
  }

  const removeQuery = z.object({
    ids: idListSchema,
    ...(def.tree?.cascade ? { cascade: z.enum(['0', '1']).optional() } : {}),
  });
  async function remove(req: FastifyRequest, q: { ids: string[]; cascade?: '0' | '1' }) {
    const principal = principalOf(req);
    const locale = localeOf(req);
    const scope = await accessScope(db, def, principal);
    const asked = [...new Set(q.ids)];
    const rows = await db.transaction(async (tx) => {
      // Ids outside the caller's scope (another tenant's, removed, unknown) answer 404 before any rule looks at
      // them, so that no refusal ever tells that someone else's row exists.
      const reachable = await tx
        .select({ id: def.table.id })
        .from(def.table)
        .where(and(scope, inArray(def.table.id, asked)));
      if (reachable.length !== asked.length) throw notFound();
      await assertWritable(tx, def, principal, asked);
      let ids = asked;
      if (tree) {
        if (q.cascade === '1') ids = await withSubtrees(tx, tree, scope, asked);
        else await assertNoOrphans(tx, tree, scopeOf(def, principal), ids, def.tree!.messages.hasChildren, locale);
      }
      await def.hooks?.beforeRemove?.({ db: tx, principal, scope, ids, secrets, files, locale });
      const removed = await tx
        .update(def.table)
        .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() } as never)
        .where(and(scope, inArray(def.table.id, ids)))
        .returning();
      // All or nothing: one id that is not the caller's to delete cancels the whole request.
      if (removed.length !== ids.length) throw notFound();
      await def.hooks?.onRemoved?.({ db: tx, principal, scope, ids, secrets, files, locale, rows: removed as Row[] });
      return removed as Row[];
    });
    await def.hooks?.afterRemove?.({ db, principal, scope, ids: asked, secrets, files, locale, rows, log: req.log });
    return ok(locale, null, 'ok.default');
  }
  app.post(
    `${def.basePath}/remove`,
    { config: { access: access.permission(perm.delete, writeOpts) }, schema: { querystring: removeQuery } },
    (req) => remove(req, req.query as { ids: string[]; cascade?: '0' | '1' }),
  );

  async function respond(req: FastifyRequest, p: Principal, saved: { row: Row; answer: Row }, outer?: Db) {
    const [loaded] = await loadRows(def, [saved.row], { db: outer ?? db, principal: p, scope: scopeOf(def, p) });
    return ok(localeOf(req), def.present({ ...loaded!, ...saved.answer }));
  }

  app.post(
    `${def.basePath}/submit`,
    { config: { access: access.permission([perm.add, perm.edit], writeOpts) } },
    (req) => submit(req, (req.body ?? {}) as Row),
  );
  async function submit(req: FastifyRequest, body: Row, outer?: Db) {
    const p = principalOf(req);
    const isAdd = body.id === undefined || body.id === null || body.id === '';
    return respond(req, p, isAdd ? await insert(req, p, body, outer) : await update(req, p, body, outer), outer);
  }
  mounted.set(def, { detail, remove, submit });

  if (def.updatePath) {
    app.post(
      `${def.basePath}/${def.updatePath}`,
      { config: { access: access.permission(perm.edit, writeOpts) } },
      async (req) => {
        const p = principalOf(req);
        return respond(req, p, await update(req, p, (req.body ?? {}) as Row));
      },
    );
  }

  async function insert(req: FastifyRequest, p: Principal, body: Row, outer?: Db) {
    await requirePermission(req, perm.add);
    const values = addForm.parse(body) as Row;
    const scope = scopeOf(def, p);
    const answer: Row = {};
    const hookCtx = { principal: p, scope, values, answer, secrets, files, locale: localeOf(req) };
    try {
      return await (outer ?? db).transaction(async (tx) => {
        if (tree) await applyTreeRules(tx, tree, def.tree!, { scope, values });
        await def.hooks?.beforeSave?.({ ...hookCtx, next: { ...values }, db: tx });
        await assertUnique(tx, def, p, values);
        const sent = takeChildren(children, values);
        const now = new Date();
        const tenant = def.scope === 'tenant' ? { tenantId: p.tenantId } : {};
        const audit = {
          createUser: p.userId,
          createDept: p.deptId,
          createTime: now,
          updateUser: p.userId,
          updateTime: now,
        };
        const [row] = (await tx
          .insert(def.table)
          .values({ ...columnValues(def, values), id: newId(), ...tenant, ...audit } as never)
          .returning()) as Row[];
        await writeChildren(tx, sent, String(row!.id), { ...tenant, ...audit });
        await def.hooks?.afterSave?.({ ...hookCtx, next: row!, db: tx, row: row! });
        return { row: row!, answer };
      });
    } catch (e) {
      mapUniqueViolation(def, e);
    }
  }

  async function update(req: FastifyRequest, p: Principal, body: Row, outer?: Db) {
    await requirePermission(req, perm.edit);
    const { id, ...values } = updateForm.parse(body) as Row & { id: string };
    const scope = await accessScope(outer ?? db, def, p);
    const answer: Row = {};
    const hookCtx = { principal: p, scope, values, answer, secrets, files, locale: localeOf(req) };
    try {
      return await (outer ?? db).transaction(async (tx) => {
        // Rules judge the row as it will be, so they see what is stored as well as what was sent.
        const [existing] = (await tx
          .select()
          .from(def.table)
          .where(and(scope, eq(def.table.id, id)))) as Row[];
        if (!existing) throw notFound();
        await assertWritable(tx, def, p, [id]);
        if (tree) await applyTreeRules(tx, tree, def.tree!, { scope, values, existing });
        await def.hooks?.beforeSave?.({ ...hookCtx, db: tx, existing, next: { ...existing, ...values } });
        await assertUnique(tx, def, p, values, id);
        const sent = takeChildren(children, values);
        const [row] = (await tx
          .update(def.table)
          .set({ ...columnValues(def, values), updateUser: p.userId, updateTime: new Date() } as never)
          .where(and(scope, eq(def.table.id, id)))
          .returning()) as Row[];
        if (!row) throw notFound();
        const tenant = def.scope === 'tenant' ? { tenantId: p.tenantId } : {};
        await writeChildren(tx, sent, id, { ...tenant, createUser: p.userId, updateUser: p.userId });
        await def.hooks?.afterSave?.({ ...hookCtx, db: tx, existing, next: row, row });
        return { row, answer };
      });
    } catch (e) {
      mapUniqueViolation(def, e);
    }
  }
}
