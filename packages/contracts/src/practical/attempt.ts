// Practical assignments (practical_teacher) and attempts (practical_student): forms, what the workbench reads and saves.
import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { scoreSchema } from '../question/question.ts';
import { parseDecimal } from './decimal.ts';
import { practicalInspectionSchema, practicalPointSchema, taskFileSchema } from './task.ts';

/** Who records the readings: the student at the bench, the teacher watching, or both (the teacher re-measures). */
export const RECORDERS = ['student', 'teacher', 'both'] as const;
export type Recorder = (typeof RECORDERS)[number];
/** Scores are out when the teacher releases them, or at the close time. */
export const PRACTICAL_RELEASE_RULES = ['manual', 'after_close'] as const;
export const PRACTICAL_ATTEMPT_STATES = ['not_started', 'in_progress', 'submitted', 'marked'] as const;
export type PracticalAttemptState = (typeof PRACTICAL_ATTEMPT_STATES)[number];

const timeSchema = z.coerce.date({ error: 'assignment.time.invalid' });

const settings = {
  title: z.string().trim().min(1, { error: 'assignment.title.required' }).max(100, { error: 'validation.tooLong' }),
  openTime: timeSchema,
  closeTime: timeSchema,
  releaseRule: z.enum(PRACTICAL_RELEASE_RULES, { error: 'assignment.release.invalid' }),
  remark: z.string().trim().max(1000, { error: 'validation.tooLong' }),
};

/**
 * `POST practical_teacher/add_batch`: a practical task given to classes. With `both`, the teacher re-measures every
 * item of a critical point and `checkShare` per cent of the others, drawn per student.
 */
export const practicalAssignFormSchema = z
  .object({
    paperId: idSchema,
    classIds: z
      .array(idSchema)
      .min(1, { error: 'assignment.classes.required' })
      .max(100, { error: 'validation.tooLong' }),
    ...settings,
    title: settings.title.optional(),
    releaseRule: settings.releaseRule.optional(),
    remark: settings.remark.optional(),
    recorder: z.enum(RECORDERS, { error: 'practical.recorder.invalid' }).optional(),
    checkShare: z.coerce
      .number({ error: 'practical.checkShare.invalid' })
      .int({ error: 'practical.checkShare.invalid' })
      .min(0, { error: 'practical.checkShare.invalid' })
      .max(100, { error: 'practical.checkShare.invalid' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.closeTime <= v.openTime)
      ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'assignment.close.beforeOpen' });
  });
export type PracticalAssignForm = z.infer<typeof practicalAssignFormSchema>;
/** What a client sends: times as ISO strings. */
export type PracticalAssignBody = Omit<PracticalAssignForm, 'openTime' | 'closeTime'> & {
  openTime: string;
  closeTime: string;
};

/** practical_teacher `submit`: an assignment's settings (its task and classes stay). */
export const practicalAssignmentFormSchema = z.object(settings);

export const PRACTICAL_ASSIGNMENT_STATES = ['scheduled', 'open', 'closed', 'released'] as const;

export const practicalAssignmentSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  title: z.string(),
  classIds: z.array(z.string()),
  classNames: z.array(z.string()),
  openTime: z.string(),
  closeTime: z.string(),
  recorder: z.enum(RECORDERS),
  checkShare: z.number(),
  releaseRule: z.enum(PRACTICAL_RELEASE_RULES),
  releaseTime: z.string().nullable(),
  totalScore: z.number(),
  passScore: z.number(),
  remark: z.string(),
  state: z.enum(PRACTICAL_ASSIGNMENT_STATES),
  ownerName: z.string(),
  progress: z.object({ students: z.number(), started: z.number(), submitted: z.number(), marked: z.number() }),
});
export type PracticalAssignment = z.infer<typeof practicalAssignmentSchema>;

/** practical_student as lists show it (the teacher's record sheet, 我的实训). */
export const practicalAttemptSchema = auditSchema.extend({
  tenantId: z.string(),
  practicalTeacherId: z.string(),
  paperId: z.string(),
  studentId: z.string(),
  userId: z.string(),
  classId: z.string(),
  studentName: z.string(),
  studentNo: z.string(),
  className: z.string(),
  title: z.string(),
  state: z.enum(PRACTICAL_ATTEMPT_STATES),
  startTime: z.string().nullable(),
  submitTime: z.string().nullable(),
  teacherSignTime: z.string().nullable(),
  openTime: z.string(),
  closeTime: z.string(),
  released: z.boolean(),
  /** Shown once released (to the student), always to the teacher. */
  score: z.number().nullable(),
  totalScore: z.number(),
  criticalFailed: z.number(),
  /** Readings waiting for a second examiner, and student/teacher readings that disagree. */
  remeasure: z.number(),
  disagree: z.number(),
});
export type PracticalAttempt = z.infer<typeof practicalAttemptSchema>;

// ── The workbench ──

/** A reading as typed (full-width digits welcome), or null to clear it. */
const readingSchema = z
  .string()
  .trim()
  .max(16, { error: 'practical.inspection.number' })
  .refine((s) => s === '' || parseDecimal(s) !== undefined, { error: 'practical.inspection.number' })
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** One item's record as the student sends it. */
export const itemSaveSchema = z.object({
  inspectionId: idSchema,
  value: readingSchema.optional(),
  /** check items: 1 passed, 0 failed, null not yet. A save carries the item's whole record: what is unsent is empty. */
  passed: z.union([z.literal(0), z.literal(1), z.null()], { error: 'validation.invalid' }).optional(),
  note: z.string().max(500, { error: 'validation.tooLong' }).optional(),
  evidence: z.array(taskFileSchema).max(10, { error: 'practical.evidence.tooMany' }).optional(),
  /** This item's change counter on the device: a save with a lower one never overwrites a higher one. */
  seq: z.coerce.number({ error: 'exam.seq.invalid' }).int().min(1).max(2_000_000_000),
});
export type ItemSave = z.infer<typeof itemSaveSchema>;

