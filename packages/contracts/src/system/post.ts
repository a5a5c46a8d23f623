import { z } from 'zod';
import { auditSchema, remarkSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 岗位 (post): a job position inside a tenant, e.g. 教务主任. */
export const postFormSchema = z.object({
  category: z.coerce
    .number({ error: 'post.category.required' })
    .int()
    .min(1)
    .max(99, { error: 'post.category.required' }),
  postCode: required('post.postCode.required')
    .max(50, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'post.postCode.format' }),
  postName: required('post.postName.required').max(100, { error: 'validation.tooLong' }),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: remarkSchema.optional(),
});
export type PostForm = z.infer<typeof postFormSchema>;

export const postSchema = auditSchema.extend({
  tenantId: z.string(),
  category: z.number(),
  postCode: z.string(),
  postName: z.string(),
  sort: z.number(),
  remark: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** `post/select`: what a user form offers. */
export const postOptionSchema = postSchema.pick({ id: true, postCode: true, postName: true, category: true });
export type PostOption = z.infer<typeof postOptionSchema>;
