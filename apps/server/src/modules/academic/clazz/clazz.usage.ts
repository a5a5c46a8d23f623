import { and, eq, inArray } from 'drizzle-orm';
import type { Reference } from '../../../core/crud/references.ts';
import { clazz } from '../../../db/schema/index.ts';

/** A class uses a node of the direction tree as its 专业方向. */
export const classUsesFlag: Reference = {
  target: 'flag',
  label: { zh: '班级', en: 'Class' },
  async find(db, tenantId, flagIds) {
    const rows = await db
      .select({ flagId: clazz.directionId, title: clazz.name })
      .from(clazz)
      .where(and(eq(clazz.tenantId, tenantId), eq(clazz.isDeleted, 0), inArray(clazz.directionId, flagIds)))
      .limit(50);
    return rows.map((r) => ({ key: r.flagId!, title: r.title }));
  },
};
