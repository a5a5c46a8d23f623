/**
 * What one autosave may carry. The server refuses more with 413 (before parsing, for the body) and the exam player
 * keeps to the same numbers: it sends its answers in batches of at most SAVE_BATCH_BYTES and holds back an answer
 * over the per-answer limits (the inputs stop at them too).
 */

/** A text answer (short answer, essay): characters. */
export const ANSWER_TEXT_MAX = 20_000;
/** One blank of a fill-in question, or one file link: characters. */
export const ANSWER_ITEM_MAX = 2000;
/** Blanks of one question, or files of one answer. */
export const ANSWER_ITEMS_MAX = 50;

/**
 * The body of save_answers and submit_exam. The largest answer within the limits is 50 blanks × 2,000 characters
 * (about 300 kB of UTF-8 Chinese); a whole 100-question paper of 1,000-character answers is about 310 kB.
 */
export const SAVE_BODY_LIMIT = 512 * 1024;
/**
 * What the player puts in one save: a longer backlog goes in several. A batch always takes at least one answer, and
 * any answer within the limits fits the body limit on its own.
 */
export const SAVE_BATCH_BYTES = 256 * 1024;

/** True when an answer is over the per-answer limits: the server refuses it (413) however often it is sent. */
export function answerTooLong(answer: unknown): boolean {
  if (typeof answer === 'string') return answer.length > ANSWER_TEXT_MAX;
  return Array.isArray(answer) && answer.some((item) => typeof item === 'string' && item.length > ANSWER_ITEM_MAX);
}
