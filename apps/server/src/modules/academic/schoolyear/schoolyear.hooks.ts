import type { schoolyearFormSchema } from '@shixun/contracts';
import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { school, schoolyear, term } from '../../../db/schema/index.ts';
import { idsIn, namesById } from '../names.ts';
import { assertNoOverlap, assertSchool, datesOf } from './calendar.rules.ts';

export const schoolyearHooks: ResourceHooks<typeof schoolyearFormSchema, typeof schoolyear.$inferSelect> = {
  async beforeSave({ db, principal, values, existing, next }) {
    if (existing && values.schoolId !== undefined && values.schoolId !== existing.schoolId)
      throw badRequest('schoolyear.school.fixed');
    if (!existing) await assertSchool(db, principal.tenantId, values.schoolId);
    const { start, end } = datesOf(values, existing);
    const schoolId = existing?.schoolId ?? next.schoolId;
    await assertNoOverlap(db, schoolyear, {
      tenantId: principal.tenantId,
      schoolId,
      start,
      end,
      exceptId: existing?.id,
    });
    if (!existing) return;
    // Shrinking a year may not leave one of its terms outside it.
    const [outside] = await db
      .select({ id: term.id })
      .from(term)
      .where(
        and(
          eq(term.schoolyearId, existing.id),
          eq(term.isDeleted, 0),
          or(lt(term.startDate, start), gt(term.endDate, end)),
        ),
      )
      .limit(1);
    if (outside) throw badRequest('term.outsideYear', { name: values.name ?? existing.name, start, end });
  },

  async beforeRemove({ db, ids }) {
    const [hit] = await db
      .select({ id: term.id })
      .from(term)
      .where(and(inArray(term.schoolyearId, ids), eq(term.isDeleted, 0)))
      .limit(1);
    if (hit) throw badRequest('schoolyear.inUse');
  },

  async afterLoad(rows, { db }) {
    const schools = await namesById(db, school, school.name, idsIn(rows, 'schoolId'));
    return rows.map((r) => ({ ...r, schoolName: schools.get(r.schoolId) ?? '' }));
  },
};
