import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { MULTIPLE_SCORING, PAPER_TYPES, type PaperType, REVIEW_POLICIES, switchSchema } from '../paper/paper.ts';
import type { QuestionType } from '../question/question-types.ts';

/** When students see their scores: on submission (when nothing awaits marking), after the close time, or by hand. */
export const RELEASE_RULES = ['immediate', 'after_close', 'manual'] as const;
export type ReleaseRule = (typeof RELEASE_RULES)[number];

/**
 * When students may see a key their review policy shows (issue 25 §1): `after_close` once no student of the assignment
 * can still answer (its window, every extra time and reopening over), or `immediate` — practice only — as soon as the
 * student's own answer to the question is saved. Scores may be released earlier than keys.
 */
export const KEY_TIMINGS = ['after_close', 'immediate'] as const;
export type KeyTiming = (typeof KEY_TIMINGS)[number];

/**
 * Which attempt counts when a student has several (Moodle's grading method): the highest score (the default), the
 * last or the first submitted one, or the average of the submitted ones.
 */
export const GRADING_METHODS = ['highest', 'last', 'first', 'average'] as const;
export type GradingMethod = (typeof GRADING_METHODS)[number];

/** An IPv4 or IPv6 address or CIDR range (a bare address is the range of that address alone). */
const NETWORK_FORMATS = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];
const networkSchema = z
  .string({ error: 'assignment.network.invalid' })
  .trim()
  .refine((v) => NETWORK_FORMATS.some((f) => f.safeParse(v).success), { error: 'assignment.network.invalid' });

/** scheduled 未开始 → open 进行中 → closed 已结束; released 已公布 once scores are out. */
export const ASSIGNMENT_STATES = ['scheduled', 'open', 'closed', 'released'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

/** An attempt: not_started 未作答 → in_progress 作答中 → submitted 已提交 → marking 阅卷中 → marked 已阅. */
export const ATTEMPT_STATES = ['not_started', 'in_progress', 'submitted', 'marking', 'marked'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];
/** The states of a handed-in attempt (its answers never change again). */
export const SUBMITTED_STATES: AttemptState[] = ['submitted', 'marking', 'marked'];

/** How an answer came out: right, wrong, partly right, not answered, or awaiting a teacher (简答题, 文件题). */
export const ANSWER_RESULTS = ['right', 'wrong', 'partial', 'blank', 'pending'] as const;
export type AnswerResult = (typeof ANSWER_RESULTS)[number];

/** Question types a teacher marks by hand. */
export const MANUAL_TYPES: readonly QuestionType[] = ['short', 'file', 'practical'];

const timeSchema = z.coerce.date({ error: 'assignment.time.invalid' });
const minutes = (key: 'assignment.duration.invalid' | 'assignment.extra.invalid', max: number) =>
  z.coerce.number({ error: key }).int({ error: key }).min(0, { error: key }).max(max, { error: key });

/** Settings of an assignment a teacher may change after creating it. */
const assignmentSettings = {
  title: z.string().trim().min(1, { error: 'assignment.title.required' }).max(100, { error: 'validation.tooLong' }),
  openTime: timeSchema,
  closeTime: timeSchema,
  /** Minutes per attempt; 0 = until the close time. */
  duration: minutes('assignment.duration.invalid', 1440),
  /** Seconds after an attempt's end during which saves and the submission are still taken. */
  graceSeconds: z.coerce
    .number({ error: 'assignment.grace.invalid' })
    .int({ error: 'assignment.grace.invalid' })
    .min(0, { error: 'assignment.grace.invalid' })
    .max(3600, { error: 'assignment.grace.invalid' }),
  releaseRule: z.enum(RELEASE_RULES, { error: 'assignment.release.invalid' }),
  reviewPolicy: z.enum(REVIEW_POLICIES, { error: 'validation.invalid' }),
  keyTiming: z.enum(KEY_TIMINGS, { error: 'validation.invalid' }),
  remark: z.string().trim().max(1000, { error: 'validation.tooLong' }),
  /** A password students give to start an attempt; '' = none. Write-only: presented as `hasPassword`. */
  accessPassword: z.string({ error: 'assignment.password.invalid' }).max(50, { error: 'assignment.password.invalid' }),
  /** Where attempts may be started or resumed from (CIDR, IPv4 or IPv6); empty = anywhere. */
  allowedNetworks: z.array(networkSchema).max(50, { error: 'assignment.network.tooMany' }),
  gradingMethod: z.enum(GRADING_METHODS, { error: 'assignment.grading.invalid' }),
  /** 1: markers see 答卷 #n instead of names and student numbers until scores are released. */
  blindMarking: switchSchema,
};

function closeAfterOpen(v: { openTime?: Date; closeTime?: Date }, ctx: z.RefinementCtx): void {
  if (v.openTime && v.closeTime && v.closeTime <= v.openTime)
    ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'assignment.close.beforeOpen' });
}

