import { clientFormSchema, clientSchema } from '@shixun/contracts';
import { asc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { client } from '../../../db/schema/index.ts';
import { clientHooks } from './client.hooks.ts';

/** 应用管理: the applications allowed to call `oauth/token`. Every call is the platform superuser's. */
export const clientResource = defineResource({
  name: 'client',
  basePath: '/api/blade-system/client',
  table: client,
  scope: 'global',
  superuserOnly: true,
  form: clientFormSchema,
  filters: { clientId: filter.like(client.clientId) },
  sorts: { clientId: client.clientId, createTime: client.createTime, updateTime: client.updateTime },
  defaultSort: [asc(client.clientId), asc(client.id)],
  unique: [{ fields: ['clientId'], message: 'client.clientId.taken' }],
  constraintMessages: { sys_client_client_id_uq: 'client.clientId.taken' },
  hooks: clientHooks,
  present: presenter(clientSchema),
});
