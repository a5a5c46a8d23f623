import type { Locale, MessageKey } from '@shixun/contracts';
import { crudPermissions, idListSchema, idSchema, type PageQuery, pageQuerySchema } from '@shixun/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type DataScopeColumns, dataScopeCondition, registerDataScoped } from '../access/data-scope.ts';
import { access, principalOf, requirePermission } from '../access/guard.ts';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import type { FileStore } from '../files/file-store.ts';
import { ok, toPage } from '../http/envelope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { camelKey, type Filter } from './filters.ts';

/** The columns the factory relies on (ARCHITECTURE §5). */
type CrudColumns = {
  id: PgColumn;
  isDeleted: PgColumn;
  createUser: PgColumn;
  createDept: PgColumn;
  createTime: PgColumn;
  updateUser: PgColumn;
  updateTime: PgColumn;
};
export type CrudTable = PgTable & CrudColumns & { tenantId?: PgColumn };

export interface ResourceDef<Form extends z.ZodObject> {
  /** Permission prefix: `{name}_view|_add|_edit|_delete`. */
  name: string;
  /** e.g. `/api/blade-system/param`. */
  basePath: string;
  /** `list` (default) or `page`, as the spec names the paging call. */
  listPath?: 'list' | 'page';
  /** An edit-only call beside `submit` (BladeX's `update`): an id is required, and it is submit's update path. */
  updatePath?: 'update';
  table: CrudTable;
  /** Global tables are shared by every tenant and written by the platform superuser only. */
  scope: 'tenant' | 'global';
  /** Reading is the platform superuser's alone too (e.g. the tenants themselves). */
  superuserOnly?: boolean;
  /** Columns data scopes may limit by (tenant tables only); lists, details and writes then keep to the caller's. */
  dataScope?: DataScopeColumns;
  /**
   * Rows this caller may reach beyond tenancy and data scopes, e.g. a teacher only the students of their classes.
   * Applied like data scopes (list, detail, edit, remove: a row outside is 404); undefined = no further limit.
   */
  rowScope?(db: Db, principal: Principal): Promise<SQL | undefined>;
  /** The add form; updates accept any subset of it. */
  form: Form;
  filters: Record<string, Filter>;
  /** Keys clients may sort by (`ascs`/`descs`), each a column. */
  sorts: Record<string, PgColumn>;
  defaultSort: SQL[];
  /** Field sets that must be unique among live rows (per tenant for tenant tables). */
  unique?: { fields: (keyof z.infer<Form> & string)[]; message: MessageKey }[];
  /** Unique index name → message, for clashes the database catches (checks done in hooks can race too). */
  constraintMessages?: Record<string, MessageKey>;
  /** More paged lists beside `list`, each with a fixed condition, e.g. `parent-list` (parentId "0"). */
  extraLists?: ExtraList[];
  hooks?: ResourceHooks;
  present: (row: object) => unknown;
}

/** What a hook or an extra list's condition gets. */
export interface HookContext {
  /** Inside `beforeSave`/`beforeRemove` this is the write's transaction. */
  db: Db;
  principal: Principal;
  /** Live rows the caller may see: the condition every query of this resource starts from. */
  scope: SQL;
}

/** What write hooks get besides: services for rows that keep secrets or files, and the caller's language. */
export interface WriteServices {
  /** Seals third-party secrets a row keeps (storage and SMS keys). */
  secrets: SecretBox;
  /** Where stored files live (local disk or the tenant's bucket). */
  files: FileStore;
  /** The caller's language, for refusals that name things (e.g. where an attachment is used). */
  locale: Locale;
}

export interface SaveContext extends HookContext, WriteServices {
  /** The validated values about to be written; a hook may change them (e.g. copy a code from a parent row). */
  values: Record<string, unknown>;
  /** The stored row being updated; absent on insert. */
  existing?: Record<string, unknown>;
}

export interface RemoveContext extends HookContext, WriteServices {
  ids: string[];
}

/**
 * Rules that span fields or rows (a parent must exist, a key is unique among siblings, a row with children stays).
 * They run inside the write's transaction, after validation; throw an AppError (`badRequest`) to refuse.
 */
