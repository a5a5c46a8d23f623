// 课程知识点 (course_sub): a course's topic tree — chapters, sections, points, any depth, in order — each linked to
// knowledge points (知识点 flags) so study, exams and practical results meet by knowledge point, and each with a
// prerequisite switch (free order, or locked until the topic before it is complete).
import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { switchSchema } from '../paper/paper.ts';

export const courseSubFormSchema = z.object({
  courseId: idSchema,
  /** "0" for a chapter (a root), else the topic above it in the same course. */
  parentId: idSchema.optional(),
  name: z
    .string({ error: 'course.topic.name.required' })
    .trim()
    .min(1, { error: 'course.topic.name.required' })
    .max(100, { error: 'validation.tooLong' }),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  /** Knowledge points (flag ids of the tenant). */
  flagIds: z.array(idSchema).max(50, { error: 'validation.tooLong' }).optional(),
  /** 1 = locked until the topic before it (in course order) is complete. */
  locked: switchSchema.optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0).optional(),
});
export type CourseSubForm = z.infer<typeof courseSubFormSchema>;

export const courseSubSchema = auditSchema.extend({
  tenantId: z.string(),
  courseId: z.string(),
  parentId: z.string(),
  name: z.string(),
  remark: z.string(),
  flagIds: z.array(z.string()),
  locked: z.number(),
  sort: z.number(),
});
export type CourseSub = z.infer<typeof courseSubSchema>;
