import type { schoolFormSchema } from '@shixun/contracts';
import { translate } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { clazz, region, type school, schoolyear } from '../../../db/schema/index.ts';
import { idsIn } from '../names.ts';

/** A region's names from the province down: 浙江省 杭州市 西湖区. */
function regionPath(r: typeof region.$inferSelect): string {
  const names = [r.provinceName, r.cityName, r.districtName, r.townName, r.villageName].filter(Boolean);
  return names.length ? names.join(' ') : r.name;
}

export const schoolHooks: ResourceHooks<typeof schoolFormSchema, typeof school.$inferSelect> = {
  async beforeSave({ db, values }) {
    const code = values.regionCode;
    if (typeof code !== 'string' || code === '') return;
    const [hit] = await db.select({ code: region.code }).from(region).where(eq(region.code, code));
    if (!hit) throw badRequest('school.region.invalid');
  },

  /** A school with school years or classes keeps them: they are removed first, on purpose. */
  async beforeRemove({ db, principal, ids, locale }) {
    for (const [table, what] of [
      [clazz, 'clazz.what.classes'],
      [schoolyear, 'school.what.schoolyears'],
    ] as const) {
      const [hit] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.tenantId, principal.tenantId), eq(table.isDeleted, 0), inArray(table.schoolId, ids)))
        .limit(1);
      if (hit) throw badRequest('school.inUse', { what: translate(locale, what) });
    }
  },

  async afterLoad(rows, { db }) {
    const codes = idsIn(rows, 'regionCode');
    const regions = codes.length ? await db.select().from(region).where(inArray(region.code, codes)) : [];
    const byCode = new Map(regions.map((r) => [r.code, regionPath(r)]));
    return rows.map((r) => ({ ...r, regionName: byCode.get(r.regionCode) ?? '' }));
  },
};
