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

/**
 * A segment of a courseware: seconds (video, audio) or pages (documents) from `start` to `end` — pages half-open like
 * the heartbeat's (pages 3–5 are [2, 5)) — with a label and the
 * knowledge points it teaches (flags of kind knowledge). `start < end`, and `end` within the length when it is known,
 * are checked on the server with the courseware.
 */
export const coursewareSegmentFormSchema = z.object({
  label: z.string({ error: 'courseware.segment.label' }).trim().max(100, { error: 'validation.tooLong' }).default(''),
  start: z.coerce
    .number({ error: 'courseware.segment.range' })
    .int({ error: 'courseware.segment.range' })
    .min(0, { error: 'courseware.segment.range' })
    .max(86_400, { error: 'courseware.segment.range' }),
  end: z.coerce
    .number({ error: 'courseware.segment.range' })
    .int({ error: 'courseware.segment.range' })
    .min(1, { error: 'courseware.segment.range' })
    .max(86_400, { error: 'courseware.segment.range' }),
  flagIds: z.array(idSchema).max(20, { error: 'validation.tooLong' }).default([]),
});
export type CoursewareSegmentForm = z.infer<typeof coursewareSegmentFormSchema>;

export const coursewareSegmentSchema = z.object({
  id: z.string(),
  label: z.string(),
  start: z.number(),
  end: z.number(),
  flagIds: z.array(z.string()),
});
export type CoursewareSegment = z.infer<typeof coursewareSegmentSchema>;

/** Time segments (seconds) for video and audio (by kind, or a length in seconds), page segments for the rest. */
export const TIMED_EXTENSIONS = ['mp4', 'webm', 'mov', 'm4v', 'ogv', 'mp3', 'm4a', 'wav', 'ogg', 'aac', 'flac'];
export function segmentKind(ware: { extension: string; duration: number }): 'time' | 'page' {
  return TIMED_EXTENSIONS.includes(ware.extension.toLowerCase()) || ware.duration > 0 ? 'time' : 'page';
}

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
  /** What changed, kept with the new version when this save raises it (shown to those who quote it). */
  changeNote: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  /** The courseware's segments in order (absent = unchanged). */
  segments: z
    .array(coursewareSegmentFormSchema.extend({ id: idSchema.optional() }))
    .max(50, { error: 'validation.tooLong' })
    .optional(),
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
  /** The source's version this one shows (pinned); 0 = not following (made a local copy, or not quoted). */
  sourceVersion: z.number(),
  /** Quoted and following: the source's current version (> sourceVersion = an update is available); else 0. */
  latestVersion: z.number().default(0),
  /** How many other courses use this courseware (their coursewares were quoted from it). */
  usedBy: z.number().default(0),
  /** The course it is on (library lists name it). */
  courseName: z.string().default(''),
  segments: z.array(coursewareSegmentSchema).default([]),
});
export type Courseware = z.infer<typeof coursewareSchema>;

/** `POST courseware/quote`: a courseware the caller may read put last on a topic of a course they may change. */
export const coursewareQuoteSchema = z.object({ id: idSchema, courseSubId: idSchema });
export type CoursewareQuote = z.infer<typeof coursewareQuoteSchema>;

export const coursewareIdQuerySchema = z.object({ id: idSchema });

/**
 * `POST courseware/follow`: on a quoted courseware, `update` pins the source's current version; `copy` keeps what it
 * shows as its own (no longer following; `sourceId` stays, for the usage count); `keep` changes nothing.
 */
export const COURSEWARE_FOLLOW_ACTIONS = ['update', 'copy', 'keep'] as const;
export const coursewareFollowSchema = z.object({
  id: idSchema,
  action: z.enum(COURSEWARE_FOLLOW_ACTIONS, { error: 'courseware.follow.action' }),
});
export type CoursewareFollow = z.infer<typeof coursewareFollowSchema>;

/** A version of the source newer than the pinned one: what changed and when. */
export interface CoursewareVersionNote {
  version: number;
  changeNote: string;
  createTime: string;
  createUserName: string;
}
export interface CoursewareVersions {
  id: string;
  sourceId: string;
  sourceVersion: number;
  latestVersion: number;
  versions: CoursewareVersionNote[];
}

/** `GET course_study/segments?questionIds=a,b`: up to 100 question ids. */
export const segmentsQuerySchema = z.object({
  questionIds: z
    .string({ error: 'courseware.segment.questions' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^\d{1,19}$/, { error: 'courseware.segment.questions' }))
        .min(1, { error: 'courseware.segment.questions' })
        .max(100, { error: 'courseware.segment.questions' }),
    ),
});

/** A segment that teaches one of a question's knowledge points, in a course the caller studies or reads. */
export interface QuestionSegment {
  questionId: string;
  courseId: string;
  courseName: string;
  topicId: string;
  coursewareId: string;
  coursewareName: string;
  start: number;
  end: number;
  label: string;
  kind: 'time' | 'page';
  /** A student's topic not open yet (the link shows, the page says why). */
  locked: boolean;
}
