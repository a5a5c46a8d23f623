import type { FlagKind } from '@shixun/contracts';
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { assertUnreferenced } from '../../../core/crud/references.ts';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { flag } from '../../../db/schema/index.ts';
import { descendants, kindRows, liveFlag, nextSort } from './flag.tree.ts';

/** No live sibling under the parent has this name. */
export async function assertNameFree(
  db: Db,
  tenantId: string,
  node: { kind: string; parentId: string; name: string },
  exceptId?: string,
): Promise<void> {
  const [twin] = await db
    .select({ id: flag.id })
    .from(flag)
    .where(
      and(
        eq(flag.tenantId, tenantId),
        eq(flag.kind, node.kind),
        eq(flag.parentId, node.parentId),
        eq(flag.name, node.name),
        eq(flag.isDeleted, 0),
        exceptId ? ne(flag.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (twin) throw badRequest('flag.name.taken');
}

/** The parent exists in the same tree, and a node never moves under itself or below itself. */
export async function assertParent(db: Db, tenantId: string, kind: string, parentId: string, nodeId?: string) {
  if (parentId === '0') return;
  const parent = await liveFlag(db, tenantId, parentId);
  if (!parent || parent.kind !== kind) throw badRequest('flag.parent.invalid');
  if (
    nodeId &&
    (parentId === nodeId || descendants(await kindRows(db, tenantId, kind as FlagKind), nodeId).has(parentId))
  )
    throw badRequest('flag.parent.loop');
}

export const flagHooks: ResourceHooks = {
  async beforeSave({ db, principal, values, existing }) {
    const tenantId = principal.tenantId;
    if (existing && values.kind !== undefined && values.kind !== existing.kind) throw badRequest('flag.kind.fixed');
    const row = { ...existing, ...values } as { kind: string; parentId?: string; name: string; code?: string };
    const parentId = row.parentId ?? '0';
    values.parentId = parentId;
    await assertParent(db, tenantId, row.kind, parentId, existing?.id as string | undefined);
    await assertNameFree(
      db,
      tenantId,
      { kind: row.kind, parentId, name: row.name },
      existing?.id as string | undefined,
    );
    if (values.code) {
      const [taken] = await db
        .select({ id: flag.id })
        .from(flag)
        .where(
          and(
            eq(flag.tenantId, tenantId),
            eq(flag.kind, row.kind),
            eq(flag.code, values.code as string),
            eq(flag.isDeleted, 0),
            existing ? ne(flag.id, existing.id as string) : undefined,
          ),
        );
      if (taken) throw badRequest('flag.code.taken');
    }
    if (!existing && values.sort === undefined) values.sort = await nextSort(db, tenantId, row.kind, parentId);
  },

  /**
   * A node with children, or one something points at, stays: the refusal names it and where it is used. Removing
   * a node together with all its children in one request is fine.
   */
  async beforeRemove({ db, principal, ids, locale }) {
    const rows = await db
      .select()
      .from(flag)
      .where(and(eq(flag.tenantId, principal.tenantId), eq(flag.isDeleted, 0), inArray(flag.id, ids)));
    const [child] = await db
      .select({ parentId: flag.parentId })
      .from(flag)
      .where(and(eq(flag.isDeleted, 0), inArray(flag.parentId, ids), notInArray(flag.id, ids)))
      .limit(1);
    if (child) {
      const parent = rows.find((r) => r.id === child.parentId);
      throw badRequest('flag.hasChildren', { name: parent?.name ?? '' });
    }
    await assertUnreferenced(
      db,
      { locale, tenantId: principal.tenantId },
      'flag',
      rows.map((r) => ({ key: r.id, name: r.name })),
      'flag.inUse',
    );
  },
};
