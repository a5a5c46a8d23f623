import { userFormSchema, userSchema } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import { user } from '../../db/schema/index.ts';
import { userHooks } from './user.hooks.ts';

/** 用户管理 (`/api/blade-user/page|detail|submit|remove`); grants, passwords and profile are in user.routes.ts. */
export const userResource = defineResource({
  name: 'user',
  basePath: '/api/blade-user',
  listPath: 'page',
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
    status: filter.eqInt(user.status),
  },
  sorts: { account: user.account, realName: user.realName, createTime: user.createTime },
  defaultSort: [desc(user.createTime), desc(user.id)],
  unique: [{ fields: ['account'], message: 'user.account.taken' }],
  constraintMessages: { sys_user_account_uq: 'user.account.taken' },
  hooks: userHooks,
  present: presenter(userSchema),
});
