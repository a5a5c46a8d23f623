import type { deptFormSchema } from '@shixun/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { type dept, user } from '../../../db/schema/index.ts';

/** Parents, ancestors and children are the tree's (dept.resource.ts); a dept with members stays. */
export const deptHooks: ResourceHooks<typeof deptFormSchema, typeof dept.$inferSelect> = {
  async beforeSave({ values, existing }) {
    if (!existing && !values.fullName) values.fullName = values.deptName;
  },

  async beforeRemove({ db, ids }) {
    const [members] = await db
      .select({ n: count() })
      .from(user)
      .where(and(inArray(user.deptId, ids), eq(user.isDeleted, 0)));
    if ((members?.n ?? 0) > 0) throw badRequest('dept.inUse');
  },
};