export interface ResourceHooks {
  beforeSave?(ctx: SaveContext): Promise<void>;
  /** After the row is written, in the same transaction: for rows of other tables that hang off it (links). */
  afterSave?(ctx: SaveContext & { row: Record<string, unknown> }): Promise<void>;
  beforeRemove?(ctx: RemoveContext): Promise<void>;
  /** After the removal is committed: for what lives outside the database (stored files). Must not throw. */
  afterRemove?(ctx: RemoveContext & { rows: Record<string, unknown>[]; log: FastifyBaseLogger }): Promise<void>;
  /** Adds what lives in other tables (names, linked ids) to loaded rows before they are presented. */
  afterLoad?(rows: Record<string, unknown>[], ctx: HookContext): Promise<Record<string, unknown>[]>;
}

/** A paged list beside `list`: same filters, sorts, paging and view permission, plus its own condition. */
export interface ExtraList {
  /** e.g. `parent-list`, mounted under the resource's basePath. */
  path: string;
  /**
   * Query keys this list cannot do without (missing or invalid → 400), e.g. `{ parentId: idSchema }`; they apply
   * as the declared filter of the same name, or through `where`.
   */
  required?: Record<string, z.ZodType>;
  /** The condition added to scope and filters; may throw, e.g. notFound() for a parent the caller cannot see. */
  where?(query: Record<string, unknown>, ctx: HookContext): SQL | undefined | Promise<SQL | undefined>;
}

export interface CrudContext {
  db: Db;
  secrets: SecretBox;
  /** Where stored files live (local disk or the tenant's bucket). */
  files: FileStore;
}

/** A declaration with its form type erased, for lists of resources. */
export type AnyResourceDef = ResourceDef<z.ZodObject>;

/** Keeps the form's field names checked in `unique` while producing a list-friendly declaration. */
export function defineResource<Form extends z.ZodObject>(def: ResourceDef<Form>): AnyResourceDef {
  return def as unknown as AnyResourceDef;
}

/** Conditions every query of this resource gets: live rows, and the caller's tenant for tenant tables. */
export function scopeOf(def: AnyResourceDef, p: Principal): SQL {
  const live = eq(def.table.isDeleted, 0);
  if (def.scope === 'global' || !def.table.tenantId) return live;
  return and(live, eq(def.table.tenantId, p.tenantId))!;
}

/** `scopeOf` narrowed by the caller's data scopes and the resource's row scope: what this caller may read or change. */
export async function accessScope(db: Db, def: AnyResourceDef, p: Principal): Promise<SQL> {
  const base = scopeOf(def, p);
  const byData =
    def.dataScope && def.scope === 'tenant' ? await dataScopeCondition(db, def.name, def.dataScope, p) : undefined;
  const byRow = def.rowScope ? await def.rowScope(db, p) : undefined;
  return byData || byRow ? and(base, byData, byRow)! : base;
}

/** The declared filters' conditions for a query (keys not declared are never looked at). */
export function filterConditions(def: AnyResourceDef, query: Record<string, unknown>): (SQL | undefined)[] {
  return Object.entries(def.filters).map(([k, f]) => f.where(query[k]));
}

export function orderOf(def: AnyResourceDef, ascs?: string, descs?: string): SQL[] {
  const pick = (list: string | undefined, dir: typeof asc) =>
    (list ?? '')
      .split(',')
      .map(camelKey)
      .flatMap((k) => (Object.hasOwn(def.sorts, k) ? [dir(def.sorts[k]!)] : []));
  const order = [...pick(ascs, asc), ...pick(descs, desc)];
  return order.length ? [...order, desc(def.table.id)] : def.defaultSort;
}

