import { inArray, or, sql } from 'drizzle-orm';
import type { Policy } from '../../../core/crud/resource.ts';
import { clazz } from '../../../db/schema/index.ts';
import { classScope } from '../class-scope.ts';

/** Who may see a grade or class: administrators all; a teacher only their classes and the grades above them. */
export const clazzPolicy: Policy = {
  async rowScope(db, principal) {
    const scope = await classScope(db, principal);
    if (scope.kind === 'all') return undefined;
    if (scope.classIds.length === 0) return sql`false`;
    const grades = db.selectDistinct({ id: clazz.parentId }).from(clazz).where(inArray(clazz.id, scope.classIds));
    return or(inArray(clazz.id, scope.classIds), inArray(clazz.id, grades));
  },
};
