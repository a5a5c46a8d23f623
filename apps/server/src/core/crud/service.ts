import { idSchema, type Locale, type Page, type PageQuery } from '@shixun/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import type { FileStore } from '../files/file-store.ts';
import { toPage } from '../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { childFields, takeChildren, writeChildren } from './children.ts';
import { resolveFilters } from './filters.ts';
import {
  type AnyResourceDef,
  accessScope,
  assertWritable,
  type ExtraList,
  filterConditions,
  loadRows,
  mapUniqueViolation,
  orderOf,
  scopeOf,
  type TypedResource,
} from './resource.ts';
import { applyTreeRules, assertNoOrphans, withSubtrees } from './tree.ts';
import { treeTableOf } from './tree-routes.ts';

type Row = Record<string, unknown>;

/**
 * Who calls a resource's service and with what: the database or the caller's transaction (one use case, one unit),
 * the principal, their language, whether they hold a permission code, and the services hooks may need.
 */
export interface CrudCall {
  db: Db;
  principal: Principal;
  locale: Locale;
  /** Whether the caller holds this permission code, or is the platform superuser (add and edit are told apart in submit). */
  may(code: string): Promise<boolean>;
  secrets: SecretBox;
  files: FileStore;
  /** Where failures of the after-commit cleanup (afterRemove) are told. */
  log: FastifyBaseLogger;
}

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
 * A declared resource as a service, apart from HTTP: each operation takes the call and validated input and answers
 * presented rows (ARCHITECTURE §5). The routes mountResource adds parse, authorise and wrap these; other modules call
 * them directly, inside their own transaction when theirs is one unit.
 */
export interface ResourceService<Presented> {
  list(call: CrudCall, query: Row, list?: ExtraList): Promise<Page<Presented>>;
  detail(call: CrudCall, id: string): Promise<Presented>;
  remove(call: CrudCall, input: { ids: string[]; cascade?: '0' | '1' }): Promise<void>;
  /** Adds (no id) or edits; the caller needs the add or the edit code accordingly. */
  submit(call: CrudCall, body: Row): Promise<Presented>;
  /** Edits only (an id is required). */
  update(call: CrudCall, body: Row): Promise<Presented>;
}

export function resourceService<Presented>(def: TypedResource<Presented>): ResourceService<Presented> {
  const perm = { add: `${def.name}_add`, edit: `${def.name}_edit` };
  const children = def.children ?? [];
  const tree = def.tree ? treeTableOf(def) : undefined;
  const forms = crudForms(def);

  const requireCode = async (call: CrudCall, code: string) => {
    if (!(await call.may(code))) throw forbidden();
  };
  const present = async (call: CrudCall, row: Row, answer: Row = {}) => {
    const [loaded] = await loadRows(def, [row], {
      db: call.db,
      principal: call.principal,
      scope: scopeOf(def, call.principal),
    });
    return def.present({ ...loaded!, ...answer }) as Presented;
  };

  async function insert(call: CrudCall, body: Row) {
    await requireCode(call, perm.add);
    const { db, principal: p, secrets, files, locale } = call;
    const values = forms.add.parse(body) as Row;
    const scope = scopeOf(def, p);
    const answer: Row = {};
    const hookCtx = { principal: p, scope, values, answer, secrets, files, locale };
    try {
      return await db.transaction(async (tx) => {
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
      return mapUniqueViolation(def, e);
    }
  }

  async function update(call: CrudCall, body: Row) {
    await requireCode(call, perm.edit);
    const { db, principal: p, secrets, files, locale } = call;
    const { id, ...values } = forms.update.parse(body) as Row & { id: string };
    const scope = await accessScope(db, def, p);
    const answer: Row = {};
    const hookCtx = { principal: p, scope, values, answer, secrets, files, locale };
    try {
      return await db.transaction(async (tx) => {
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
      return mapUniqueViolation(def, e);
    }
  }

  return {
    async list(call, query, list = { path: def.listPath ?? 'list' }) {
      const { db, principal } = call;
      const q = (await resolveFilters(def.filters, query, db)) as PageQuery & Row;
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
      const page = toPage(loaded.map(def.present) as Presented[], capped ? def.countLimit! : n, q.current, q.size);
      return capped ? { ...page, totalCapped: true } : page;
    },

    async detail(call, id) {
      const { db, principal } = call;
      const scope = await accessScope(db, def, principal);
      const [row] = await db
        .select()
        .from(def.table)
        .where(and(scope, eq(def.table.id, id)));
      if (!row) throw notFound();
      const [loaded] = await loadRows(def, [row], { db, principal, scope });
      return def.present(loaded!) as Presented;
    },

    async remove(call, input) {
      if (def.readOnly) throw forbidden();
      const { db, principal, secrets, files, locale } = call;
      const scope = await accessScope(db, def, principal);
      const asked = [...new Set(input.ids)];
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
          if (input.cascade === '1') ids = await withSubtrees(tx, tree, scope, asked);
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
      await def.hooks?.afterRemove?.({ db, principal, scope, ids: asked, secrets, files, locale, rows, log: call.log });
    },

    async submit(call, body) {
      if (def.readOnly) throw forbidden();
      const isAdd = body.id === undefined || body.id === null || body.id === '';
      const saved = isAdd ? await insert(call, body) : await update(call, body);
      return present(call, saved.row, saved.answer);
    },

    async update(call, body) {
      if (def.readOnly) throw forbidden();
      const saved = await update(call, body);
      return present(call, saved.row, saved.answer);
    },
  };
}

/** The add form (with the child rows it carries) and the update form (any subset, with the id). */
export function crudForms(def: AnyResourceDef) {
  const add = def.form.extend(childFields(def.form, def.children ?? []));
  return { add, update: add.partial().extend({ id: idSchema }) };
}
