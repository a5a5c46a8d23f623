import { roleFormSchema, roleSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { access } from '../../../core/access/guard.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { treeTableOf } from '../../../core/crud/tree-routes.ts';
import { role } from '../../../db/schema/index.ts';
import { roleHooks } from './role.hooks.ts';

/** Role pickers serve the role form too (its 上级角色). */
export const ROLE_READERS = access.permission(['role_view', 'role_add', 'role_edit']);

/**
 * 角色管理: roles nest (上级角色); `tree?tenantId=` is the parent picker (the platform superuser may name another
 * tenant). Grants and `tree-by-id` are in role.routes.ts.
 */
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
  tree: {
    parent: role.parentId,
    sort: role.sort,
    title: (row) => row.roleName,
    // Pickers show the English name in English, and tell the teaching roles apart by their alias.
    node: (row) => ({ titleEn: row.roleNameEn, roleAlias: row.roleAlias }),
    messages: { parent: 'role.parent.invalid', loop: 'role.parent.invalid', hasChildren: 'role.hasChildren' },
    calls: { tree: 'tree', tenantParam: true, readers: ROLE_READERS },
  },
  hooks: roleHooks,
  present: presenter(roleSchema),
});

export const roleTree = treeTableOf(roleResource);
