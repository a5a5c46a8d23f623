import type { allQuerySchema } from '@shixun/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../../core/access/principal.ts';
import { type AnyResourceDef, scopeOf } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import type { schoolyear, term } from '../../../db/schema/index.ts';

/** A dated calendar resource (school years, terms) and its table. */
export interface Calendar {
  def: AnyResourceDef;
  table: typeof schoolyear | typeof term;
}

/** Every row of the tenant (of one school with `schoolId`), by start date, loaded as the resource loads them. */
export async function calendarRows(db: Db, p: Principal, { def, table }: Calendar, q: z.infer<typeof allQuerySchema>) {
  const scope = scopeOf(def, p);
  const order = q.isAsc === 'false' || q.isAsc === '0' ? desc : asc;
  const rows = await db
    .select()
    .from(table)
    .where(and(scope, q.schoolId ? eq(table.schoolId, q.schoolId) : undefined))
    .orderBy(order(table.startDate), order(table.id));
  return (await def.hooks?.afterLoad?.(rows, { db, principal: p, scope })) ?? rows;
}
