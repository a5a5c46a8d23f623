import { clazzFormSchema, clazzSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { clazz } from '../../../db/schema/index.ts';
import { clazzHooks } from './clazz.hooks.ts';
import { clazzPolicy } from './clazz.policy.ts';

/**
 * 班级管理 (`/api/exam/pc/clazz/page|detail|submit|remove`): grades and classes of the tenant's schools. A teacher
 * sees only their classes and the grades above them; the tree calls are in clazz.routes.ts.
 */
export const clazzResource = defineResource({
  name: 'clazz',
  basePath: '/api/exam/pc/clazz',
  listPath: 'page',
  table: clazz,
  scope: 'tenant',
  ...clazzPolicy,
  form: clazzFormSchema,
  filters: {
    schoolId: filter.eqId(clazz.schoolId),
    parentId: filter.eqId(clazz.parentId),
    category: filter.eqInt(clazz.category),
    name: filter.like(clazz.name),
    enrolmentYear: filter.eqInt(clazz.enrolmentYear),
    headTeacherId: filter.eqId(clazz.headTeacherId),
  },
  sorts: { sort: clazz.sort, name: clazz.name, enrolmentYear: clazz.enrolmentYear, createTime: clazz.createTime },
  // Grades first, then each grade's classes together.
  defaultSort: [asc(clazz.category), asc(clazz.parentId), asc(clazz.sort), asc(clazz.name), asc(clazz.id)],
  // Grades are roots, classes hang under a grade of their own school (the category rules are clazz.hooks.ts').
  tree: {
    parent: clazz.parentId,
    partition: [clazz.schoolId],
    title: (row) => row.name,
    messages: {
      parent: 'clazz.grade.invalid',
      loop: 'clazz.grade.invalid',
      hasChildren: 'clazz.hasClasses',
      partitionFixed: 'clazz.school.fixed',
    },
  },
  hooks: clazzHooks,
  present: presenter(clazzSchema),
});