async function assertUnique(
  db: Db,
  def: AnyResourceDef,
  p: Principal,
  values: Record<string, unknown>,
  exceptId?: string,
): Promise<void> {
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

type DbError = { code?: string; constraint?: string; cause?: DbError };

/** A unique index caught what the pre-check raced with: same answer as the pre-check. */
export function mapUniqueViolation(def: AnyResourceDef, e: unknown): never {
  // drizzle wraps the driver's error in `cause`.
  const err = (e as DbError).code ? (e as DbError) : ((e as DbError).cause ?? {});
  const byIndex = err.constraint ? def.constraintMessages?.[err.constraint] : undefined;
  const message = byIndex ?? def.unique?.[0]?.message;
  if (err.code === '23505' && message) throw badRequest(message);
  throw e;
}

/**
 * Mounts list|page (and any extra lists), detail, remove and submit for a declared resource, with permissions,
 * tenancy, declared filters and sorts, validation, soft delete, audit columns, hooks and the presenter applied
 * (ARCHITECTURE §5).
 */
export function mountResource(app: FastifyInstance, ctx: CrudContext, def: AnyResourceDef): void {
  const perm = crudPermissions(def.name);
  const writeOpts = { superuserOnly: def.scope === 'global' || Boolean(def.superuserOnly) };
  const readOpts = { superuserOnly: Boolean(def.superuserOnly) };
  const filterShape = Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema]));
  const listQuery = pageQuerySchema.extend(filterShape);
  const updateForm = def.form.partial().extend({ id: idSchema });
  const { db, secrets, files } = ctx;
  if (def.dataScope) registerDataScoped(def.name, def.dataScope);

  for (const list of [{ path: def.listPath ?? 'list' }, ...(def.extraLists ?? [])]) mountList(list);

  function load(rows: object[], hookCtx: HookContext): Promise<Record<string, unknown>[]> | Record<string, unknown>[] {
    const plain = rows as Record<string, unknown>[];
    return def.hooks?.afterLoad ? def.hooks.afterLoad(plain, hookCtx) : plain;
  }

  /** One paged list: scope, the list's own condition (if any), then the declared filters. */
  function mountList(list: ExtraList): void {
    app.get(
      `${def.basePath}/${list.path}`,
      {
        config: { access: access.permission(perm.view, readOpts) },
        schema: { querystring: listQuery.extend(list.required ?? {}) },
      },
      async (req) => {
        const principal = principalOf(req);
        const q = req.query as PageQuery & Record<string, unknown>;
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
          db.select({ n: count() }).from(def.table).where(where),
        ]);
        const loaded = await load(rows, { db, principal, scope });
        return ok(localeOf(req), toPage(loaded.map(def.present), total?.n ?? 0, q.current, q.size));
      },
    );
  }

  app.get(
    `${def.basePath}/detail`,
    { config: { access: access.permission(perm.view, readOpts) }, schema: { querystring: z.object({ id: idSchema }) } },
    async (req) => {
      const { id } = req.query as { id: string };
      const principal = principalOf(req);
      const scope = await accessScope(db, def, principal);
      const [row] = await db
        .select()
        .from(def.table)
        .where(and(scope, eq(def.table.id, id)));
      if (!row) throw notFound();
      const [loaded] = await load([row], { db, principal, scope });
      return ok(localeOf(req), def.present(loaded!));
    },
  );

  app.post(
    `${def.basePath}/remove`,
    {
      config: { access: access.permission(perm.delete, writeOpts) },
      schema: { querystring: z.object({ ids: idListSchema }) },
    },
    async (req) => {
      const principal = principalOf(req);
      const scope = await accessScope(db, def, principal);
      const ids = [...new Set((req.query as { ids: string[] }).ids)];
      const rows = await db.transaction(async (tx) => {
        // Ids outside the caller's scope (another tenant's, removed, unknown) answer 404 before any rule looks at
        // them, so that no refusal ever tells that someone else's row exists.
        const reachable = await tx
          .select({ id: def.table.id })
          .from(def.table)
          .where(and(scope, inArray(def.table.id, ids)));
        if (reachable.length !== ids.length) throw notFound();
        await def.hooks?.beforeRemove?.({ db: tx, principal, scope, ids, secrets, files, locale: localeOf(req) });
        const removed = await tx
          .update(def.table)
          .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() } as never)
          .where(and(scope, inArray(def.table.id, ids)))
          .returning();
        // All or nothing: one id that is not the caller's to delete cancels the whole request.
        if (removed.length !== ids.length) throw notFound();
        return removed as Record<string, unknown>[];
      });
      await def.hooks?.afterRemove?.({
        db,
        principal,
        scope,
        ids,
        secrets,
        files,
        locale: localeOf(req),
        rows,
        log: req.log,
      });
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  async function respond(req: FastifyRequest, p: Principal, saved: object) {
    const [loaded] = await load([saved as Record<string, unknown>], {
      db,
      principal: p,
      scope: scopeOf(def, p),
    });
    return ok(localeOf(req), def.present(loaded!));
  }

  app.post(
    `${def.basePath}/submit`,
    { config: { access: access.permission([perm.add, perm.edit], writeOpts) } },
    async (req) => {
      const p = principalOf(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const saved =
        body.id === undefined || body.id === null || body.id === ''
          ? await insert(req, p, body)
          : await update(req, p, body);
      return respond(req, p, saved);
    },
  );

  if (def.updatePath) {
    app.post(
      `${def.basePath}/${def.updatePath}`,
      { config: { access: access.permission(perm.edit, writeOpts) } },
      async (req) => {
        const p = principalOf(req);
        return respond(req, p, await update(req, p, (req.body ?? {}) as Record<string, unknown>));
      },
    );
  }

  async function insert(req: FastifyRequest, p: Principal, body: Record<string, unknown>): Promise<object> {
    await requirePermission(req, perm.add);
    const values = def.form.parse(body) as Record<string, unknown>;
    try {
      return await db.transaction(async (tx) => {
        await def.hooks?.beforeSave?.({
          db: tx,
          principal: p,
          scope: scopeOf(def, p),
          values,
          secrets,
          files,
          locale: localeOf(req),
        });
        await assertUnique(tx, def, p, values);
        const now = new Date();
        const row = {
          ...values,
          id: newId(),
          ...(def.scope === 'tenant' ? { tenantId: p.tenantId } : {}),
          createUser: p.userId,
          createDept: p.deptId,
          createTime: now,
          updateUser: p.userId,
          updateTime: now,
        };
        const [saved] = await tx
          .insert(def.table)
          .values(row as never)
          .returning();
        await def.hooks?.afterSave?.({
          db: tx,
          principal: p,
          scope: scopeOf(def, p),
          secrets,
          files,
          locale: localeOf(req),
          values,
          row: saved as Record<string, unknown>,
        });
        return saved as object;
      });
    } catch (e) {
      mapUniqueViolation(def, e);
    }
  }

  async function update(req: FastifyRequest, p: Principal, body: Record<string, unknown>): Promise<object> {
    await requirePermission(req, perm.edit);
    const { id, ...values } = updateForm.parse(body) as Record<string, unknown> & { id: string };
    const scope = await accessScope(db, def, p);
    try {
      return await db.transaction(async (tx) => {
        if (def.hooks?.beforeSave || def.hooks?.afterSave) {
          // Hooks judge the row as it will be, so they see what is stored as well as what was sent.
          const [existing] = await tx
            .select()
            .from(def.table)
            .where(and(scope, eq(def.table.id, id)));
          if (!existing) throw notFound();
          await def.hooks.beforeSave?.({
            db: tx,
            principal: p,
            scope,
            values,
            existing,
            secrets,
            files,
            locale: localeOf(req),
          });
        }
        await assertUnique(tx, def, p, values, id);
        const [saved] = await tx
          .update(def.table)
          .set({ ...values, updateUser: p.userId, updateTime: new Date() } as never)
          .where(and(scope, eq(def.table.id, id)))
          .returning();
        if (!saved) throw notFound();
        await def.hooks?.afterSave?.({
          db: tx,
          principal: p,
          scope,
          secrets,
          files,
          locale: localeOf(req),
          values,
          row: saved as Record<string, unknown>,
        });
        return saved as object;
      });
    } catch (e) {
      mapUniqueViolation(def, e);
    }
  }
}
