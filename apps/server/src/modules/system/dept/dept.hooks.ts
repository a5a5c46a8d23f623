import { and, count, eq, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { dept, user } from '../../../db/schema/index.ts';

/**
 * Keeps `ancestors` ("0,<root>,…,<parent>") true on every insert and move — the dept-and-children data scope and
 * the tree queries read it — and refuses parents that would make a cycle.
 */
export const deptHooks: ResourceHooks = {
  async beforeSave({ db, scope, values, existing }) {
    const parentId = (values.parentId as string | undefined) ?? (existing?.parentId as string | undefined) ?? '0';
    let ancestors = '0';
    if (parentId !== '0') {
      const [parent] = await db
        .select({ id: dept.id, ancestors: dept.ancestors })
        .from(dept)
        .where(and(scope, eq(dept.id, parentId)));
      const selfId = existing?.id as string | undefined;
      if (!parent || (selfId && (parent.id === selfId || `,${parent.ancestors},`.includes(`,${selfId},`)))) {
        throw badRequest('dept.parent.invalid');
      }
      ancestors = `${parent.ancestors},${parent.id}`;
    }
    values.parentId = parentId;
    values.ancestors = ancestors;
    if (!existing && !values.fullName) values.fullName = values.deptName;

    if (existing && existing.ancestors !== ancestors) {
      // Moving a dept moves its whole subtree: rewrite the descendants' ancestor prefix in one statement.
      const oldPrefix = `${existing.ancestors},${existing.id}`;
      const newPrefix = `${ancestors},${existing.id}`;
      await db
        .update(dept)
        .set({ ancestors: sql`${newPrefix}::text || substring(${dept.ancestors} from ${oldPrefix.length + 1}::int)` })
        .where(and(scope, or(eq(dept.ancestors, oldPrefix), like(dept.ancestors, `${oldPrefix},%`))));
    }
  },

  async beforeRemove({ db, scope, ids }) {
    const [children] = await db
      .select({ n: count() })
      .from(dept)
      .where(and(scope, inArray(dept.parentId, ids), notInArray(dept.id, ids)));
    if ((children?.n ?? 0) > 0) throw badRequest('dept.hasChildren');
    const [members] = await db
      .select({ n: count() })
      .from(user)
      .where(and(inArray(user.deptId, ids), eq(user.isDeleted, 0)));
    if ((members?.n ?? 0) > 0) throw badRequest('dept.inUse');
  },
};
