import type { batchScoreSchema, importQuestionsSchema } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope, assertWritable } from '../../core/crud/resource.ts';
import type { CrudCall } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { paperQuestion } from '../../db/schema/index.ts';
import { submitQuestion } from '../question/question.api.ts';
import { addableQuestions, editableSection, insertQuestions } from './paper.compose.ts';
import { recomputeTotals } from './paper.totals.ts';
import { paperQuestionResource } from './paper-question.resource.ts';

/** Bank questions added to the end of a section (`title/importQuestion`, `save_batch`); answers how many. */
export function importQuestions(db: Db, p: Principal, input: z.infer<typeof importQuestionsSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const section = await editableSection(tx, p, input.titleId, input.paperId);
    const list = await addableQuestions(tx, p, section.paperId, input.questionIds);
    await insertQuestions(tx, p, section, list);
    await recomputeTotals(tx, [section.paperId]);
    return list.length;
  });
}

/** `title/addEmptyQuestion`: a question for the bank, and where on the paper it goes (`score`, else the bank's). */
export interface NewQuestion {
  paperId: string;
  titleId: string;
  score?: number;
  question: Record<string, unknown>;
}

/**
 * A new question written into a library the caller may edit (by the bank's own rules) and added to the end of the
 * section; answers the saved question.
 */
export function addNewQuestion(call: CrudCall, input: NewQuestion) {
  const p = call.principal;
  // One unit: a question that cannot be placed on the paper is not left in the library either.
  return call.db.transaction(async (tx) => {
    const section = await editableSection(tx, p, input.titleId, input.paperId);
    const saved = await submitQuestion({ ...call, db: tx }, input.question);
    const list = await addableQuestions(tx, p, section.paperId, [saved.id]);
    await insertQuestions(tx, p, section, list, input.score);
    await recomputeTotals(tx, [section.paperId]);
    return saved;
  });
}

/** `update_batch`: one score for each of these questions; a composite's is its children's sum, so it is refused. */
export async function setQuestionScores(db: Db, p: Principal, input: z.infer<typeof batchScoreSchema>): Promise<void> {
  const ids = [...new Set(input.ids)];
  await db.transaction(async (tx) => {
    const scope = await accessScope(tx, paperQuestionResource, p);
    const rows = await tx
      .select({ id: paperQuestion.id, paperId: paperQuestion.paperId })
      .from(paperQuestion)
      .where(and(scope, inArray(paperQuestion.id, ids)));
    if (rows.length !== ids.length) throw notFound();
    await assertWritable(tx, paperQuestionResource, p, ids);
    const [composite] = await tx
      .select({ id: paperQuestion.id })
      .from(paperQuestion)
      .where(and(inArray(paperQuestion.parentId, ids), eq(paperQuestion.isDeleted, 0)))
      .limit(1);
    if (composite) throw badRequest('paper.question.compositeScore');
    await tx
      .update(paperQuestion)
      .set({ score: input.score, updateUser: p.userId, updateTime: new Date() })
      .where(inArray(paperQuestion.id, ids));
    await recomputeTotals(
      tx,
      rows.map((r) => r.paperId),
    );
  });
}
