import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { school, type schoolyear, term } from '../../../db/schema/index.ts';

/** Dates of a row as it will be: what was sent over what is stored. */
export function datesOf(values: Record<string, unknown>, existing?: Record<string, unknown>) {
  const start = (values.startDate ?? existing?.startDate) as string;
  const end = (values.endDate ?? existing?.endDate) as string;
  if (end < start) throw badRequest('calendar.order');
  return { start, end };
}

/** The live school of the tenant, or a 400 naming the field. */
export async function assertSchool(db: Db, tenantId: string, schoolId: unknown): Promise<void> {
  if (typeof schoolId !== 'string') return;
  const [hit] = await db
    .select({ id: school.id })
    .from(school)
    .where(and(eq(school.id, schoolId), eq(school.tenantId, tenantId), eq(school.isDeleted, 0)));
  if (!hit) throw badRequest('school.invalid');
}

/**
 * Refuses dates that overlap another live school year (or term) of the same school, naming the one in the way.
 * Ranges are inclusive: a year ending on 31 August and the next starting on 1 September do not overlap.
 */
export async function assertNoOverlap(
  db: Db,
  table: typeof schoolyear | typeof term,
  row: { tenantId: string; schoolId: string; start: string; end: string; exceptId?: string },
): Promise<void> {
  const [clash] = await db
    .select({ name: table.name, start: table.startDate, end: table.endDate })
    .from(table)
    .where(
      and(
        eq(table.tenantId, row.tenantId),
        eq(table.schoolId, row.schoolId),
        eq(table.isDeleted, 0),
        lte(table.startDate, row.end),
        gte(table.endDate, row.start),
        row.exceptId ? ne(table.id, row.exceptId) : undefined,
      ),
    )
    .orderBy(asc(table.startDate))
    .limit(1);
  if (clash) {
    throw badRequest(table === term ? 'term.overlap' : 'schoolyear.overlap', {
      name: clash.name,
      start: clash.start,
      end: clash.end,
    });
  }
}
