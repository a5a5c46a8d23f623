import type { addQuestionsSchema, childQuestionFormSchema, Locale, PaperRela, QuestionTree } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../core/access/principal.ts';
import { accessScope, loadRows } from '../../core/crud/resource.ts';
import { type CrudCall, resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { question } from '../../db/schema/index.ts';
import { copyQuestions } from './question.copy.ts';
import { editableLib } from './question.hooks.ts';
import { childOrder, childrenOf, questionResource } from './question.resource.ts';
import { questionPlaces } from './question.usage.ts';

const questions = resourceService(questionResource);

/** A live question the caller may read, or 404. */
async function readable(db: Db, p: Principal, id: string) {
  const scope = await accessScope(db, questionResource, p);
  const [row] = await db
    .select()
    .from(question)
    .where(and(scope, eq(question.id, id)));
  if (!row) throw notFound();
  return { row, scope };
}

/**
 * Is the question (or one of its children) used, and where — the papers named for the teacher; `exceptPaper`, the
 * paper being edited, is left out.
 */
export async function questionUse(
  db: Db,
  p: Principal,
  locale: Locale,
  input: { id: string; exceptPaper?: string | undefined },
): Promise<PaperRela> {
  await readable(db, p, input.id);
  const children = await db
    .select({ id: question.id })
    .from(question)
    .where(childrenOf([input.id]));
  const ids = [input.id, ...children.map((c) => c.id)];
  const places = await questionPlaces(db, locale, p.tenantId, ids, input.exceptPaper);
  return { used: places !== '', places };
}

/** A question with its children in order (children are never composite: one level). */
export async function questionTree(db: Db, p: Principal, id: string): Promise<QuestionTree> {
  const { row, scope } = await readable(db, p, id);
  const kids = await db
    .select()
    .from(question)
    .where(childrenOf([row.id]))
    .orderBy(...childOrder);
  const [parent, ...children] = (await loadRows(questionResource, [row, ...kids], { db, principal: p, scope })).map(
    (r) => ({ ...(questionResource.present(r) as QuestionTree), children: [] as QuestionTree[] }),
  );
  return { ...parent!, children };
}

/** A child of a composite question the caller may read, placed last, by the bank's own submit. */
export async function addChildQuestion(
  call: CrudCall,
  parentId: string,
  fields: z.infer<typeof childQuestionFormSchema>,
) {
  const { row } = await readable(call.db, call.principal, parentId);
  if (row.type !== 'composite') throw badRequest('question.composite.required');
  return questions.submit(call, { ...fields, libId: row.libId, parentId: row.id });
}

/** Questions the caller may read (e.g. of the public library) copied into a library they edit; answers how many. */
export function addQuestions(db: Db, p: Principal, input: z.infer<typeof addQuestionsSchema>): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    await editableLib(tx, p, input.libId);
    const scope = await accessScope(tx, questionResource, p);
    const found = await tx
      .select({ id: question.id })
      .from(question)
      .where(and(scope, inArray(question.id, ids)));
    if (found.length !== ids.length) throw notFound();
    return copyQuestions(tx, p, ids, input.libId);
  });
}
