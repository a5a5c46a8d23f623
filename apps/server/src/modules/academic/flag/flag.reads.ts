import type { FlagKind } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { flag } from '../../../db/schema/index.ts';
import { namesById } from '../names.ts';

// The classification trees as the question bank and assignments read them: questions and results carry node ids,
// the nodes themselves are 教务's.

/** The tenant's live knowledge points as id, parent and name, for naming them by path. */
export function knowledgeNodes(db: Db, tenantId: string): Promise<{ id: string; parentId: string; name: string }[]> {
  return db
    .select({ id: flag.id, parentId: flag.parentId, name: flag.name })
    .from(flag)
    .where(and(eq(flag.tenantId, tenantId), eq(flag.kind, 'knowledge'), eq(flag.isDeleted, 0)));
}

/**
 * The node and every live node below it (knowledge point "公差" reaches "基本偏差"). No tenant is asked: other
 * tenants' nodes never hang below a tenant's own.
 */
export async function knowledgeSubtreeIds(db: Db, id: string): Promise<string[]> {
  const found = [id];
  // A level at a time: trees are a few levels deep.
  for (let level = [id]; level.length; ) {
    const below = await db
      .select({ id: flag.id })
      .from(flag)
      .where(and(inArray(flag.parentId, level), eq(flag.isDeleted, 0)));
    level = below.map((r) => r.id).filter((x) => !found.includes(x));
    found.push(...level);
  }
  return found;
}

/** Of these ids, those of live nodes of the tenant (any tree, or the `kind` tree only). */
export async function liveFlagIds(db: Db, tenantId: string, ids: string[], kind?: FlagKind): Promise<string[]> {
  const rows = await db
    .select({ id: flag.id })
    .from(flag)
    .where(
      and(
        eq(flag.tenantId, tenantId),
        eq(flag.isDeleted, 0),
        inArray(flag.id, ids),
        kind ? eq(flag.kind, kind) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** id → name of these nodes, removed ones included: a result or a wrong answer still names the point it was filed under. */
export function flagNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  return namesById(db, flag, flag.name, [...new Set(ids)]);
}
