import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { switchSchema } from '../paper/paper.ts';
import { disciplineSchema, LIB_ACCESS, shareFields, shareFormFields } from '../question/library.ts';
import { scoreSchema } from '../question/question.ts';
import { parseDecimal } from './decimal.ts';
import { POINT_RULES } from './scoring.ts';

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: 'validation.tooLong' });
const richText = z.string().max(100_000, { error: 'validation.tooLong' });

/** A drawing or another file of a task: an attachment of the tenant, by its link. */
export const taskFileSchema = z.object({
  name: z.string().trim().min(1).max(200),
  link: z.string().trim().min(1).max(1000),
});

/** 实训考核 settings. The total is never sent: it is the sum of the task's points. */
export const practicalPaperFormSchema = z.object({
  title: name('practical.title.required'),
  discipline: disciplineSchema.optional(),
  task: richText.optional(),
  safety: richText.optional(),
  attachments: z.array(taskFileSchema).max(20, { error: 'validation.invalid' }).optional(),
  duration: z.coerce
    .number({ error: 'paper.duration.invalid' })
    .int({ error: 'paper.duration.invalid' })
    .min(0, { error: 'paper.duration.invalid' })
    .max(1440, { error: 'paper.duration.invalid' })
    .optional(),
  passScore: scoreSchema.optional(),
  isPublic: switchSchema.optional(),
});
export type PracticalPaperForm = z.infer<typeof practicalPaperFormSchema>;

export const practicalPaperSchema = auditSchema.extend({
  tenantId: z.string(),
  title: z.string(),
  discipline: z.string(),
  task: z.string(),
  safety: z.string(),
  attachments: z.array(taskFileSchema),
  duration: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  isPublic: z.number(),
  sourceId: z.string(),
  pointCount: z.number(),
  ownerName: z.string(),
  /** As for papers: own, admin, edit, read or public. */
  access: z.enum(LIB_ACCESS),
});
export type PracticalPaper = z.infer<typeof practicalPaperSchema>;

export const practicalPaperPermissionFormSchema = z.object({ paperId: idSchema, ...shareFormFields });
export const practicalPaperPermissionSchema = auditSchema.extend({ paperId: z.string(), ...shareFields });

const shareOf = z.coerce.number({ error: 'validation.invalid' }).min(0).max(1);

/**
 * 考核点. A judgement point's bounds lie within 0 and its score and a banded one needs its bands: checked on the row
 * as it will be (pointProblems), since an edit sends only what changes.
 */
export const practicalPointFormSchema = z.object({
  paperId: idSchema,
  name: name('practical.point.name'),
  requirement: richText.optional(),
  score: scoreSchema,
  rule: z.enum(POINT_RULES, { error: 'practical.point.rule' }).optional(),
  bands: z
    .array(z.object({ atLeast: shareOf, fraction: shareOf }))
    .max(5)
    .optional(),
  minScore: scoreSchema.nullable().optional(),
  maxScore: scoreSchema.nullable().optional(),
  critical: switchSchema.optional(),
  evidenceRequired: switchSchema.optional(),
  flagIds: z.array(idSchema).max(20).optional(),
  sort: z.coerce.number().int().min(0).max(10_000).optional(),
});

/** What is wrong with a point as it will be saved, as message keys. */
export function pointProblems(p: {
  score: number;
  rule: string;
  bands: unknown[];
  minScore: number | null;
  maxScore: number | null;
}): string[] {
  const max = p.maxScore ?? p.score;
  const min = p.minScore ?? 0;
  const problems: string[] = [];
  if (max > p.score || min > max) problems.push('practical.point.bounds');
  if (p.rule === 'banded' && !p.bands.length) problems.push('practical.point.bands');
  return problems;
}
export type PracticalPointForm = z.infer<typeof practicalPointFormSchema>;

export const practicalPointSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  name: z.string(),
  requirement: z.string(),
  score: z.number(),
  rule: z.enum(POINT_RULES),
  bands: z.array(z.object({ atLeast: z.number(), fraction: z.number() })),
  minScore: z.number().nullable(),
  maxScore: z.number().nullable(),
  critical: z.number(),
  evidenceRequired: z.number(),
  flagIds: z.array(z.string()),
  sort: z.number(),
});
export type PracticalPoint = z.infer<typeof practicalPointSchema>;

/** A decimal as a measurement is written; '' or null for none. */
const measureSchema = z
  .string()
  .trim()
  .max(16)
  .refine((s) => s === '' || parseDecimal(s) !== undefined, { error: 'practical.inspection.number' });
const optionalMeasure = z
  .union([measureSchema, z.null()])
  .optional()
  .transform((s) => (s === '' ? null : s));

/** 检查项. A measure item's tolerance is checked on the row as it will be (inspection.ts: inspectionProblems). */
export const practicalInspectionFormSchema = z.object({
  paperId: idSchema,
  pointId: idSchema,
  name: name('practical.inspection.name'),
  kind: z.enum(['measure', 'check'], { error: 'validation.invalid' }).optional(),
  method: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  instrument: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  resolution: optionalMeasure,
  nominal: optionalMeasure,
  unit: z.string().trim().max(10, { error: 'validation.tooLong' }).optional(),
  lowerDeviation: optionalMeasure,
  upperDeviation: optionalMeasure,
  bands: z
    .array(z.object({ within: measureSchema, fraction: shareOf }))
    .max(5)
    .optional(),
  weight: z.coerce.number({ error: 'validation.invalid' }).positive().max(100).optional(),
  sort: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type PracticalInspectionForm = z.infer<typeof practicalInspectionFormSchema>;

export const practicalInspectionSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  pointId: z.string(),
  name: z.string(),
  kind: z.enum(['measure', 'check']),
  method: z.string(),
  instrument: z.string(),
  resolution: z.string().nullable(),
  nominal: z.string().nullable(),
  unit: z.string(),
  lowerDeviation: z.string().nullable(),
  upperDeviation: z.string().nullable(),
  bands: z.array(z.object({ within: z.string(), fraction: z.number() })),
  weight: z.number(),
  sort: z.number(),
});
export type PracticalInspection = z.infer<typeof practicalInspectionSchema>;

/** `add_practial_inspection_for_paper`: items (of any task the caller may read) copied under a point of theirs. */
export const practicalInspectionCopySchema = z.object({
  paperId: idSchema,
  pointId: idSchema,
  inspectionIds: z
    .array(idSchema)
    .min(1, { error: 'practical.item.invalid' })
    .max(100, { error: 'validation.tooLong' }),
});
export type PracticalInspectionCopy = z.infer<typeof practicalInspectionCopySchema>;
