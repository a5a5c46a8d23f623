import { auditSchema, type CrudResource, idSchema, shareFields, shareFormFields } from '@shixun/contracts';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import { lessonPlanPolicy } from './lesson-plan.policy.ts';
import { lessonPlan } from './lesson-plan.tables.ts';

// A real module's schemas live in packages/contracts, and its resource names in CRUD_RESOURCES there.
export const lessonPlanFormSchema = z.object({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.tooLong' }),
  body: z.string().max(20000, { error: 'validation.tooLong' }).optional(),
  isPublic: z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' }).optional(),
});
const lessonPlanSchema = auditSchema.extend({
  title: z.string(),
  body: z.string(),
  isPublic: z.number(),
  sourceId: z.string(),
  access: z.string(),
  ownerName: z.string(),
});

/** 教案 (`/api/jd/pc/lesson_plan`): the owner's, shared and public plans; the policy decides who reads and changes. */
export const lessonPlanResource = defineResource({
  name: 'lesson_plan' as CrudResource,
  basePath: '/api/jd/pc/lesson_plan',
  table: lessonPlan,
  scope: 'tenant',
  ...lessonPlanPolicy.policy,
  form: lessonPlanFormSchema,
  filters: { title: filter.like(lessonPlan.title), isPublic: filter.eqInt(lessonPlan.isPublic) },
  sorts: { title: lessonPlan.title, updateTime: lessonPlan.updateTime },
  defaultSort: [desc(lessonPlan.updateTime), desc(lessonPlan.id)],
  extraLists: lessonPlanPolicy.lists({
    public: 'publicLib_page',
    mine: 'my_lesson_plan_list',
    shared: 'shared_lesson_plan_list',
  }),
  hooks: lessonPlanPolicy.hooks(),
  present: presenter(lessonPlanSchema),
});

/** 教案共享: only a plan's owner sees and changes its shares. */
export const lessonPlanPermissionResource = lessonPlanPolicy.shareResource({
  name: 'lesson_plan_permission' as CrudResource,
  basePath: '/api/jd/pc/lesson_plan_permission',
  form: z.object({ planId: idSchema, ...shareFormFields }),
  schema: auditSchema.extend({ planId: z.string(), ...shareFields }),
  targetKey: 'planId',
});
