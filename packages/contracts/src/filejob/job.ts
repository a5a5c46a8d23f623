// 文件作业 (filejob): the template a teacher writes — requirements, files to hand in, limits, late policy — shared
// and published like practical tasks.
import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { FILE_KINDS, type FileExt } from '../files/upload.ts';
import { switchSchema } from '../paper/paper.ts';
import { LIB_ACCESS, shareFields, shareFormFields } from '../question/library.ts';
import { scoreSchema } from '../question/question.ts';

/** What happens to a hand-in after the deadline: refused, accepted and marked late, or accepted with a penalty. */
export const LATE_POLICIES = ['refuse', 'mark', 'penalty'] as const;
export type LatePolicy = (typeof LATE_POLICIES)[number];

/** The kinds a job may allow: the kinds uploads know (decided from a file's bytes, never its name). */
export const FILEJOB_KINDS = Object.keys(FILE_KINDS) as [FileExt, ...FileExt[]];

/** The largest file a job may allow, in MB (a class handing in videos of their work). */
export const FILEJOB_MAX_SIZE_MB = 2048;

const int = (key: 'filejob.maxSize.invalid' | 'filejob.maxFiles.invalid' | 'filejob.penalty.invalid', max: number) =>
  z.coerce.number({ error: key }).int({ error: key }).min(0, { error: key }).max(max, { error: key });

/** A teacher's file of a job (a template, a drawing): an attachment of the tenant, by its link. */
export const filejobFileSchema = z.object({
  name: z.string().trim().min(1, { error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }),
  link: z.string().trim().min(1, { error: 'validation.invalid' }).max(1000, { error: 'validation.tooLong' }),
});

/** The limits and rules a job gives its assignments (frozen into each one when it is assigned). */
export const filejobRulesSchema = z.object({
  /** Kinds students may hand in; empty = any kind uploads accept. */
  allowedKinds: z
    .array(z.enum(FILEJOB_KINDS, { error: 'filejob.kind.invalid' }))
    .max(30, { error: 'validation.tooLong' }),
  /** Per file, in MB. */
  maxSizeMb: int('filejob.maxSize.invalid', FILEJOB_MAX_SIZE_MB).min(1, { error: 'filejob.maxSize.invalid' }),
  /** Files per hand-in. */
  maxFiles: int('filejob.maxFiles.invalid', 20).min(1, { error: 'filejob.maxFiles.invalid' }),
  score: scoreSchema,
  latePolicy: z.enum(LATE_POLICIES, { error: 'filejob.latePolicy.invalid' }),
  /** penalty: per cent of the score taken for each day (or part of one) late. */
  penaltyPercent: int('filejob.penalty.invalid', 100),
  /** penalty: days counted at most (the penalty stops growing after them); 0 = no cap but 100 %. */
  penaltyMaxDays: int('filejob.penalty.invalid', 365),
});
export type FilejobRules = z.infer<typeof filejobRulesSchema>;

/** 文件作业 add/edit form. Every rule has a default (any kind, 50 MB, 5 files, 100 points, marked late). */
export const filejobFormSchema = z.object({
  title: z
    .string({ error: 'filejob.title.required' })
    .trim()
    .min(1, { error: 'filejob.title.required' })
    .max(100, { error: 'validation.tooLong' }),
  /** Rich text (sanitised on the server). */
  requirements: z.string().max(100_000, { error: 'validation.tooLong' }).optional(),
  attachments: z.array(filejobFileSchema).max(20, { error: 'validation.tooLong' }).optional(),
  ...filejobRulesSchema.partial().shape,
  isPublic: switchSchema.optional(),
});
export type FilejobForm = z.infer<typeof filejobFormSchema>;

export const filejobSchema = auditSchema.extend({
  tenantId: z.string(),
  title: z.string(),
  requirements: z.string(),
  attachments: z.array(filejobFileSchema),
  allowedKinds: z.array(z.string()),
  maxSizeMb: z.number(),
  maxFiles: z.number(),
  score: z.number(),
  latePolicy: z.enum(LATE_POLICIES),
  penaltyPercent: z.number(),
  penaltyMaxDays: z.number(),
  isPublic: z.number(),
  /** The job this one was quoted from, else "0". */
  sourceId: z.string(),
  ownerName: z.string(),
  /** As for papers: own, admin, edit, read or public. */
  access: z.enum(LIB_ACCESS),
});
export type Filejob = z.infer<typeof filejobSchema>;

/** 文件作业共享: a job shared with a teacher or a school, to read or to edit. */
export const filejobPermissionFormSchema = z.object({ jobId: idSchema, ...shareFormFields });
export const filejobPermissionSchema = auditSchema.extend({ jobId: z.string(), ...shareFields });

/** `POST filejob/quote`: a job the caller may read copied as their own, private. */
export const filejobQuoteSchema = z.object({
  id: idSchema,
  title: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});
export type FilejobQuote = z.infer<typeof filejobQuoteSchema>;

/** The penalty (per cent) of a hand-in `days` late (each day started counts) under these rules. */
export function latePenalty(
  rules: Pick<FilejobRules, 'latePolicy' | 'penaltyPercent' | 'penaltyMaxDays'>,
  days: number,
) {
  if (rules.latePolicy !== 'penalty' || days <= 0) return 0;
  const counted = rules.penaltyMaxDays > 0 ? Math.min(days, rules.penaltyMaxDays) : days;
  return Math.min(100, counted * rules.penaltyPercent);
}

/** Days late, each day started counting: 1 minute late is 1 day, 24 h 1 min is 2. */
export function daysLate(due: Date, at: Date): number {
  const ms = at.getTime() - due.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
