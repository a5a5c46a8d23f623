import type { FlagKind, FlagNode, Locale, TreeNode } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { defineTree, type TreeTable, treeRows } from '../../../core/crud/tree.ts';
import type { Db } from '../../../core/db/client.ts';
import { flag } from '../../../db/schema/index.ts';

export type FlagRow = typeof flag.$inferSelect;

/** The node's title in the caller's language: its English name where one is kept. */
export function flagTitle(row: FlagRow, locale: Locale): string {
  return locale === 'en' && row.enName ? row.enName : row.name;
}

/** A node carries the row's own fields beside the common ones (FlagNode). */
export function flagNodeFields(row: FlagRow): Omit<FlagNode, keyof TreeNode> {
  return {
    kind: row.kind as FlagKind,
    name: row.name,
    enName: row.enName,
    code: row.code,
    sort: row.sort,
    status: row.status,
  };
}

/** The five classification trees as one table: a node's kind is its tree. */
export const flagTree: TreeTable = defineTree<FlagRow>({
  table: flag,
  key: flag.id,
  parent: flag.parentId,
  sort: flag.sort,
  title: flagTitle,
  node: flagNodeFields,
});

/** Live nodes of one tree of the tenant, in sibling order. */
export function kindRows(db: Db, tenantId: string, kind: FlagKind): Promise<FlagRow[]> {
  return treeRows(
    db,
    flagTree,
    and(eq(flag.tenantId, tenantId), eq(flag.kind, kind), eq(flag.isDeleted, 0)),
  ) as Promise<FlagRow[]>;
}

/** A live node of the tenant, or undefined. */
export async function liveFlag(db: Db, tenantId: string, id: string): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(flag)
    .where(and(eq(flag.id, id), eq(flag.tenantId, tenantId), eq(flag.isDeleted, 0)));
  return row;
}
