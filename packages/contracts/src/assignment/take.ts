// Taking an attempt: answers and their autosave, integrity signals, the student's paper, and the review of an attempt.
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { type PaperType, switchSchema } from '../paper/paper.ts';
import type { QuestionType } from '../question/question-types.ts';
import type { AnswerResult, Attempt, AttemptState, KeyTiming } from './assignment.ts';
import { ANSWER_ITEM_MAX, ANSWER_ITEMS_MAX, ANSWER_TEXT_MAX } from './save-limits.ts';

/**
 * A student's answer: single an option id; multiple option ids; judge `T`/`F`; fill one text per blank; short text;
 * file stored file links. Null clears it.
 */
export const answerValueSchema = z.union(
  [
    z.string().max(ANSWER_TEXT_MAX, { error: 'validation.tooLong' }),
    z.array(z.string().max(ANSWER_ITEM_MAX)).max(ANSWER_ITEMS_MAX),
    z.null(),
  ],
  { error: 'exam.answer.invalid' },
);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const answerSaveSchema = z.object({
  /** The paper_teacher_question id (a question of the student's paper). */
  questionId: idSchema,
  answer: answerValueSchema,
  /** The client's sequence number for this question: increases with every change. */
  seq: z.coerce.number({ error: 'exam.seq.invalid' }).int({ error: 'exam.seq.invalid' }).min(1).max(2_000_000_000),
  flagged: switchSchema.optional(),
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
    /** `immediate`: a practice that shows right or wrong, the key and analysis after each saved answer (`check`). */
    keyTiming: KeyTiming;
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
  /**
   * What this reader sees — score: the total only; answers: also each answer and mark; analysis: also the key and
   * analysis. A policy of `analysis` reads as `answers` while classmates can still answer (see `keysFrom`).
   */
  policy: 'score' | 'answers' | 'analysis' | 'marker';
  /** The key and analysis are withheld until this time (the policy shows them, but students can still answer). */
  keysFrom: string | null;
  sections: (Omit<ExamSection, 'questions'> & { questions: ReviewQuestion[] })[];
}
