// Whether an answer counts as given, without schemas: the exam page counts answers and does not download zod.
import type { AnswerValue } from './take.ts';

/** An answer worth counting as given: a non-empty text, or a list with something in it. */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  return answer.some((a) => a.trim() !== '');
}
