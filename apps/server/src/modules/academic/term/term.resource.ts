import { termFormSchema, termSchema } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { term } from '../../../db/schema/index.ts';
import { termHooks } from './term.hooks.ts';

/** 学期管理 (`/api/exam/pc/term/page|detail|submit|remove`; `all` in calendar.routes.ts). */
export const termResource = defineResource({
  name: 'term',
  basePath: '/api/exam/pc/term',
  listPath: 'page',
  table: term,
  scope: 'tenant',
  form: termFormSchema,
  filters: {
    schoolId: filter.eqId(term.schoolId),
    schoolyearId: filter.eqId(term.schoolyearId),
    name: filter.like(term.name),
    isCurrent: filter.eqInt(term.isCurrent),
  },
  sorts: { startDate: term.startDate, name: term.name, createTime: term.createTime },
  defaultSort: [desc(term.startDate), desc(term.id)],
  hooks: termHooks,
  present: presenter(termSchema),
});
