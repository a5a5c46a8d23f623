import { z } from 'zod';
import { auditSchema } from '../common.ts';

/** 通知公告 add/edit form. `content` is rich text; the server sanitises it before storing. */
export const noticeFormSchema = z.object({
  title: z
    .string({ error: 'notice.title.required' })
    .trim()
    .min(1, { error: 'notice.title.required' })
    .max(255, { error: 'validation.tooLong' }),
  /** A key of the system dictionary `notice`. */
  category: z.coerce
    .number({ error: 'notice.category.required' })
    .int({ error: 'notice.category.required' })
    .min(1, { error: 'notice.category.required' })
    .max(9999, { error: 'notice.category.required' }),
  releaseTime: z.iso.datetime({ offset: true, error: 'notice.releaseTime.required' }),
  content: z.string().max(200_000, { error: 'validation.tooLong' }).optional(),
});
export type NoticeForm = z.infer<typeof noticeFormSchema>;

export const noticeSchema = auditSchema.extend({
  tenantId: z.string(),
  title: z.string(),
  category: z.number(),
  releaseTime: z.string(),
  content: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A released notice as its reader sees it (`notice/published`): `read` once this user has opened it. */
export const publishedNoticeSchema = noticeSchema.extend({ read: z.boolean() });
export type PublishedNotice = z.infer<typeof publishedNoticeSchema>;
