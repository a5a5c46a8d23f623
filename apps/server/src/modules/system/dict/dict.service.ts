import type { DictOption } from '@shixun/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { scopeOf } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { dictVariants } from './dict.resources.ts';

/** The options of one dictionary: its live, unsealed items by sort ([] for an unknown code). */
export function dictionaryOptions(
  db: Db,
  p: Principal,
  { table, def }: (typeof dictVariants)[number],
  code: string,
): Promise<DictOption[]> {
  return db
    .select({
      id: table.id,
      parentId: table.parentId,
      code: table.code,
      dictKey: table.dictKey,
      dictValue: table.dictValue,
      dictValueEn: table.dictValueEn,
      sort: table.sort,
    })
    .from(table)
    .where(and(scopeOf(def, p), eq(table.code, code), ne(table.parentId, '0'), eq(table.isSealed, 0)))
    .orderBy(asc(table.sort), asc(table.id));
}
