import type { termFormSchema } from '@shixun/contracts';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { school, schoolyear, term } from '../../../db/schema/index.ts';
import { idsIn, namesById } from '../names.ts';
import { assertNoOverlap, datesOf } from '../schoolyear/calendar.rules.ts';

/** Today as `YYYY-MM-DD` in the server's calendar. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * A school with terms always has exactly one current term. When the current one is removed, the term under way
 * today becomes current, else the latest one that has started, else the next to start.
 */
async function ensureCurrentTerm(db: Db, tenantId: string, schoolId: string, leaving: string[] = []): Promise<void> {
  const live = and(
    eq(term.tenantId, tenantId),
    eq(term.schoolId, schoolId),
    eq(term.isDeleted, 0),
    leaving.length ? notInArray(term.id, leaving) : undefined,
  );
  const [current] = await db
    .select({ id: term.id })
    .from(term)
    .where(and(live, eq(term.isCurrent, 1)));
  if (current) return;
  const now = today();
  const [pick] = await db
    .select({ id: term.id })
    .from(term)
    .where(live)
    .orderBy(
      sql`case when ${term.startDate} <= ${now} then 0 else 1 end`,
      sql`case when ${term.startDate} <= ${now} then ${term.startDate} end desc nulls last`,
      asc(term.startDate),
    )
    .limit(1);
  if (pick) await db.update(term).set({ isCurrent: 1 }).where(eq(term.id, pick.id));
}

/** The schools these terms belong to. */
async function schoolsOf(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.selectDistinct({ schoolId: term.schoolId }).from(term).where(inArray(term.id, ids));
  return rows.map((r) => r.schoolId);
}

export const termHooks: ResourceHooks<typeof termFormSchema, typeof term.$inferSelect> = {
  async beforeSave({ db, principal, values, existing, next }) {
    const yearId = next.schoolyearId;
    const [year] = await db
      .select()
      .from(schoolyear)
      .where(and(eq(schoolyear.id, yearId), eq(schoolyear.tenantId, principal.tenantId), eq(schoolyear.isDeleted, 0)));
    if (!year) throw badRequest('schoolyear.invalid');
    values.schoolId = year.schoolId;
    const { start, end } = datesOf(values, existing);
    if (start < year.startDate || end > year.endDate)
      throw badRequest('term.outsideYear', { name: year.name, start: year.startDate, end: year.endDate });
    const exceptId = existing?.id;
    await assertNoOverlap(db, term, { tenantId: principal.tenantId, schoolId: year.schoolId, start, end, exceptId });

    if (values.isCurrent === 1) {
      // Setting one current clears the other (a unique index keeps it to one).
      await db
        .update(term)
        .set({ isCurrent: 0 })
        .where(
          and(eq(term.schoolId, year.schoolId), eq(term.isCurrent, 1), exceptId ? ne(term.id, exceptId) : undefined),
        );
    } else if (values.isCurrent === 0 && existing?.isCurrent === 1) {
      throw badRequest('term.current.required');
    } else if (!existing) {
      // A school's first term is its current one.
      const [current] = await db
        .select({ id: term.id })
        .from(term)
        .where(and(eq(term.schoolId, year.schoolId), eq(term.isCurrent, 1), eq(term.isDeleted, 0)));
      values.isCurrent = current ? 0 : 1;
    }
  },

  async beforeRemove({ db, principal, ids }) {
    // Removed terms stop being current first, so another can become current (one per school).
    await db
      .update(term)
      .set({ isCurrent: 0 })
      .where(and(eq(term.tenantId, principal.tenantId), inArray(term.id, ids)));
    for (const schoolId of await schoolsOf(db, ids)) await ensureCurrentTerm(db, principal.tenantId, schoolId, ids);
  },

  async afterLoad(rows, { db }) {
    const [schools, years] = await Promise.all([
      namesById(db, school, school.name, idsIn(rows, 'schoolId')),
      namesById(db, schoolyear, schoolyear.name, idsIn(rows, 'schoolyearId')),
    ]);
    return rows.map((r) => ({
      ...r,
      schoolName: schools.get(r.schoolId) ?? '',
      schoolyearName: years.get(r.schoolyearId) ?? '',
    }));
  },
};
