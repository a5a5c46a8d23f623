import { apiScopeFormSchema, apiScopeSchema, dataScopeFormSchema, dataScopeSchema } from '@shixun/contracts';
import { asc, desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { scopeApi, scopeData } from '../../../db/schema/index.ts';
import { apiScopeHooks, dataScopeHooks } from './scope.hooks.ts';

/** 数据权限 and 接口权限: each tenant's rules, hung under the menus they belong to, granted to roles. */
export const scopeResources = [
  defineResource({
    name: 'data_scope',
    basePath: '/api/blade-system/data-scope',
    table: scopeData,
    scope: 'tenant',
    form: dataScopeFormSchema,
    filters: {
      menuId: filter.eqId(scopeData.menuId),
      resourceCode: filter.like(scopeData.resourceCode),
      scopeName: filter.like(scopeData.scopeName),
      scopeType: filter.eqInt(scopeData.scopeType),
    },
    sorts: { scopeName: scopeData.scopeName, resourceCode: scopeData.resourceCode, createTime: scopeData.createTime },
    defaultSort: [asc(scopeData.resourceCode), desc(scopeData.createTime), desc(scopeData.id)],
    hooks: dataScopeHooks,
    present: presenter(dataScopeSchema),
  }),
  defineResource({
    name: 'api_scope',
    basePath: '/api/blade-system/api-scope',
    table: scopeApi,
    scope: 'tenant',
    form: apiScopeFormSchema,
    filters: {
      menuId: filter.eqId(scopeApi.menuId),
      resourceCode: filter.like(scopeApi.resourceCode),
      scopeName: filter.like(scopeApi.scopeName),
      scopePath: filter.like(scopeApi.scopePath),
    },
    sorts: { scopeName: scopeApi.scopeName, scopePath: scopeApi.scopePath, createTime: scopeApi.createTime },
    defaultSort: [asc(scopeApi.scopePath), desc(scopeApi.id)],
    hooks: apiScopeHooks,
    present: presenter(apiScopeSchema),
  }),
];
