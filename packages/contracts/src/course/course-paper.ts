// 课程试卷 (course_paper): papers attached to a topic for practice. The paper stays the paper module's; the course
// only points at it.
import { z } from 'zod';
import { auditSchema, idSchema, pageQuerySchema } from '../common.ts';

export const coursePaperFormSchema = z.object({
  courseSubId: idSchema,
  paperId: idSchema,
  sort: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0).optional(),
});
export type CoursePaperForm = z.infer<typeof coursePaperFormSchema>;

export const coursePaperSchema = auditSchema.extend({
  tenantId: z.string(),
  courseId: z.string(),
  courseSubId: z.string(),
  paperId: z.string(),
  sort: z.number(),
  paperTitle: z.string(),
  paperType: z.string(),
  totalScore: z.number(),
});
export type CoursePaper = z.infer<typeof coursePaperSchema>;

/** `POST course_paper/add_batch`: papers the caller may read put on a topic (those already there are left). */
export const coursePaperBatchSchema = z.object({
  courseId: idSchema,
  courseSubId: idSchema,
  paperIds: z
    .array(idSchema, { error: 'coursePaper.papers.required' })
    .min(1, { error: 'coursePaper.papers.required' })
    .max(100, { error: 'validation.tooLong' }),
});
export type CoursePaperBatch = z.infer<typeof coursePaperBatchSchema>;

/** `GET paper/not_relate_page?courseSubId`: the caller's readable papers not yet on this topic (paper list filters). */
export const notRelatePageQuerySchema = pageQuerySchema.extend({
  courseSubId: idSchema,
  title: z.string().max(100).optional(),
  paperType: z.string().max(50).optional(),
});
export type NotRelatePageQuery = z.infer<typeof notRelatePageQuerySchema>;
