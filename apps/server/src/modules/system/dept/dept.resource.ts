import { deptFormSchema, deptSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { access } from '../../../core/access/guard.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { dept } from '../../../db/schema/index.ts';
import { deptHooks } from './dept.hooks.ts';

/** 部门管理: a tree whose `ancestors` the dept-and-children data scope reads. */
export const deptResource = defineResource({
  name: 'dept',
  basePath: '/api/blade-system/dept',
  table: dept,
  scope: 'tenant',
  dataScope: { dept: dept.id, creator: dept.createUser },
  form: deptFormSchema,
  filters: {
    deptName: filter.like(dept.deptName),
    fullName: filter.like(dept.fullName),
    parentId: filter.eqId(dept.parentId),
    deptCategory: filter.eqInt(dept.deptCategory),
  },
  sorts: { sort: dept.sort, deptName: dept.deptName, createTime: dept.createTime },
  defaultSort: [asc(dept.sort), asc(dept.id)],
  tree: {
    parent: dept.parentId,
    sort: dept.sort,
    ancestors: dept.ancestors,
    title: (row) => row.deptName,
    messages: { parent: 'dept.parent.invalid', loop: 'dept.parent.invalid', hasChildren: 'dept.hasChildren' },
    calls: {
      lazyList: 'lazy-list',
      tree: 'tree',
      lazyTree: 'lazy-tree',
      tenantParam: true,
      // Dept pickers appear in user forms and the user list's dept filter too, and in custom data scopes.
      readers: access.permission([
        'dept_view',
        'user_view',
        'user_add',
        'user_edit',
        'data_scope_view',
        'data_scope_add',
        'data_scope_edit',
      ]),
    },
  },
  hooks: deptHooks,
  present: presenter(deptSchema),
});
