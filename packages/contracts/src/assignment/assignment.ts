import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { MULTIPLE_SCORING, PAPER_TYPES, type PaperType, REVIEW_POLICIES } from '../paper/paper.ts';
import { type QuestionType, scoreSchema } from '../question/question.ts';

/** When students see their scores: on submission (when nothing awaits marking), after the close time, or by hand. */
export const RELEASE_RULES = ['immediate', 'after_close', 'manual'] as const;
export type ReleaseRule = (typeof RELEASE_RULES)[number];

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

const flagSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });
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
  remark: z.string().trim().max(1000, { error: 'validation.tooLong' }),
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
    shuffleQuestions: flagSchema.optional(),
    shuffleOptions: flagSchema.optional(),
    ...assignmentSettings,
    title: assignmentSettings.title.optional(),
    duration: assignmentSettings.duration.optional(),
    graceSeconds: assignmentSettings.graceSeconds.optional(),
    releaseRule: assignmentSettings.releaseRule.optional(),
    reviewPolicy: assignmentSettings.reviewPolicy.optional(),
    remark: assignmentSettings.remark.optional(),
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
  multipleScoring: z.enum(MULTIPLE_SCORING),
  shuffleQuestions: z.number(),
  shuffleOptions: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  perStudent: z.number(),
  remark: z.string(),
  releaseTime: z.string().nullable(),
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
  /** Another attempt may be started (practice, or attempts left). */
  canRetry: boolean;
}

/**
 * A student's answer: single an option id; multiple option ids; judge `T`/`F`; fill one text per blank; short text;
 * file stored file links. Null clears it.
 */
