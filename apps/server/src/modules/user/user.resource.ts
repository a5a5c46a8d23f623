import { USER_STATUS_PENDING, userFormSchema, userSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Filter, filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import { role, user, userRole } from '../../db/schema/index.ts';
import { userHooks } from './user.hooks.ts';

/**
 * `status=1|0`, or `status=pending`: accounts awaiting approval — disabled and without any role, which is how a
 * guest registration arrives (an account an administrator makes always has a role).
 */
const statusFilter: Filter = {
  schema: z.union([z.literal(USER_STATUS_PENDING), z.coerce.number().int()]).optional(),
  where: (v) => {
    if (typeof v === 'number') return eq(user.status, v);
    if (v !== USER_STATUS_PENDING) return undefined;
    return and(eq(user.status, 0), sql`not exists (select 1 from ${userRole} where ${userRole.userId} = ${user.id})`);
  },
};

/**
 * 用户管理 (`/api/blade-user/page|detail|submit|update|remove`); grants, passwords and profile are in
 * user.routes.ts, platforms, guest registration and Excel beside it.
 */
export const userResource = defineResource({
  name: 'user',
  basePath: '/api/blade-user',
  listPath: 'page',
  updatePath: 'update',
  table: user,
  scope: 'tenant',
  dataScope: { dept: user.deptId, creator: user.createUser },
  form: userFormSchema,
  filters: {
    account: filter.like(user.account),
    realName: filter.like(user.realName),
    name: filter.like(user.name),
    phone: filter.like(user.phone),
    deptId: filter.eqId(user.deptId),
    status: statusFilter,
  },
  sorts: { account: user.account, realName: user.realName, createTime: user.createTime },
  defaultSort: [desc(user.createTime), desc(user.id)],
  unique: [{ fields: ['account'], message: 'user.account.taken' }],
  constraintMessages: { sys_user_account_uq: 'user.account.taken' },
  // A user's roles are links (sys_user_role); a removed role's link is not shown.
  children: [
    {
      kind: 'ids',
      field: 'roleIds',
      table: userRole,
      parent: userRole.userId,
      value: userRole.roleId,
      live: async (db, ids) =>
        new Set(
          (
            await db
              .select({ id: role.id })
              .from(role)
              .where(and(inArray(role.id, ids), eq(role.isDeleted, 0)))
          ).map((r) => r.id),
        ),
    },
  ],
  hooks: userHooks,
  present: presenter(userSchema),
});
