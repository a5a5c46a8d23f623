import type { Locale, MessageKey, TreeNode } from '@shixun/contracts';
import { and, asc, eq, exists, inArray, like, max, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';

/**
 * One tree shape for every table that nests rows (ARCHITECTURE §3, §5): departments, menus, dictionaries,
 * classification flags, grades and classes, regions — and paper titles, course topics and composite questions. A
 * node is `{id, parentId, title, key, value, hasChildren, children}`; roots hang under `root` ("0").
 */
export interface TreeTable<R = Row> {
  table: PgTable;
  /** What a node is known by: `id` for most, `code` for regions. */
  key: PgColumn;
  parent: PgColumn;
  /** Sibling order (then the key). */
  sort?: PgColumn;
  /** The parent value of a root (default "0"). */
  root?: string;
  /** The node's title in the caller's language. */
  title(row: R, locale: Locale): string;
  /** Fields a node carries beside the common ones (e.g. a flag's kind and code). */
  node?(row: R, locale: Locale): object;
}

/** The write rules the resource factory applies to a tree resource (its key is the id). */
export interface TreeRules {
  /** Columns a node shares with its parent (a flag's `kind`): a parent that differs is refused. */
  partition?: PgColumn[];
  /** `"0,<root>,…,<parent>"`, kept through inserts and moves of whole subtrees. */
  ancestors?: PgColumn;
  /** A column unique among siblings (a flag's name). */
  siblingUnique?: { column: PgColumn; message: MessageKey };
  messages: {
    /** The parent is unknown, out of scope, or of another partition. */
    parent: MessageKey;
    /** The row would move under itself or below itself. */
    loop: MessageKey;
    /** The row has children that are not removed with it. */
    hasChildren: MessageKey;
    /** An update would move the row to another partition (default: `parent`). */
    partitionFixed?: MessageKey;
  };
}

export type Row = Record<string, unknown>;

/** Keeps the row type of `title`/`node` checked where a tree is declared, and erases it for the code that walks it. */
export function defineTree<R>(tree: TreeTable<R>): TreeTable {
  return tree as unknown as TreeTable;
}

/** The JS property name of a column of a drizzle table (rows are keyed by it). */
export function columnName(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of this table`);
  return entry[0];
}

const keyOf = (t: TreeTable, r: Row) => String(r[columnName(t.table, t.key)]);
const parentOf = (t: TreeTable, r: Row) => String(r[columnName(t.table, t.parent)]);

/** Assemble flat nodes into a forest by parentId; nodes whose parent is absent become roots. */
export function buildForest<T extends { id: string; parentId: string; children?: T[]; hasChildren?: boolean }>(
  rows: T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const row of rows) {
    const parent = byId.get(row.parentId);
    if (parent && parent !== row) {
      parent.children ??= [];
      parent.children.push(row);
      parent.hasChildren = true;
    } else {
      roots.push(row);
    }
  }
  return roots;
}

/** Rows as a forest of picker nodes; `fields` gives each its title (and English title) and anything else it needs. */
export function treeNodes<T extends { id: string; parentId: string }, F extends Pick<TreeNode, 'title' | 'titleEn'>>(
  rows: T[],
  fields: (row: T) => F,
): (TreeNode & F)[] {
  return buildForest(
    rows.map((r) => ({ id: r.id, parentId: r.parentId, key: r.id, value: r.id, hasChildren: false, ...fields(r) })),
  );
}

/** Keys of every row below `key` (not the row itself), from rows of one tree. */
export function descendantKeys(t: TreeTable, rows: Row[], key: string): Set<string> {
  const below = new Set<string>();
  let frontier = new Set([key]);
  while (frontier.size) {
    const next = rows
      .map((r) => [keyOf(t, r), parentOf(t, r)] as const)
      .filter(([k, p]) => frontier.has(p) && !below.has(k));
    frontier = new Set(next.map(([k]) => k));
    for (const k of frontier) below.add(k);
  }
  return below;
}

/** The chain from the root down to the row with `key` (that row last), from rows of one tree. */
export function ancestry<R extends Row>(t: TreeTable, rows: R[], key: string): R[] {
  const byKey = new Map(rows.map((r) => [keyOf(t, r), r]));
  const chain: R[] = [];
  for (let row = byKey.get(key); row && chain.length <= rows.length; row = byKey.get(parentOf(t, row)))
    chain.unshift(row);
  return chain;
}

/** A row as a tree node (without children). */
export function toNode(t: TreeTable, row: Row, locale: Locale, hasChildren = false): TreeNode {
  const key = keyOf(t, row);
  return {
    ...t.node?.(row, locale),
    id: key,
    parentId: parentOf(t, row),
    title: t.title(row, locale),
    key,
    value: key,
    hasChildren,
  };
}

/** The rows `where` selects, in sibling order. */
export async function treeRows(db: Db, t: TreeTable, where: SQL | undefined): Promise<Row[]> {
  return (await db
    .select()
    .from(t.table)
    .where(where)
    .orderBy(...(t.sort ? [asc(t.sort)] : []), asc(t.key))) as Row[];
}

/** Rows of one tree as a nested forest of nodes; `below` keeps to the subtree under that key. */
export function forestOf(t: TreeTable, rows: Row[], locale: Locale, below?: string): TreeNode[] {
  const wanted = below !== undefined && below !== (t.root ?? '0') ? descendantKeys(t, rows, below) : undefined;
  const nodes = rows.filter((r) => !wanted || wanted.has(keyOf(t, r))).map((r) => toNode(t, r, locale));
  const roots = buildForest(nodes);
  return wanted ? roots.filter((n) => n.parentId === below) : roots;
}

/** One level: the rows under `parentKey` that `where` selects, each with whether rows that `live` keeps hang below. */
export async function level(
  db: Db,
  t: TreeTable,
  where: SQL | undefined,
  parentKey: string,
  live?: (child: Record<string, PgColumn>) => SQL | undefined,
): Promise<{ row: Row; hasChildren: boolean }[]> {
  const child = alias(t.table, 'tree_child') as unknown as PgTable;
  const childColumns = child as unknown as Record<string, PgColumn>;
  const below = db
    .select({ one: sql`1` })
    .from(child)
    .where(and(eq(childColumns[columnName(t.table, t.parent)]!, t.key), live?.(childColumns)));
  const rows = await db
    .select({ row: t.table as never, hasChildren: sql<boolean>`${exists(below)}` })
    .from(t.table)
    .where(and(where, eq(t.parent, parentKey)))
    .orderBy(...(t.sort ? [asc(t.sort)] : []), asc(t.key));
  return (rows as { row: Row; hasChildren: unknown }[]).map((r) => ({
    row: r.row,
    hasChildren: Boolean(r.hasChildren),
  }));
}

/**
 * Refuses removing rows that still have children within `scope` that are not removed in the same request (a whole
 * subtree may go at once): nothing is left without its parent. The refusal names that parent (`{name}`).
 */
export async function assertNoOrphans(
  db: Db,
  t: TreeTable,
  scope: SQL,
  keys: string[],
  message: MessageKey,
  locale: Locale,
): Promise<void> {
  const [orphan] = await db
    .select({ parent: t.parent })
    .from(t.table)
    .where(and(scope, inArray(t.parent, keys), notInArray(t.key, keys)))
    .limit(1);
  if (!orphan) return;
  const [parent] = (await db.select().from(t.table).where(eq(t.key, orphan.parent))) as Row[];
  throw badRequest(message, { name: parent ? t.title(parent, locale) : '' });
}

/** These keys and the keys of everything below them within `scope` (removing a whole subtree). */
export async function withSubtrees(db: Db, t: TreeTable, scope: SQL, keys: string[]): Promise<string[]> {
  const found = new Set(keys);
  let frontier = keys;
  while (frontier.length) {
    const rows = await db
      .select({ key: t.key })
      .from(t.table)
      .where(and(scope, inArray(t.parent, frontier)));
    frontier = rows.map((r) => String(r.key)).filter((k) => !found.has(k));
    for (const k of frontier) found.add(k);
  }
  return [...found];
}

/** Conditions keeping a query to the row's partition (a flag's kind). */
export function partitionOf(t: TreeTable, rules: Pick<TreeRules, 'partition'>, row: Row): SQL[] {
  return (rules.partition ?? []).map((c) => eq(c, row[columnName(t.table, c)]));
}

/** The sort a row added last under this parent gets. */
export async function nextSort(db: Db, t: TreeTable, siblings: SQL | undefined, parentKey: string): Promise<number> {
  if (!t.sort) return 0;
  const [row] = await db
    .select({ n: max(t.sort) })
    .from(t.table)
    .where(and(siblings, eq(t.parent, parentKey)));
  return Number(row?.n ?? 0) + 1;
}

/**
 * The write rules of a tree resource, run inside the write's transaction before the resource's own hooks: the parent
 * must be a row in the caller's scope and partition, never the row itself or below it; `ancestors` follows, for the
 * row and its whole subtree; the name is free among the new siblings; a new row without a sort goes last.
 */
export async function applyTreeRules(
  db: Db,
  t: TreeTable,
  rules: TreeRules,
  ctx: { scope: SQL; values: Row; existing?: Row },
): Promise<void> {
  const { scope, values, existing } = ctx;
  const root = t.root ?? '0';
  const parentName = columnName(t.table, t.parent);
  const parentKey = String(values[parentName] ?? existing?.[parentName] ?? root);
  values[parentName] = parentKey;
  const selfKey = existing ? keyOf(t, existing) : undefined;
  const merged: Row = { ...existing, ...values };
  for (const column of rules.partition ?? []) {
    const name = columnName(t.table, column);
    if (existing && values[name] !== undefined && values[name] !== existing[name])
      throw badRequest(rules.messages.partitionFixed ?? rules.messages.parent);
  }
  const family = and(scope, ...partitionOf(t, rules, merged));

  let parent: Row | undefined;
  if (parentKey !== root) {
    [parent] = (await db
      .select()
      .from(t.table)
      .where(and(family, eq(t.key, parentKey)))) as Row[];
    if (!parent) throw badRequest(rules.messages.parent);
    if (selfKey && (parentKey === selfKey || (await isBelow(db, t, rules, scope, parent, selfKey))))
      throw badRequest(rules.messages.loop);
  }

  if (rules.ancestors) {
    const name = columnName(t.table, rules.ancestors);
    const ancestors = parent ? `${parent[name]},${parentKey}` : root;
    values[name] = ancestors;
    if (existing && existing[name] !== ancestors) {
      // Moving a row moves its whole subtree: rewrite the descendants' prefix in one statement.
      const [oldPrefix, newPrefix] = [`${existing[name]},${selfKey}`, `${ancestors},${selfKey}`];
      await db
        .update(t.table)
        .set({ [name]: sql`${newPrefix}::text || substring(${rules.ancestors} from ${oldPrefix.length + 1}::int)` })
        .where(and(scope, or(eq(rules.ancestors, oldPrefix), like(rules.ancestors, `${oldPrefix},%`))));
    }
  }

  if (rules.siblingUnique) {
    const { column, message } = rules.siblingUnique;
    const [twin] = await db
      .select({ key: t.key })
      .from(t.table)
      .where(
        and(
          family,
          eq(t.parent, parentKey),
          eq(column, merged[columnName(t.table, column)]),
          selfKey ? ne(t.key, selfKey) : undefined,
        ),
      )
      .limit(1);
    if (twin) throw badRequest(message);
  }

  if (t.sort && !existing && values[columnName(t.table, t.sort)] === undefined) {
    values[columnName(t.table, t.sort)] = await nextSort(db, t, family, parentKey);
  }
}

/** True when `candidate` lies below the row `self` (so it cannot become self's parent). */
async function isBelow(db: Db, t: TreeTable, rules: TreeRules, scope: SQL, candidate: Row, self: string) {
  if (rules.ancestors) return `,${candidate[columnName(t.table, rules.ancestors)]},`.includes(`,${self},`);
  return (await withSubtrees(db, t, scope, [self])).includes(keyOf(t, candidate));
}

/**
 * Puts the row `key` under `parentKey` at position `index` among its new siblings (0 = first), renumbering their
 * sort 1…n. The caller has checked the parent (applyTreeRules through an update does).
 */
export async function placeAmongSiblings(
  db: Db,
  t: TreeTable & { sort: PgColumn },
  family: SQL,
  row: Row,
  parentKey: string,
  index: number,
): Promise<void> {
  const key = keyOf(t, row);
  const siblings = (await treeRows(db, t, and(family, eq(t.parent, parentKey), ne(t.key, key)))) as Row[];
  siblings.splice(Math.min(Math.max(index, 0), siblings.length), 0, row);
  const sortName = columnName(t.table, t.sort);
  for (const [i, r] of siblings.entries()) {
    const changed = r[sortName] !== i + 1 || keyOf(t, r) === key;
    if (!changed) continue;
    await db
      .update(t.table)
      .set({ [sortName]: i + 1, ...(keyOf(t, r) === key ? { [columnName(t.table, t.parent)]: parentKey } : {}) })
      .where(and(family, eq(t.key, keyOf(t, r))));
  }
}

/** The row's position among its current siblings, for a move one step up or down. */
export async function siblingIndex(
  db: Db,
  t: TreeTable,
  family: SQL,
  row: Row,
): Promise<{ index: number; count: number }> {
  const siblings = await treeRows(db, t, and(family, eq(t.parent, parentOf(t, row))));
  return { index: siblings.findIndex((r) => keyOf(t, r) === keyOf(t, row)), count: siblings.length };
}
