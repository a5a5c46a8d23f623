import { ANSWER_ITEM_MAX, ANSWER_TEXT_MAX, answerTooLong } from '@shixun/contracts';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { AppError } from '../../../core/http/errors.ts';
import { saveBudget } from '../../../core/http/save-budget.ts';

/**
 * preValidation: an answer over the per-answer limits is 413 naming them (not the schema's 400, which the exam
 * player takes as final): it is not retried unchanged, and the player's other answers keep being saved.
 */
async function answersFit(req: FastifyRequest): Promise<void> {
  const answers = (req.body as { answers?: unknown } | null)?.answers;
  if (!Array.isArray(answers)) return;
  if (answers.some((a) => answerTooLong((a as { answer?: unknown } | null)?.answer)))
    throw new AppError(413, 'exam.answer.tooLong', { text: ANSWER_TEXT_MAX, item: ANSWER_ITEM_MAX });
}

/** The route options of save_answers and submit_exam. */
export const saveLimits = { ...saveBudget, preValidation: answersFit } satisfies RouteShorthandOptions;
