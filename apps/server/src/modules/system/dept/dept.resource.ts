import { deptFormSchema, deptSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { dept } from '../../../db/schema/index.ts';
import { deptHooks } from './dept.hooks.ts';

/** 部门管理: the CRUD half; trees and lazy lists are in dept.routes.ts. */
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
  hooks: deptHooks,
  present: presenter(deptSchema),
});
