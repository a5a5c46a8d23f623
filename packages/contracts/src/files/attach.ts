import { z } from 'zod';
import { auditSchema } from '../common.ts';

/** 附件管理: only the original name may be edited; everything else is what the upload recorded. */
export const attachFormSchema = z.object({
  originalName: z
    .string({ error: 'attach.originalName.required' })
    .trim()
    .min(1, { error: 'attach.originalName.required' })
    .max(255, { error: 'validation.tooLong' })
    .regex(/^[^\\/\p{Cc}]+$/u, { error: 'attach.originalName.format' }),
});
export type AttachForm = z.infer<typeof attachFormSchema>;

export const attachSchema = auditSchema.extend({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  extension: z.string(),
  contentType: z.string(),
  attachSize: z.number(),
  category: z.string(),
  ossId: z.string().nullable(),
  /** The uploader's name, for the list. */
  uploaderName: z.string().optional(),
});
export type Attach = z.infer<typeof attachSchema>;
