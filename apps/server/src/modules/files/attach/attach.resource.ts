import { attachFormSchema, attachSchema } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { attach } from '../../../db/schema/index.ts';
import { attachHooks } from './attach.hooks.ts';

/** 附件管理: every file the tenant stored, newest first. Rows are made by put-file; only the name is editable. */
export const attachResource = defineResource({
  name: 'attach',
  basePath: '/api/blade-resource/attach',
  table: attach,
  scope: 'tenant',
  form: attachFormSchema,
  filters: {
    originalName: filter.like(attach.originalName),
    extension: filter.eqString(attach.extension),
    category: filter.eqString(attach.category),
    createTime: filter.dateRange(attach.createTime),
  },
  sorts: {
    originalName: attach.originalName,
    attachSize: attach.attachSize,
    createTime: attach.createTime,
  },
  defaultSort: [desc(attach.createTime), desc(attach.id)],
  hooks: attachHooks,
  present: presenter(attachSchema),
});
