import { roleFormSchema, roleSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { role } from '../../../db/schema/index.ts';
import { roleHooks } from './role.hooks.ts';

/** 角色管理: the CRUD half; grants and trees are in role.routes.ts. */
export const roleResource = defineResource({
  name: 'role',
  basePath: '/api/blade-system/role',
  table: role,
  scope: 'tenant',
  form: roleFormSchema,
  filters: {
    roleName: filter.like(role.roleName, role.roleNameEn),
    roleAlias: filter.like(role.roleAlias),
    parentId: filter.eqId(role.parentId),
  },
  sorts: { sort: role.sort, roleName: role.roleName, roleAlias: role.roleAlias, createTime: role.createTime },
  defaultSort: [asc(role.sort), asc(role.id)],
  unique: [{ fields: ['roleAlias'], message: 'role.roleAlias.taken' }],
  constraintMessages: { sys_role_alias_uq: 'role.roleAlias.taken' },
  hooks: roleHooks,
  present: presenter(roleSchema),
});
