import type { FlagKind, FlagNode, Locale } from '@shixun/contracts';
import { and, asc, eq, max } from 'drizzle-orm';
import { buildForest } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { flag } from '../../../db/schema/index.ts';

export type FlagRow = typeof flag.$inferSelect;

/** Live nodes of one tree of the tenant, in sibling order. */
export function kindRows(db: Db, tenantId: string, kind: FlagKind): Promise<FlagRow[]> {
  return db
    .select()
    .from(flag)
    .where(and(eq(flag.tenantId, tenantId), eq(flag.kind, kind), eq(flag.isDeleted, 0)))
    .orderBy(asc(flag.sort), asc(flag.id));
}

/** A live node of the tenant, or undefined. */
export async function liveFlag(db: Db, tenantId: string, id: string): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(flag)
    .where(and(eq(flag.id, id), eq(flag.tenantId, tenantId), eq(flag.isDeleted, 0)));
  return row;
}

/** The node's title in the caller's language: its English name where one is kept. */
export function flagTitle(row: FlagRow, locale: Locale): string {
  return locale === 'en' && row.enName ? row.enName : row.name;
}

export function flagNode(row: FlagRow, locale: Locale): FlagNode {
  return {
    id: row.id,
    parentId: row.parentId,
    title: flagTitle(row, locale),
    key: row.id,
    value: row.id,
    hasChildren: false,
    kind: row.kind as FlagKind,
    name: row.name,
    enName: row.enName,
    code: row.code,
    sort: row.sort,
    status: row.status,
  };
}

/** The tree below `rootId` ("0" = the whole tree), nested. */
export function forestBelow(rows: FlagRow[], rootId: string, locale: Locale): FlagNode[] {
  const wanted = rootId === '0' ? rows : [...descendants(rows, rootId)].map((id) => rows.find((r) => r.id === id)!);
  const roots = buildForest(wanted.map((r) => flagNode(r, locale)));
  return rootId === '0' ? roots : roots.filter((n) => n.parentId === rootId);
}

/** Ids of every node below `id` (not the node itself). */
export function descendants(rows: FlagRow[], id: string): Set<string> {
  const below = new Set<string>();
  let frontier = [id];
  while (frontier.length) {
    const next = rows.filter((r) => frontier.includes(r.parentId) && !below.has(r.id)).map((r) => r.id);
    for (const n of next) below.add(n);
    frontier = next;
  }
  return below;
}

/** The chain from the root down to the node (the node last). */
export function ancestry(rows: FlagRow[], id: string): FlagRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: FlagRow[] = [];
  for (let node = byId.get(id); node && chain.length <= rows.length; node = byId.get(node.parentId))
    chain.unshift(node);
  return chain;
}

/** The sort a node added last under this parent gets. */
export async function nextSort(db: Db, tenantId: string, kind: string, parentId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(flag.sort) })
    .from(flag)
    .where(and(eq(flag.tenantId, tenantId), eq(flag.kind, kind), eq(flag.parentId, parentId), eq(flag.isDeleted, 0)));
  return (row?.n ?? 0) + 1;
}