/** `POST practical_student/submit_paper_answer`: autosave of readings; `final` hands the record in (signed). */
export const practicalSaveSchema = z.object({
  practicalStudentId: idSchema,
  items: z.array(itemSaveSchema).max(500, { error: 'validation.tooLong' }),
  final: z.boolean().optional(),
});
export type PracticalSave = z.infer<typeof practicalSaveSchema>;

export const practicalSaveAckSchema = z.object({
  acked: z.array(z.object({ inspectionId: z.string(), seq: z.number() })),
  state: z.enum(PRACTICAL_ATTEMPT_STATES),
  serverTime: z.string(),
});
export type PracticalSaveAck = z.infer<typeof practicalSaveAckSchema>;

/**
 * `POST practical_student/teacher_correct_paper`: the teacher's readings (a re-measure, or the record when the
 * teacher records), points given or adjusted within bounds — each with a comment — and the sign-off.
 */
export const practicalCorrectSchema = z.object({
  practicalStudentId: idSchema,
  items: z
    .array(
      z.object({
        inspectionId: idSchema,
        value: readingSchema.optional(),
        passed: z.union([z.literal(0), z.literal(1), z.null()]).optional(),
        reason: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
      }),
    )
    .max(500)
    .optional(),
  points: z
    .array(
      z.object({
        pointId: idSchema,
        /** The score given; null gives the point back to its rule. */
        score: scoreSchema.nullable(),
        comment: z
          .string({ error: 'practical.comment.required' })
          .trim()
          .min(1, { error: 'practical.comment.required' })
          .max(500, { error: 'validation.tooLong' }),
      }),
    )
    .max(100)
    .optional(),
  signOff: z.boolean().optional(),
});
export type PracticalCorrect = z.infer<typeof practicalCorrectSchema>;

/** A frozen inspection item, as the assignment took it from the task. */
export const frozenItemSchema = practicalInspectionSchema.pick({
  id: true,
  name: true,
  kind: true,
  method: true,
  instrument: true,
  resolution: true,
  nominal: true,
  unit: true,
  lowerDeviation: true,
  upperDeviation: true,
  bands: true,
  weight: true,
});
export type FrozenItem = z.infer<typeof frozenItemSchema>;

export const frozenPointSchema = practicalPointSchema
  .pick({
    id: true,
    name: true,
    requirement: true,
    score: true,
    rule: true,
    bands: true,
    minScore: true,
    maxScore: true,
    critical: true,
    evidenceRequired: true,
    flagIds: true,
  })
  .extend({ items: z.array(frozenItemSchema) });
export type FrozenPoint = z.infer<typeof frozenPointSchema>;

/** One item's record: both readings, the check, notes and evidence. */
export const itemRecordSchema = z.object({
  inspectionId: z.string(),
  studentValue: z.string().nullable(),
  teacherValue: z.string().nullable(),
  passed: z.number().nullable(),
  teacherPassed: z.number().nullable(),
  note: z.string(),
  evidence: z.array(taskFileSchema),
  seq: z.number(),
});
export type ItemRecord = z.infer<typeof itemRecordSchema>;

/** A point's record: the score the teacher gave (judgement, or an adjustment) and why. */
export const pointRecordSchema = z.object({
  pointId: z.string(),
  given: z.number().nullable(),
  comment: z.string(),
});
export type PointRecord = z.infer<typeof pointRecordSchema>;

export const correctionSchema = z.object({
  kind: z.enum(['item', 'point', 'sign']),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  userName: z.string(),
  time: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;

/** `GET practical_student/paper_detail`: the task, its frozen points and items, and this attempt's records. */
export const practicalDetailSchema = z.object({
  attempt: z.object({
    id: z.string(),
    state: z.enum(PRACTICAL_ATTEMPT_STATES),
    studentName: z.string(),
    studentNo: z.string(),
    className: z.string(),
    startTime: z.string().nullable(),
    submitTime: z.string().nullable(),
    teacherSignTime: z.string().nullable(),
    teacherSignName: z.string(),
    /** Item ids the teacher re-measures (recorder `both`). */
    checkIds: z.array(z.string()),
    serverTime: z.string(),
  }),
  assignment: z.object({
    id: z.string(),
    paperId: z.string(),
    title: z.string(),
    recorder: z.enum(RECORDERS),
    openTime: z.string(),
    closeTime: z.string(),
    released: z.boolean(),
    totalScore: z.number(),
    passScore: z.number(),
  }),
  task: z.object({ task: z.string(), safety: z.string(), attachments: z.array(taskFileSchema), duration: z.number() }),
  points: z.array(frozenPointSchema),
  items: z.array(itemRecordSchema),
  pointRecords: z.array(pointRecordSchema),
  /** Is the caller the teacher (may correct) or the student (may record while open)? */
  role: z.enum(['student', 'teacher']),
  /** Scores are shown to the teacher, and to the student once released. */
  showScores: z.boolean(),
  corrections: z.array(correctionSchema),
});
export type PracticalDetail = z.infer<typeof practicalDetailSchema>;