/**
 * `POST paper_teacher/add_batch`: a paper given to classes. Unsent settings come from the paper (title, duration,
 * attempts, review policy, shuffling); `kind` defaults to the paper's type.
 */
export const assignFormSchema = z
  .object({
    paperId: idSchema,
    classIds: z
      .array(idSchema)
      .min(1, { error: 'assignment.classes.required' })
      .max(100, { error: 'validation.tooLong' }),
    kind: z.enum(PAPER_TYPES, { error: 'paper.type.invalid' }).optional(),
    attempts: z.coerce
      .number({ error: 'paper.attempts.invalid' })
      .int({ error: 'paper.attempts.invalid' })
      .min(0, { error: 'paper.attempts.invalid' })
      .max(100, { error: 'paper.attempts.invalid' })
      .optional(),
    shuffleQuestions: switchSchema.optional(),
    shuffleOptions: switchSchema.optional(),
    ...assignmentSettings,
    title: assignmentSettings.title.optional(),
    duration: assignmentSettings.duration.optional(),
    graceSeconds: assignmentSettings.graceSeconds.optional(),
    releaseRule: assignmentSettings.releaseRule.optional(),
    reviewPolicy: assignmentSettings.reviewPolicy.optional(),
    keyTiming: assignmentSettings.keyTiming.optional(),
    remark: assignmentSettings.remark.optional(),
    accessPassword: assignmentSettings.accessPassword.optional(),
    allowedNetworks: assignmentSettings.allowedNetworks.optional(),
    gradingMethod: assignmentSettings.gradingMethod.optional(),
    blindMarking: assignmentSettings.blindMarking.optional(),
  })
  .superRefine(closeAfterOpen);
export type AssignForm = z.infer<typeof assignFormSchema>;
/** What a client sends: times as ISO strings. */
export type AssignBody = Omit<AssignForm, 'openTime' | 'closeTime'> & { openTime: string; closeTime: string };

/**
 * paper_teacher `submit` (an existing assignment's settings; its paper and classes stay). The close time is checked
 * against the open time by the server with the stored values (an update may send one of them).
 */
export const assignmentFormSchema = z.object(assignmentSettings);

/** A frozen section of the assigned paper. */
export const assignmentSectionSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  remark: z.string(),
  sort: z.number(),
});
export type AssignmentSection = z.infer<typeof assignmentSectionSchema>;

