import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { QUESTION_TYPES } from '../question/question-types.ts';
import type { ANSWER_RESULTS } from './assignment.ts';
import { answerValueSchema, type ExamQuestion } from './take.ts';

/** Right re-tries in a row after which a wrong answer counts as mastered. */
export const MASTERED_AFTER = 3;
export const WRONGBOOK_STATES = ['active', 'mastered'] as const;

/** wrongbook `submit`: a student marks an entry mastered or active again by hand. */
export const wrongbookFormSchema = z.object({
  state: z.enum(WRONGBOOK_STATES, { error: 'validation.invalid' }),
});

export const wrongbookSchema = auditSchema.extend({
  tenantId: z.string(),
  userId: z.string(),
  questionId: z.string(),
  questionInstId: z.string(),
  paperStudentId: z.string(),
  wrongCount: z.number(),
  rightStreak: z.number(),
  state: z.enum(WRONGBOOK_STATES),
  flagIds: z.array(z.string()),
  type: z.enum(QUESTION_TYPES),
  /** The stem as a line of plain text. */
  title: z.string(),
  /** Where it was got wrong (the assignment's title). */
  source: z.string(),
  /** Knowledge points' names. */
  points: z.array(z.string()),
  /** Re-practice opens at this time (classmates can still answer the source assignment); null: open now. */
  practiceFrom: z.string().nullable(),
  /** Re-practice shows the key and analysis (the source's review policy allows them), not only right or wrong. */
  keyVisible: z.boolean(),
});
export type WrongbookEntry = z.infer<typeof wrongbookSchema>;

/** `GET wrongbook/practice?id=`: the question to try again, as an exam shows it, with the answer given last time. */
export interface WrongbookPractice {
  entry: WrongbookEntry;
  question: ExamQuestion;
  lastAnswer: z.infer<typeof answerValueSchema>;
}

/** `POST wrongbook/check`: an answer to a wrong-answer book question, graded at once. */
export const wrongbookCheckSchema = z.object({ id: idSchema, answer: answerValueSchema });

/**
 * The immediate feedback: right or not, and where the entry stands now; the key and analysis only where the review
 * policy shows them (else absent).
 */
export interface PracticeFeedback {
  result: (typeof ANSWER_RESULTS)[number];
  key?: string;
  /** Right options' ids (choices), to mark them on the page. */
  rightOptionIds?: string[];
  analysis?: string;
  state?: (typeof WRONGBOOK_STATES)[number];
  rightStreak?: number;
}
