import { paramFormSchema, paramSchema, postFormSchema, postSchema } from '@shixun/contracts';
import { asc, desc } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import { param, post } from '../../db/schema/index.ts';

/** Plain CRUD resources of /api/blade-system: declared once, mounted by the factory. */
export const systemResources = [
  defineResource({
    name: 'param',
    basePath: '/api/blade-system/param',
    table: param,
    scope: 'global',
    form: paramFormSchema,
    filters: { paramName: filter.like(param.paramName, param.paramNameEn), paramKey: filter.like(param.paramKey) },
    sorts: {
      paramName: param.paramName,
      paramKey: param.paramKey,
      createTime: param.createTime,
      updateTime: param.updateTime,
    },
    defaultSort: [desc(param.createTime), desc(param.id)],
    unique: [{ fields: ['paramKey'], message: 'param.paramKey.taken' }],
    present: presenter(paramSchema),
  }),
  defineResource({
    name: 'post',
    basePath: '/api/blade-system/post',
    table: post,
    scope: 'tenant',
    dataScope: { dept: post.createDept, creator: post.createUser },
    form: postFormSchema,
    filters: {
      postCode: filter.like(post.postCode),
      postName: filter.like(post.postName),
      category: filter.eqInt(post.category),
    },
    sorts: { sort: post.sort, postCode: post.postCode, postName: post.postName, createTime: post.createTime },
    defaultSort: [asc(post.sort), desc(post.createTime), desc(post.id)],
    unique: [{ fields: ['postCode'], message: 'post.postCode.taken' }],
    present: presenter(postSchema),
  }),
];
