import type { CrudResource, Locale, MessageKey } from '@shixun/contracts';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type DataScopeColumns, dataScopeCondition } from '../access/data-scope.ts';
import type { Access } from '../access/guard.ts';
import type { Principal } from '../access/principal.ts';
import type { Db } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { type ChildDecl, loadChildren } from './children.ts';
import { camelKey, type Filter } from './filters.ts';
import type { TreeRules } from './tree.ts';

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

/** A stored row of a resource's table. */
export type RowOf<T extends CrudTable> = T['$inferSelect'];

/**
 * What a save writes: the validated form values (`Partial` on updates), and whatever hooks add for columns the form
 * does not carry (a password's hash, a copied code).
 */
export type SaveValues<Form extends z.ZodObject> = Partial<z.infer<Form>> & Record<string, unknown>;

/**
 * Who may read or change an entity's rows, beside tenancy and data scopes: an entity's `<entity>.policy.ts` declares
 * it and its resource spreads it (`...paperPolicy`), so the factory applies it to every list, detail and write.
 */
export interface Policy {
  /**
   * Rows this caller may reach beyond tenancy and data scopes, e.g. a teacher only the students of their classes.
   * Applied like data scopes (list, detail, edit, remove: a row outside is 404); undefined = no further limit.
   */
  rowScope?(db: Db, principal: Principal): Promise<SQL | undefined>;
  /**
   * Of the rows a caller may read, those they may change (edit, remove, tree moves), e.g. a library shared with
   * them to read only: a readable row outside it is refused with 403 and `refusal`. Undefined = all readable rows.
   */
  writeScope?(db: Db, principal: Principal): Promise<{ where: SQL; refusal: MessageKey } | undefined>;
}

export interface ResourceDef<Form extends z.ZodObject = z.ZodObject, T extends CrudTable = CrudTable> extends Policy {
  /** Permission prefix: `{name}_view|_add|_edit|_delete` (contracts' CRUD_RESOURCES). */
  name: CrudResource;
  /** e.g. `/api/blade-system/param`. */
  basePath: string;
  /** `list` (default) or `page`, as the spec names the paging call. */
  listPath?: 'list' | 'page';
  /** An edit-only call beside `submit` (BladeX's `update`): an id is required, and it is submit's update path. */
  updatePath?: 'update';
  table: T;
  /** Global tables are shared by every tenant and written by the platform superuser only. */
  scope: 'tenant' | 'global';
  /** Reading is the platform superuser's alone too (e.g. the tenants themselves). */
  superuserOnly?: boolean;
  /** Columns data scopes may limit by (tenant tables only); lists, details and writes then keep to the caller's. */
  dataScope?: DataScopeColumns;
  /** Rows written by the system only (snapshots): list and detail are mounted, submit and remove are not. */
  readOnly?: boolean;
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
  /**
   * Lists count at most this many rows (a table of millions: an exact count of a broad filter costs more than the
   * page); past it the page says `totalCapped` and its total is the cap.
   */
  countLimit?: number;
  /** More paged lists beside `list`, each with a fixed condition, e.g. `parent-list` (parentId "0"). */
  extraLists?: ExtraList[];
  /** Rows nest: parent, order, title and the rules every write keeps; the tree calls to mount (tree-routes.ts). */
  tree?: ResourceTree<RowOf<T>>;
  /** Rows the resource owns or links to, written and returned with it (children.ts). */
  children?: ChildDecl[];
  hooks?: ResourceHooks<Form, RowOf<T>>;
  present: (row: object) => unknown;
}

/** A tree resource (ARCHITECTURE §5): its rows nest under `parent` (roots under "0"). */
export interface ResourceTree<Row> extends TreeRules {
  parent: PgColumn;
  sort?: PgColumn;
  title(row: Row, locale: Locale): string;
  /** Fields each node carries beside the common ones. */
  node?(row: Row, locale: Locale): object;
  /** `remove?ids=&cascade=1` also removes everything below the rows (else rows with children are refused). */
  cascade?: boolean;
  /** The tree calls to mount under basePath; each is optional. */
  calls?: TreeCalls;
}

