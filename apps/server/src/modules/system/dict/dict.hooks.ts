import type { dictFormSchema } from '@shixun/contracts';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import type { dict, dictBiz } from '../../../db/schema/index.ts';

export type DictTable = typeof dict | typeof dictBiz;

/** The first live row in scope matching the condition, or undefined. */
async function first(db: Db, table: DictTable, scope: SQL, where: SQL | undefined) {
  const [row] = await db
    .select({ id: table.id, parentId: table.parentId, code: table.code })
    .from(table)
    .where(and(scope, where))
    .limit(1);
  return row;
}

/**
 * The rules of a two-level dictionary (parents with parentId "0", items under them) beyond the tree's (parent in
 * scope, no loops, no orphans: dict.resources.ts), the same for the global and the per-tenant table; `scope` keeps
 * every lookup inside the caller's tenant for dict-biz.
 */
export function dictHooks(table: DictTable): ResourceHooks<typeof dictFormSchema, typeof dict.$inferSelect> {
  return {
    async beforeSave({ db, principal, scope, values, existing }) {
      const id = existing?.id;
      const parentId = values.parentId ?? existing?.parentId ?? '0';
      const notSelf = id ? ne(table.id, id) : undefined;

      if (parentId === '0') {
        const code = values.code ?? existing!.code;
        if (await first(db, table, scope, and(eq(table.parentId, '0'), eq(table.code, code), notSelf))) {
          throw badRequest('dict.code.taken');
        }
        // Items carry their parent's code (that is what `dictionary?code=` finds), so a renamed code moves them too.
        if (id && existing?.parentId === '0' && code !== existing.code) {
          await db
            .update(table)
            .set({ code, updateUser: principal.userId, updateTime: new Date() })
            .where(and(scope, eq(table.parentId, id)));
        }
        return;
      }

      const parent = await first(db, table, scope, eq(table.id, parentId));
      // Two levels only: a dictionary and its items (what parent-list, child-list and dictionary show).
      if (parent?.parentId !== '0') throw badRequest('dict.parent.notTop');
      if (id && existing?.parentId === '0' && (await first(db, table, scope, eq(table.parentId, id)))) {
        throw badRequest('dict.hasChildren');
      }
      values.code = parent.code;
      const dictKey = values.dictKey ?? existing?.dictKey ?? '';
      if (!dictKey) throw badRequest('dict.dictKey.required');
      if (await first(db, table, scope, and(eq(table.parentId, parentId), eq(table.dictKey, dictKey), notSelf))) {
        throw badRequest('dict.dictKey.taken');
      }
    },
  };
}
