import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { clazz } from '../../../db/schema/index.ts';
import type { FlagUsage } from '../flag/flag.usage.ts';

/** A class uses a node of the direction tree as its 专业方向. */
export const classDirectionUsage: FlagUsage = {
  label: { zh: '班级', en: 'Class' },
  kinds: ['direction'],
  async find(db: Db, tenantId: string, flagIds: string[]) {
    const rows = await db
      .select({ flagId: clazz.directionId, title: clazz.name })
      .from(clazz)
      .where(and(eq(clazz.tenantId, tenantId), eq(clazz.isDeleted, 0), inArray(clazz.directionId, flagIds)))
      .limit(50);
    return rows.map((r) => ({ flagId: r.flagId!, title: r.title }));
  },
};
