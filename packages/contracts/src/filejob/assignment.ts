// 作业安排 (filejob_teacher): a file job given to classes, with a window, a grace for uploads under way, per-student
// extensions and the release of feedback.
import { z } from 'zod';
import { RELEASE_RULES } from '../assignment/assignment.ts';
import { auditSchema, idSchema } from '../common.ts';
import { filejobFileSchema, filejobRulesSchema } from './job.ts';

const timeSchema = z.coerce.date({ error: 'assignment.time.invalid' });

/**
 * filejob_teacher `submit`: without an id, a job given to classes (every student's record is made with it); with
 * one, its settings (the job and classes stay). The deadline is checked after the start on the row as it will be.
 */
export const filejobAssignmentFormSchema = z.object({
  jobId: idSchema,
  classIds: z
    .array(idSchema, { error: 'assignment.classes.required' })
    .min(1, { error: 'assignment.classes.required' })
    .max(100, { error: 'validation.tooLong' }),
  /** Default: the job's title. */
  title: z
    .string()
    .trim()
    .min(1, { error: 'assignment.title.required' })
    .max(100, { error: 'validation.tooLong' })
    .optional(),
  startTime: timeSchema,
  deadline: timeSchema,
  /**
   * Minutes after the deadline during which an upload that began before it may still be handed in on time
   * (a large file on a slow network). Default 30.
   */
  graceMinutes: z.coerce
    .number({ error: 'filejob.grace.invalid' })
    .int({ error: 'filejob.grace.invalid' })
    .min(0, { error: 'filejob.grace.invalid' })
    .max(1440, { error: 'filejob.grace.invalid' })
    .optional(),
  /** When students see their feedback: as soon as it is given, after the deadline, or when released by hand. */
  releaseRule: z.enum(RELEASE_RULES, { error: 'assignment.release.invalid' }).optional(),
  remark: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
});
export type FilejobAssignmentForm = z.infer<typeof filejobAssignmentFormSchema>;
/** What a client sends: times as ISO strings. */
export type FilejobAssignmentBody = Omit<FilejobAssignmentForm, 'startTime' | 'deadline'> & {
  startTime: string;
  deadline: string;
};

/** The job as the assignment froze it: editing the job later changes nothing for the students. */
export const filejobFrozenSchema = filejobRulesSchema.extend({
  title: z.string(),
  requirements: z.string(),
  attachments: z.array(filejobFileSchema),
});
export type FilejobFrozen = z.infer<typeof filejobFrozenSchema>;

export const FILEJOB_ASSIGNMENT_STATES = ['scheduled', 'open', 'closed', 'released'] as const;

export const filejobAssignmentSchema = auditSchema.extend({
  tenantId: z.string(),
  jobId: z.string(),
  title: z.string(),
  classIds: z.array(z.string()),
  classNames: z.array(z.string()),
  startTime: z.string(),
  deadline: z.string(),
  graceMinutes: z.number(),
  releaseRule: z.enum(RELEASE_RULES),
  releaseTime: z.string().nullable(),
  remark: z.string(),
  job: filejobFrozenSchema,
  state: z.enum(FILEJOB_ASSIGNMENT_STATES),
  ownerName: z.string(),
  /** Records by what their students did: handed in on time, late, not at all; and how many are marked. */
  progress: z.object({
    students: z.number(),
    handed: z.number(),
    late: z.number(),
    missing: z.number(),
    marked: z.number(),
  }),
});
export type FilejobAssignment = z.infer<typeof filejobAssignmentSchema>;

/**
 * `POST filejob_teacher/extension`: one student's own deadline (later than the assignment's), or null to take it
 * back; logged with the reason and who granted it.
 */
export const filejobExtensionSchema = z.object({
  filejobStudentId: idSchema,
  until: timeSchema.nullable(),
  reason: z
    .string({ error: 'assignment.reason.required' })
    .trim()
    .min(1, { error: 'assignment.reason.required' })
    .max(500, { error: 'validation.tooLong' }),
});
export type FilejobExtension = z.infer<typeof filejobExtensionSchema>;

/** `GET filejob_teacher/class_list?id&classId`: the assignment's classes (or one), each with its students. */
export const filejobClassListQuerySchema = z.object({ id: idSchema, classId: idSchema.optional() });
/** `GET filejob_teacher/zip?id&classId`. */
export const filejobZipQuerySchema = z.object({ id: idSchema, classId: idSchema });

export const filejobClassStudentSchema = z.object({
  /** The student's record (filejob_student id). */
  id: z.string(),
  studentId: z.string(),
  studentNo: z.string(),
  studentName: z.string(),
  state: z.enum(['not_handed', 'handed', 'late']),
  lateDays: z.number(),
  penalty: z.number(),
  handinTime: z.string().nullable(),
  extensionUntil: z.string().nullable(),
  fileCount: z.number(),
  score: z.number().nullable(),
  marked: z.boolean(),
});
export const filejobClassSchema = z.object({
  classId: z.string(),
  className: z.string(),
  students: z.number(),
  handed: z.number(),
  late: z.number(),
  missing: z.number(),
  records: z.array(filejobClassStudentSchema),
});
export type FilejobClass = z.infer<typeof filejobClassSchema>;
