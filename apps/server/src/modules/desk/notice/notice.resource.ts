import { noticeFormSchema, noticeSchema } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { notice } from '../../../db/schema/index.ts';
import { noticeHooks } from './notice.hooks.ts';

/** 通知公告: a tenant's notices, newest release first. The popover's feed is in notice.routes.ts. */
export const noticeResource = defineResource({
  name: 'notice',
  basePath: '/api/blade-desk/notice',
  table: notice,
  scope: 'tenant',
  // Who wrote a notice, and for which dept, limits who manages it; the popover's published feed is everyone's.
  dataScope: { dept: notice.createDept, creator: notice.createUser },
  form: noticeFormSchema,
  filters: {
    title: filter.like(notice.title),
    category: filter.eqInt(notice.category),
    releaseTime: filter.dateRange(notice.releaseTime),
  },
  sorts: { releaseTime: notice.releaseTime, title: notice.title, createTime: notice.createTime },
  defaultSort: [desc(notice.releaseTime), desc(notice.id)],
  hooks: noticeHooks,
  present: presenter(noticeSchema),
});
