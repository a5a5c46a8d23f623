import { schoolyearFormSchema, schoolyearSchema } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource } from '../../../core/crud/resource.ts';
import { schoolyear } from '../../../db/schema/index.ts';
import { schoolyearHooks } from './schoolyear.hooks.ts';

/** 学年管理 (`/api/exam/pc/schoolyear/page|detail|submit|remove`; `all` in calendar.routes.ts). */
export const schoolyearResource = defineResource({
  name: 'schoolyear',
  basePath: '/api/exam/pc/schoolyear',
  listPath: 'page',
  table: schoolyear,
  scope: 'tenant',
  form: schoolyearFormSchema,
  filters: {
    schoolId: filter.eqId(schoolyear.schoolId),
    name: filter.like(schoolyear.name),
  },
  sorts: { startDate: schoolyear.startDate, name: schoolyear.name, createTime: schoolyear.createTime },
  defaultSort: [desc(schoolyear.startDate), desc(schoolyear.id)],
  hooks: schoolyearHooks,
  present: presenter(schoolyearSchema),
});
