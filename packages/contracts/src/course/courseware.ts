// 课件 (courseware): a stored file (documents, slides, video, audio), rich text or a link on a topic, with the rule
// that makes it complete for a student, and a version (quoting by reference pins a version of its source).
import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

export const COURSEWARE_KINDS = ['file', 'richtext', 'link'] as const;
export type CoursewareKind = (typeof COURSEWARE_KINDS)[number];

/**
 * When a student has completed a courseware: `opened` it; read or watched `share` per cent of it (value 1–100);
 * spent `time` seconds on it (value); passed its topic's `paper` (value: the pass mark in per cent, 0 = the paper's).
 */
export const COMPLETION_KINDS = ['opened', 'share', 'time', 'paper'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

export const completionRuleSchema = z
  .object({
    kind: z.enum(COMPLETION_KINDS, { error: 'courseware.completion.invalid' }),
    value: z.coerce
      .number({ error: 'courseware.completion.invalid' })
      .int({ error: 'courseware.completion.invalid' })
      .min(0, { error: 'courseware.completion.invalid' })
      .max(86_400, { error: 'courseware.completion.invalid' })
      .default(0),
  })
  .refine((r) => r.kind !== 'share' || (r.value >= 1 && r.value <= 100), { error: 'courseware.completion.share' })
  .refine((r) => r.kind !== 'time' || r.value >= 1, { error: 'courseware.completion.time' })
  .refine((r) => r.kind !== 'paper' || r.value <= 100, { error: 'courseware.completion.invalid' });
export type CompletionRule = z.infer<typeof completionRuleSchema>;

export const coursewareFormSchema = z.object({
  courseSubId: idSchema,
  name: z
    .string({ error: 'courseware.name.required' })
    .trim()
    .min(1, { error: 'courseware.name.required' })
    .max(100, { error: 'validation.tooLong' }),
  kind: z.enum(COURSEWARE_KINDS, { error: 'courseware.kind.invalid' }),
  /** kind file: an attachment of the tenant (its link and kind are read from it). */
  attachId: idSchema.optional(),
  /** kind link: an http(s) address. */
  link: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
  /** kind richtext: the text (sanitised on the server); for other kinds, notes shown beside it. */
  content: z.string().max(200_000, { error: 'validation.tooLong' }).optional(),
  /** A video's or recording's length in seconds (the player reports it); 0 = unknown or not timed. */
  duration: z.coerce
    .number({ error: 'courseware.duration.invalid' })
    .int({ error: 'courseware.duration.invalid' })
    .min(0, { error: 'courseware.duration.invalid' })
    .max(86_400, { error: 'courseware.duration.invalid' })
    .optional(),
  completion: completionRuleSchema.optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0).optional(),
});
export type CoursewareForm = z.infer<typeof coursewareFormSchema>;

export const coursewareSchema = auditSchema.extend({
  tenantId: z.string(),
  courseId: z.string(),
  courseSubId: z.string(),
  name: z.string(),
  kind: z.enum(COURSEWARE_KINDS),
  attachId: z.string(),
  link: z.string(),
  /** kind file: the stored file's kind decided from its bytes (pdf, mp4, pptx …); else ''. */
  extension: z.string(),
  originalName: z.string(),
  fileSize: z.number(),
  content: z.string(),
  duration: z.number(),
  completion: z.object({ kind: z.enum(COMPLETION_KINDS), value: z.number() }),
  sort: z.number(),
  /** Raised by each change of what students see (file, link, text). */
  version: z.number(),
  /** The courseware this one was quoted from, else "0", and the version then taken. */
  sourceId: z.string(),
  sourceVersion: z.number(),
});
export type Courseware = z.infer<typeof coursewareSchema>;
