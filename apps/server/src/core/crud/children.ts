import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { columnName } from './tree.ts';

/**
 * Rows a resource owns, declared once (ARCHITECTURE §5): validated with the parent's form, written in the parent's
 * transaction after it, and returned with it. Two kinds:
 * - `ids`: links to other rows, sent as a list of ids (`user.roleIds` → sys_user_role, a package's `menuIds`);
 * - `rows`: rows of their own with their own form (a question's options, a paper's questions): sent as a list in
 *   order; an item that carries the id of one of this parent's rows updates it, one without an id is added, and the
 *   parent's rows left out are removed.
 * A field that is not sent leaves the children as they are (partial updates never blank anything).
 */
export type ChildDecl = IdLinks | OwnedRows;

export interface IdLinks {
  kind: 'ids';
  /** The form field, e.g. `roleIds`. */
  field: string;
  table: PgTable;
  /** The link's column pointing at the parent. */
  parent: PgColumn;
  /** The link's column holding each id. */
  value: PgColumn;
  /** The ids' schema (an idSchema list with its own messages), unless the resource's form declares the field. */
  schema?: z.ZodType<string[]>;
  /** Which of these linked ids still lead to a live row (a removed role's links are not shown). */
  live?: (db: Db, ids: string[]) => Promise<Set<string>>;
}

/** `live` for links to rows the factory removes softly (is_deleted): the ids whose row is still there. */
export function liveIn(table: PgTable & { id: PgColumn; isDeleted: PgColumn }): NonNullable<IdLinks['live']> {
  return async (db, ids) => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.isDeleted, 0)));
    return new Set(rows.map((r) => r.id as string));
  };
}

export interface OwnedRows {
  kind: 'rows';
  field: string;
  table: PgTable & { id: PgColumn };
  parent: PgColumn;
  /** Position among the parent's rows (0, 1, 2 …), set from the list order. */
  order: PgColumn;
  /** One child's form (without id, parent or order). */
  schema: z.ZodObject;
  /** At most this many per parent. */
  max: number;
  /** A child as it is returned (the presenter of its schema). */
  present: (row: object) => unknown;
}

/**
 * The form fields the children add to the resource's form (optional: absent = unchanged), except where the form
 * declares the field itself (e.g. roles a new user must be given).
 */
export function childFields(form: z.ZodObject, children: ChildDecl[]): Record<string, z.ZodType> {
  return Object.fromEntries(
    children
      .filter((c) => !(c.field in form.shape))
      .map((c) => [
        c.field,
        c.kind === 'ids'
          ? (c.schema ?? z.array(z.string().regex(/^\d{1,19}$/))).optional()
          : z
              .array(
                c.schema.extend({
                  id: z
                    .string()
                    .regex(/^\d{1,19}$/)
                    .optional(),
                }),
              )
              .max(c.max, { error: 'validation.tooLong' })
              .optional(),
      ]),
  );
}

/** Takes the children out of validated values (they are not columns of the parent), keyed by field. */
export function takeChildren(children: ChildDecl[], values: Record<string, unknown>): Map<ChildDecl, unknown[]> {
  const taken = new Map<ChildDecl, unknown[]>();
  for (const c of children) {
    if (values[c.field] === undefined) continue;
    taken.set(c, values[c.field] as unknown[]);
    delete values[c.field];
  }
  return taken;
}

/** Writes what was sent for each child field of the parent `parentId` (inside the parent's transaction). */
export async function writeChildren(
  db: Db,
  taken: Map<ChildDecl, unknown[]>,
  parentId: string,
  extra: Record<string, unknown>,
): Promise<void> {
  for (const [c, sent] of taken) {
    if (c.kind === 'ids') await writeLinks(db, c, parentId, [...new Set(sent as string[])]);
    else await writeOwned(db, c, parentId, sent as Record<string, unknown>[], extra);
  }
}

async function writeLinks(db: Db, c: IdLinks, parentId: string, ids: string[]): Promise<void> {
  const [parentName, valueName] = [columnName(c.table, c.parent), columnName(c.table, c.value)];
  await db.delete(c.table).where(eq(c.parent, parentId));
  if (ids.length) await db.insert(c.table).values(ids.map((id) => ({ [parentName]: parentId, [valueName]: id })));
}

async function writeOwned(
  db: Db,
  c: OwnedRows,
  parentId: string,
  sent: Record<string, unknown>[],
  extra: Record<string, unknown>,
): Promise<void> {
  const [parentName, orderName] = [columnName(c.table, c.parent), columnName(c.table, c.order)];
  const mine = new Set(
    (await db.select({ id: c.table.id }).from(c.table).where(eq(c.parent, parentId))).map((r) => String(r.id)),
  );
  const kept = sent.map((s) => (typeof s.id === 'string' && mine.has(s.id) ? s.id : undefined));
  await db
    .delete(c.table)
    .where(
      and(eq(c.parent, parentId), notInArray(c.table.id, kept.filter((k): k is string => Boolean(k)).concat('0'))),
    );
  for (const [i, item] of sent.entries()) {
    const { id: _, ...fields } = item;
    const values = { ...fields, [parentName]: parentId, [orderName]: i };
    if (kept[i]) await db.update(c.table).set(values).where(eq(c.table.id, kept[i]));
    else await db.insert(c.table).values({ ...extra, ...values, id: newId() });
  }
}

/** Adds each child field to loaded parents (links as id lists, owned rows presented, in order). */
export async function loadChildren(
  db: Db,
  children: ChildDecl[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0 || children.length === 0) return rows;
  const ids = rows.map((r) => String(r.id));
  const byField = new Map<string, Map<string, unknown[]>>();
  for (const c of children) {
    const grouped = new Map<string, unknown[]>();
    const parentName = columnName(c.table, c.parent);
    if (c.kind === 'ids') {
      const valueName = columnName(c.table, c.value);
      const links = (await db.select().from(c.table).where(inArray(c.parent, ids)).orderBy(asc(c.value))) as Record<
        string,
        unknown
      >[];
      const live = await c.live?.(db, [...new Set(links.map((l) => String(l[valueName])))]);
      for (const l of links) {
        if (live && !live.has(String(l[valueName]))) continue;
        grouped.set(String(l[parentName]), [...(grouped.get(String(l[parentName])) ?? []), String(l[valueName])]);
      }
    } else {
      // Rows of their own may also be removed one by one (soft delete) through their own resource.
      const removable = (c.table as { isDeleted?: PgColumn }).isDeleted;
      const owned = (await db
        .select()
        .from(c.table)
        .where(and(inArray(c.parent, ids), removable ? eq(removable, 0) : undefined))
        .orderBy(asc(c.order), asc(c.table.id))) as Record<string, unknown>[];
      for (const o of owned)
        grouped.set(String(o[parentName]), [...(grouped.get(String(o[parentName])) ?? []), c.present(o)]);
    }
    byField.set(c.field, grouped);
  }
  return rows.map((r) => ({
    ...r,
    ...Object.fromEntries(children.map((c) => [c.field, byField.get(c.field)?.get(String(r.id)) ?? []])),
  }));
}