export const assignmentSchema = auditSchema.extend({
  tenantId: z.string(),
  paperId: z.string(),
  title: z.string(),
  kind: z.enum(PAPER_TYPES),
  classIds: z.array(z.string()),
  classNames: z.array(z.string()),
  openTime: z.string(),
  closeTime: z.string(),
  duration: z.number(),
  attempts: z.number(),
  graceSeconds: z.number(),
  releaseRule: z.enum(RELEASE_RULES),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  keyTiming: z.enum(KEY_TIMINGS),
  multipleScoring: z.enum(MULTIPLE_SCORING),
  shuffleQuestions: z.number(),
  shuffleOptions: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  perStudent: z.number(),
  remark: z.string(),
  releaseTime: z.string().nullable(),
  /** Whether an access password is set (the password itself is never returned). */
  hasPassword: z.boolean(),
  allowedNetworks: z.array(z.string()),
  gradingMethod: z.enum(GRADING_METHODS),
  blindMarking: z.number(),
  /** Until when a student can still answer: the latest close time with every extra time and reopening, plus grace. */
  answerableUntil: z.string(),
  state: z.enum(ASSIGNMENT_STATES),
  ownerName: z.string(),
  /** Attempts (first attempts: one per student) by state, and how many answers still await marking. */
  progress: z.object({
    students: z.number(),
    started: z.number(),
    submitted: z.number(),
    marked: z.number(),
    toMark: z.number(),
  }),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** `POST paper_student_question/start`: starts (or resumes) an attempt, with the access password if it has one. */
export const examStartSchema = z.object({
  paperStudentId: idSchema,
  password: z.string().max(50, { error: 'exam.password.wrong' }).optional(),
});
export type ExamStart = z.infer<typeof examStartSchema>;

/** `POST paper_teacher/exception`: extra time for one attempt, or a reopened window for a student who missed it. */
export const exceptionSchema = z
  .object({
    paperStudentId: idSchema,
    kind: z.enum(['extend', 'reopen'], { error: 'validation.invalid' }),
    /** extend: minutes added to the attempt's time (and, if needed, to the close time for this student). */
    minutes: minutes('assignment.extra.invalid', 1440).optional(),
    /** reopen: this student's own close time. */
    until: timeSchema.optional(),
    reason: z
      .string({ error: 'assignment.reason.required' })
      .trim()
      .min(1, { error: 'assignment.reason.required' })
      .max(500, { error: 'validation.tooLong' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'extend' && !v.minutes)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'assignment.extra.invalid' });
    if (v.kind === 'reopen' && !v.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'assignment.time.invalid' });
  });
export type ExceptionForm = z.infer<typeof exceptionSchema>;

/** `POST paper_teacher/force_submit`: a teacher ends attempts in progress (logged with the reason). */
export const forceSubmitSchema = z.object({
  ids: z.array(idSchema).min(1, { error: 'validation.required' }).max(500, { error: 'validation.tooLong' }),
  reason: z
    .string({ error: 'assignment.reason.required' })
    .trim()
    .min(1, { error: 'assignment.reason.required' })
    .max(500, { error: 'validation.tooLong' }),
});

/** An attempt as teachers list it (live progress, marking) and as its student sees it in 我的考试. */
export const attemptSchema = auditSchema.extend({
  tenantId: z.string(),
  paperTeacherId: z.string(),
  studentId: z.string(),
  userId: z.string(),
  classId: z.string(),
  attemptNo: z.number(),
  state: z.enum(ATTEMPT_STATES),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  submitTime: z.string().nullable(),
  autoSubmitted: z.number(),
  extraMinutes: z.number(),
  closeTime: z.string().nullable(),
  /** Null to a student until scores are released. */
  objectiveScore: z.number().nullable(),
  score: z.number().nullable(),
  leftPage: z.number(),
  leftFullscreen: z.number(),
  studentName: z.string(),
  studentNo: z.string(),
  className: z.string(),
  answered: z.number(),
  toMark: z.number(),
  released: z.boolean(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** A student's assignment in 我的考试: the assignment, their latest attempt and whether they may start another. */
export interface MyAssignment {
  id: string;
  title: string;
  kind: PaperType;
  openTime: string;
  closeTime: string;
  duration: number;
  attempts: number;
  totalScore: number;
  passScore: number;
  questionCount: number;
  remark: string;
  state: AssignmentState;
  attempt: {
    id: string;
    attemptNo: number;
    state: AttemptState;
    startTime: string | null;
    endTime: string | null;
    submitTime: string | null;
    autoSubmitted: number;
    /** Only once released. */
    score: number | null;
    released: boolean;
  };
  attemptsUsed: number;
  /** The attempt may be started or resumed now. */
  canTake: boolean;
  /** Starting an attempt asks for the assignment's access password (`POST paper_student_question/start`). */
  needsPassword: boolean;
  gradingMethod: GradingMethod;
  /** The score that counts by the grading method, once released (null before, or with nothing submitted). */
  finalScore: number | null;
  /** Another attempt may be started (practice, or attempts left). */
  canRetry: boolean;
}
