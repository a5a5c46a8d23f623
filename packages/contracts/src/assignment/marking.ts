// Marking (阅卷): marks for answers, marking progress, the frozen questions and answers as markers list them, and
// re-grading after a key fix.
import { z } from 'zod';
import { auditSchema, idSchema, type Page, pageQuerySchema } from '../common.ts';
import { scoreSchema } from '../question/question.ts';
import type { QuestionType } from '../question/question-types.ts';
import { ANSWER_RESULTS, type AnswerResult } from './assignment.ts';
import type { AnswerValue } from './take.ts';

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
  /**
   * A short answer's scoring points (要点), each at its share of the question's score in this assignment (a paper may
   * score the question otherwise than the bank: points keep their proportions, as blanks do). Markers only.
   */
  points: ScoringPoint[];
}

/** A scoring point as a marker ticks it: what to look for and what it is worth (0: a checklist item). */
export interface ScoringPoint {
  id: string;
  content: string;
  score: number;
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

/**
 * `GET paper_student_question/answers`: one page of the submitted answers to a question, those awaiting marking
 * first, then by student number. `since` (the `since` of the first page) keeps answers marked from then on in their
 * place, so pages do not shift while a teacher works through them.
 */
export const markingAnswersQuerySchema = pageQuerySchema.pick({ current: true, size: true }).extend({
  paperTeacherQuestionId: idSchema,
  since: z.coerce.date({ error: 'validation.invalid' }).optional(),
});
export type MarkingAnswersQuery = z.infer<typeof markingAnswersQuerySchema>;

export interface MarkingAnswerPage extends Page<MarkingAnswer> {
  /** Answers to this question still awaiting marking. */
  toMark: number;
  /** The next answer awaiting marking after this page (else the first from the top), and the page holding it. */
  nextToMark: { id: string; current: number } | null;
  /** When this order was fixed: send it back as `since` for the other pages of this pass. */
  since: string;
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