export interface TreeCalls {
  /** Where the calls are mounted, when not under the resource's basePath (a second API family). */
  basePath?: string;
  /** Who may read the tree calls (default: `{name}_view`); pickers often serve other pages' forms too. */
  readers?: Access;
  /** `tree` and `lazy-tree` take `?tenantId=`: the platform superuser may read another tenant's tree (pickers). */
  tenantParam?: boolean;
  /** `GET tree?parentId=`: the whole tree (or the subtree below `parentId`), nested nodes. */
  tree?: string;
  /** `GET lazy-tree?parentId=`: one level of nodes (default the roots), each saying whether it has children. */
  lazyTree?: string;
  /** `GET lazy-list?parentId=&<filters>`: one level of presented rows with `hasChildren`, for tree tables. */
  lazyList?: string;
  /** `POST {path}` body `{id, parentId, index}`: a row dragged under another parent at a position. */
  move?: string;
  /** `POST {up}/{id}` and `POST {down}/{id}`: one step among its siblings. */
  upDown?: { up: string; down: string };
  /**
   * `POST {path}` with `:id` and optionally `:parentId` (default: beside the original) and `:deep` (`1`, the
   * default, copies the whole subtree): a copy, named "… (副本)" / "… (copy)" beside an original of the same name.
   */
  copy?: { path: string; nameColumn: PgColumn; reset?: (row: Record<string, unknown>) => Record<string, unknown> };
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

export interface SaveContext<Form extends z.ZodObject = z.ZodObject, Row = Record<string, unknown>>
  extends HookContext,
    WriteServices {
  /** The validated values about to be written; a hook may change them (e.g. copy a code from a parent row). */
  values: SaveValues<Form>;
  /** The stored row being updated; absent on insert. */
  existing?: Row;
  /**
   * The row as it will be: what is stored with what was sent over it. Every field of the form is there (an insert
   * sends the required ones, an update keeps the stored ones).
   */
  next: z.infer<Form> & Partial<Row>;
  /** Fields added to this write's answer only — e.g. a generated secret, shown this once and never stored. */
  answer: Record<string, unknown>;
}

export interface RemoveContext extends HookContext, WriteServices {
  ids: string[];
}

/**
 * Rules that span fields or rows (a key is unique among siblings, a row in use stays). They run inside the write's
 * transaction, after validation and after the tree rules; throw an AppError (`badRequest`) to refuse.
 */
export interface ResourceHooks<Form extends z.ZodObject = z.ZodObject, Row = Record<string, unknown>> {
  beforeSave?(ctx: SaveContext<Form, Row>): Promise<void>;
  /** After the row (and its children) are written, in the same transaction: for rows of other tables. */
  afterSave?(ctx: SaveContext<Form, Row> & { row: Row }): Promise<void>;
  beforeRemove?(ctx: RemoveContext): Promise<void>;
  /** After the rows are marked removed, in the same transaction: for what depends on them (a paper's total). */
  onRemoved?(ctx: RemoveContext & { rows: Row[] }): Promise<void>;
  /** After the removal is committed: for what lives outside the database (stored files). Must not throw. */
  afterRemove?(ctx: RemoveContext & { rows: Row[]; log: FastifyBaseLogger }): Promise<void>;
  /** Adds what lives in other tables (names) to loaded rows before they are presented. */
  afterLoad?(rows: Row[], ctx: HookContext): Promise<Record<string, unknown>[]>;
}

/** A paged list beside `list`: same filters, sorts, paging and view permission, plus its own condition. */
export interface ExtraList {
  /** e.g. `parent-list`, mounted under the resource's basePath; or a whole path (`/api/…`) for a second family. */
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

/** A declaration with its types erased, for lists of resources. */
export type AnyResourceDef = ResourceDef<z.ZodObject, CrudTable> & {
  hooks?: ResourceHooks<z.ZodObject, Record<string, unknown>>;
  tree?: ResourceTree<Record<string, unknown>>;
};

/** A declared resource that keeps what its presenter answers (a resource's service answers rows of that type). */
export type TypedResource<Presented> = AnyResourceDef & { present: (row: object) => Presented };

/**
 * Keeps the form's fields and the table's row type checked in hooks, and the presented type for its service; lists
 * of resources take it as an AnyResourceDef.
 */
export function defineResource<Form extends z.ZodObject, T extends CrudTable, Presented>(
  def: ResourceDef<Form, T> & { present: (row: object) => Presented },
): TypedResource<Presented> {
  return def as unknown as TypedResource<Presented>;
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

/** Refuses (403) when any of these readable rows is outside the resource's write scope. */
export async function assertWritable(db: Db, def: AnyResourceDef, p: Principal, ids: string[]): Promise<void> {
  const limit = await def.writeScope?.(db, p);
  if (!limit || ids.length === 0) return;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(def.table)
    .where(and(inArray(def.table.id, ids), limit.where));
  if (n !== ids.length) throw forbidden(limit.refusal);
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

/** Rows as the resource returns them: its children added, then its own afterLoad. */
export async function loadRows(
  def: AnyResourceDef,
  rows: object[],
  ctx: HookContext,
): Promise<Record<string, unknown>[]> {
  const withChildren = await loadChildren(ctx.db, def.children ?? [], rows as Record<string, unknown>[]);
  return def.hooks?.afterLoad ? def.hooks.afterLoad(withChildren, ctx) : withChildren;
}
