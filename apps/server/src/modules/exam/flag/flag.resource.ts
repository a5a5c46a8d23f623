import { flagFormSchema, flagSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { flag } from '../../../db/schema/index.ts';
import { flagHooks } from './flag.hooks.ts';

/** 分类管理: nodes of the five classification trees (`/api/exam/pc/flag/...`); the tree calls are in flag.routes.ts. */
export const flagResource = defineResource({
  name: 'flag',
  basePath: '/api/exam/pc/flag',
  table: flag,
  scope: 'tenant',
  form: flagFormSchema,
  filters: {
    kind: filter.eqString(flag.kind),
    parentId: filter.eqId(flag.parentId),
    name: filter.like(flag.name),
    code: filter.eqString(flag.code),
  },
  sorts: { sort: flag.sort, name: flag.name, createTime: flag.createTime },
  defaultSort: [asc(flag.kind), asc(flag.parentId), asc(flag.sort), asc(flag.id)],
  hooks: flagHooks,
  present: presenter(flagSchema),
});
