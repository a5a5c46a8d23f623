// 我的作业 (filejob_student): one student's record of one assignment — the hand-in (files, receipt) and the
// teacher's feedback (score, comment, a returned file, notes over a page kept as data).
import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { scoreSchema } from '../question/question.ts';
import { filejobFrozenSchema } from './assignment.ts';

/** not_handed 未交 → handed 已交 (on time, grace included) or late 迟交. */
export const FILEJOB_STUDENT_STATES = ['not_handed', 'handed', 'late'] as const;
export type FilejobStudentState = (typeof FILEJOB_STUDENT_STATES)[number];

/**
 * filejob_student `submit` with the record's id: the student's hand-in — files they uploaded (`put-file` or the
 * resumable upload), each by its attachment id. A new hand-in replaces the last one until the deadline.
 */
export const filejobHandinFormSchema = z.object({
  files: z
    .array(z.object({ attachId: idSchema }), { error: 'filejob.handin.files' })
    .min(1, { error: 'filejob.handin.files' })
    .max(20, { error: 'filejob.handin.tooMany' }),
});
export type FilejobHandinForm = z.infer<typeof filejobHandinFormSchema>;

/** A handed-in file as the record and its receipt show it. */
export const filejobHandedFileSchema = z.object({
  attachId: z.string(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  extension: z.string(),
  link: z.string(),
  /** When its upload began (a resumable upload: its first byte), which the grace after the deadline looks at. */
  uploadStart: z.string(),
});
export type FilejobHandedFile = z.infer<typeof filejobHandedFileSchema>;

/**
 * 回执: what the server took, when — kept for every hand-in, replaced ones too (`GET filejob_student/receipt?handinId`
 * answers it again). The SHA-256 of each file lets anyone check a file against it later.
 */
export const filejobReceiptSchema = z.object({
  handinId: z.string(),
  filejobStudentId: z.string(),
  title: z.string(),
  studentNo: z.string(),
  studentName: z.string(),
  /** The server's clock when the hand-in was taken. */
  serverTime: z.string(),
  late: z.boolean(),
  lateDays: z.number(),
  penalty: z.number(),
  /** Replaced by a later hand-in (it stays verifiable). */
  superseded: z.boolean(),
  files: z.array(filejobHandedFileSchema.pick({ attachId: true, name: true, size: true, sha256: true })),
});
export type FilejobReceipt = z.infer<typeof filejobReceiptSchema>;
export const filejobReceiptQuerySchema = z.object({ handinId: idSchema });

/** A note over one page (or picture) of a handed-in file: a box in fractions of the page (0–1), kept as data. */
export const filejobAnnotationSchema = z.object({
  attachId: idSchema,
  page: z.coerce
    .number({ error: 'filejob.annotation.invalid' })
    .int({ error: 'filejob.annotation.invalid' })
    .min(1, { error: 'filejob.annotation.invalid' })
    .max(10_000, { error: 'filejob.annotation.invalid' }),
  x: z.number({ error: 'filejob.annotation.invalid' }).min(0, { error: 'filejob.annotation.invalid' }).max(1),
  y: z.number({ error: 'filejob.annotation.invalid' }).min(0, { error: 'filejob.annotation.invalid' }).max(1),
  w: z.number({ error: 'filejob.annotation.invalid' }).min(0, { error: 'filejob.annotation.invalid' }).max(1),
  h: z.number({ error: 'filejob.annotation.invalid' }).min(0, { error: 'filejob.annotation.invalid' }).max(1),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }),
});
export type FilejobAnnotation = z.infer<typeof filejobAnnotationSchema>;

/**
 * `POST filejob_student/mark`: the teacher's feedback on a hand-in — a score (0 to the job's score; the late
 * penalty is taken from it), a comment, a returned file (an attachment of theirs; null takes it back) and notes.
 */
export const filejobMarkSchema = z.object({
  id: idSchema,
  score: scoreSchema,
  comment: z.string().trim().max(2000, { error: 'validation.tooLong' }).optional(),
  feedbackAttachId: idSchema.nullable().optional(),
  annotations: z.array(filejobAnnotationSchema).max(500, { error: 'validation.tooLong' }).optional(),
});
export type FilejobMark = z.infer<typeof filejobMarkSchema>;

export const filejobStudentSchema = auditSchema.extend({
  tenantId: z.string(),
  filejobTeacherId: z.string(),
  studentId: z.string(),
  userId: z.string(),
  classId: z.string(),
  studentNo: z.string(),
  studentName: z.string(),
  className: z.string(),
  title: z.string(),
  job: filejobFrozenSchema,
  startTime: z.string(),
  deadline: z.string(),
  graceMinutes: z.number(),
  /** This student's own deadline, when granted one. */
  extensionUntil: z.string().nullable(),
  /** The deadline that applies to this student (the extension, else the assignment's). */
  dueTime: z.string(),
  state: z.enum(FILEJOB_STUDENT_STATES),
  lateDays: z.number(),
  penalty: z.number(),
  handinTime: z.string().nullable(),
  /** The current hand-in (its receipt), else null. */
  handinId: z.string().nullable(),
  handinCount: z.number(),
  files: z.array(filejobHandedFileSchema),
  /** Whether the feedback is released: its student sees score, comment, file and notes only then (the teacher always). */
  released: z.boolean(),
  marked: z.boolean(),
  /** The teacher's score, and the score after the late penalty; null until marked and released (to the student). */
  score: z.number().nullable(),
  finalScore: z.number().nullable(),
  comment: z.string().nullable(),
  feedback: z.object({ attachId: z.string(), name: z.string(), link: z.string() }).nullable(),
  annotations: z.array(filejobAnnotationSchema).nullable(),
  markTime: z.string().nullable(),
  /** Only in the answer to a hand-in. */
  receipt: filejobReceiptSchema.optional(),
});
export type FilejobStudent = z.infer<typeof filejobStudentSchema>;
