import { schoolFormSchema, schoolSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { school } from '../../../db/schema/index.ts';
import { schoolHooks } from './school.hooks.ts';

/** 学校管理 (`/api/exam/pc/school/list|detail|submit|remove`). */
export const schoolResource = defineResource({
  name: 'school',
  basePath: '/api/exam/pc/school',
  listPath: 'list',
  table: school,
  scope: 'tenant',
  form: schoolFormSchema,
  filters: {
    name: filter.like(school.name),
    code: filter.like(school.code),
    status: filter.eqInt(school.status),
  },
  sorts: { sort: school.sort, name: school.name, code: school.code, createTime: school.createTime },
  defaultSort: [asc(school.sort), asc(school.id)],
  unique: [{ fields: ['code'], message: 'school.code.taken' }],
  constraintMessages: { exam_school_code_uq: 'school.code.taken' },
  hooks: schoolHooks,
  present: presenter(schoolSchema),
});