export const answerValueSchema = z.union(
  [z.string().max(20_000, { error: 'validation.tooLong' }), z.array(z.string().max(2000)).max(50), z.null()],
  { error: 'exam.answer.invalid' },
);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const answerSaveSchema = z.object({
  /** The paper_teacher_question id (a question of the student's paper). */
  questionId: idSchema,
  answer: answerValueSchema,
  /** The client's sequence number for this question: increases with every change. */
  seq: z.coerce.number({ error: 'exam.seq.invalid' }).int({ error: 'exam.seq.invalid' }).min(1).max(2_000_000_000),
  flagged: flagSchema.optional(),
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;

/** `POST paper_student_question/save_answers` (autosave) and, with a last flush, `submit_exam`. */
export const saveAnswersSchema = z.object({
  paperStudentId: idSchema,
  answers: z.array(answerSaveSchema).max(500, { error: 'validation.tooLong' }),
});
export type SaveAnswers = z.infer<typeof saveAnswersSchema>;

/** The server's acknowledgement: these (question, seq) pairs are committed; the clock and the attempt's end. */
export interface SaveAck {
  acked: { questionId: string; seq: number }[];
  serverTime: string;
  endTime: string | null;
}

/** `POST paper_student/event`: an integrity signal (recorded and shown to teachers, never punishing). */
export const integrityEventSchema = z.object({
  paperStudentId: idSchema,
  kind: z.enum(['left_page', 'left_fullscreen'], { error: 'validation.invalid' }),
});

/** A question of the student's paper: no answer key, options in the student's order. */
export interface ExamQuestion {
  /** The paper_teacher_question id; answers are saved under it. */
  id: string;
  no: string;
  type: QuestionType;
  score: number;
  stem: string;
  items: { id: string; label: string; content: string }[];
  /** fill: how many blanks. */
  blanks: number;
  fileTypes?: string[];
  children: ExamQuestion[];
}

export interface ExamSection {
  id: string;
  name: string;
  remark: string;
  score: number;
  questions: ExamQuestion[];
}

export interface SavedAnswer {
  answer: AnswerValue;
  seq: number;
  flagged: number;
}

/** `GET paper_student_question/exam_paper?paperStudentId=`: the student's own paper, started if it was not. */
export interface ExamPaper {
  attempt: {
    id: string;
    state: AttemptState;
    attemptNo: number;
    startTime: string | null;
    /** The attempt's end by the server's clock (null: no limit). */
    endTime: string | null;
    serverTime: string;
  };
  assignment: {
    id: string;
    title: string;
    kind: PaperType;
    duration: number;
    totalScore: number;
    questionCount: number;
    remark: string;
  };
  sections: ExamSection[];
  /** Saved answers by question id. */
  answers: Record<string, SavedAnswer>;
}

/** A question of an attempt as a marker or (within the review policy) its student sees it. */
export interface ReviewQuestion extends Omit<ExamQuestion, 'items' | 'children'> {
  /** The paper_student_question id (null: never answered). */
  answerId: string | null;
  answer: AnswerValue;
  result: AnswerResult;
  earned: number | null;
  autoScore: number | null;
  manualScore: number | null;
  comment: string;
  items: { id: string; label: string; content: string; isAnswer?: boolean; score?: number }[];
  /** Key and analysis: to markers always, to students when the review policy shows them. */
  key?: string;
  analysis?: string;
  children: ReviewQuestion[];
}

/** `GET paper_student_question/review?paperStudentId=`: an attempt with its answers and marks. */
export interface AttemptReview {
  attempt: Attempt;
  assignment: { id: string; title: string; kind: PaperType; totalScore: number; passScore: number };
  /** score: the total only; answers: also each answer and mark; analysis: also the key and analysis. */
  policy: 'score' | 'answers' | 'analysis' | 'marker';
  sections: (Omit<ExamSection, 'questions'> & { questions: ReviewQuestion[] })[];
}

/** `POST paper_student_question/submit_correct`: marks for answers (bounded by each question's score). */
export const correctSchema = z.object({
  marks: z
    .array(
      z.object({
        /** paper_student_question id. */
        id: idSchema,
        score: scoreSchema,
        comment: z.string().trim().max(2000, { error: 'validation.tooLong' }).optional(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.tooLong' }),
});
export type CorrectForm = z.infer<typeof correctSchema>;

/** A question of an assignment with its marking progress (阅卷 by question). */
export interface MarkingQuestion {
  id: string;
  no: string;
  type: QuestionType;
  score: number;
  stem: string;
  manual: boolean;
  answered: number;
  toMark: number;
  marked: number;
}

/** One student's answer to a question, for marking by question. */
export interface MarkingAnswer {
  id: string;
  paperStudentId: string;
  studentName: string;
  studentNo: string;
  className: string;
  answer: AnswerValue;
  result: AnswerResult;
  autoScore: number | null;
  manualScore: number | null;
  comment: string;
  markTime: string | null;
}

/** paper_teacher_question: a frozen question of an assignment (its snapshot, section, place and score). */
export const assignmentQuestionSchema = auditSchema.extend({
  tenantId: z.string(),
  paperTeacherId: z.string(),
  questionInstId: z.string(),
  questionId: z.string(),
  parentId: z.string(),
  titleId: z.string(),
  type: z.string(),
  score: z.number(),
  sort: z.number(),
});

/** paper_student_question as markers list it: an answer with its marks. */
export const answerRowSchema = auditSchema.extend({
  tenantId: z.string(),
  paperStudentId: z.string(),
  paperTeacherQuestionId: z.string(),
  answer: z.unknown(),
  seq: z.number(),
  flagged: z.number(),
  saveTime: z.string().nullable(),
  result: z.enum(ANSWER_RESULTS),
  autoScore: z.number().nullable(),
  manualScore: z.number().nullable(),
  score: z.number(),
  comment: z.string(),
  markUser: z.string().nullable(),
  markTime: z.string().nullable(),
});

/** One student's counted attempt (their best submitted one) in the results. */
export interface ResultStudent {
  paperStudentId: string;
  studentName: string;
  studentNo: string;
  classId: string;
  className: string;
  /** null: did not submit (absent). */
  score: number | null;
  state: AttemptState;
  rank: number | null;
  passed: boolean;
}

/** Classical item analysis of one question (CTT): facility and the upper-minus-lower 27 % discrimination. */
export interface ResultQuestion {
  id: string;
  no: string;
  type: QuestionType;
  score: number;
  stem: string;
  answered: number;
  right: number;
  partial: number;
  wrong: number;
  blank: number;
  /** Mean earned ÷ score, 0–1 (null when nobody submitted). */
  facility: number | null;
  /** Facility in the top 27 % of students minus the bottom 27 %, −1–1 (null under 4 submissions). */
  discrimination: number | null;
}

/** `GET paper_teacher/results/{id}`: 成绩分析 of an assignment. */
export interface AssignmentResults {
  assignment: { id: string; title: string; kind: PaperType; totalScore: number; passScore: number; state: string };
  summary: {
    students: number;
    submitted: number;
    absent: number;
    mean: number | null;
    median: number | null;
    max: number | null;
    min: number | null;
    stdev: number | null;
    passRate: number | null;
    /** Answers still awaiting marking: figures may change. */
    toMark: number;
  };
  /** Ten bands of the total score: [0–10 %), … [90–100 %]. */
  distribution: { from: number; to: number; count: number }[];
  byClass: {
    classId: string;
    className: string;
    students: number;
    submitted: number;
    mean: number | null;
    passRate: number | null;
  }[];
  questions: ResultQuestion[];
  /** Mastery (earned ÷ possible) per knowledge point, overall and by class. */
  knowledge: {
    flagId: string;
    name: string;
    mastery: number;
    byClass: { classId: string; mastery: number | null }[];
  }[];
  students: ResultStudent[];
}

/**
 * `POST paper_teacher_question/regrade`: a corrected key for an objective question of an assignment (its frozen copy
 * only). Without `apply` it previews: which students' marks would change, before and after; with `apply: 1` it
 * changes the key, re-grades and logs each change. Marks a teacher set by hand are kept.
 */
export const regradeSchema = z.object({
  id: idSchema,
  /** single, multiple: the options that are right. */
  rightOptionIds: z.array(idSchema).max(20).optional(),
  /** judge. */
  judge: z.enum(['T', 'F'], { error: 'validation.invalid' }).optional(),
  /** fill: each blank's accepted answers, `a|b`. */
  blanks: z
    .array(z.string().trim().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.tooLong' }))
    .max(50)
    .optional(),
  apply: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type RegradeForm = z.infer<typeof regradeSchema>;

export interface RegradeChange {
  paperStudentId: string;
  studentName: string;
  studentNo: string;
  before: number;
  after: number;
  totalBefore: number;
  totalAfter: number;
}

export interface RegradeResult {
  applied: boolean;
  changes: RegradeChange[];
  /** Answers whose mark stays (including those marked by hand). */
  unchanged: number;
}
