import { ossFormSchema, ossSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { oss } from '../../../db/schema/index.ts';
import { ossHooks } from './oss.hooks.ts';

/** 对象存储: a tenant's bucket settings. `enable` (oss.routes.ts) picks the one uploads go to. */
export const ossResource = defineResource({
  name: 'oss',
  basePath: '/api/blade-resource/oss',
  table: oss,
  scope: 'tenant',
  form: ossFormSchema,
  filters: { category: filter.eqInt(oss.category), ossCode: filter.like(oss.ossCode) },
  sorts: { ossCode: oss.ossCode, createTime: oss.createTime },
  defaultSort: [asc(oss.ossCode), asc(oss.id)],
  unique: [{ fields: ['ossCode'], message: 'oss.ossCode.taken' }],
  constraintMessages: { resource_oss_code_uq: 'oss.ossCode.taken' },
  hooks: ossHooks,
  present: presenter(ossSchema),
});
