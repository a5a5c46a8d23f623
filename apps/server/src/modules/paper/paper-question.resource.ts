import { type Locale, paperQuestionFormSchema, paperQuestionSchema } from '@shixun/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paperQuestion } from '../../db/schema/index.ts';
import { questionChildren } from '../question/question.api.ts';
import { addableQuestions, editableSection, insertChildRows } from './paper.compose.ts';
import { paperPolicy } from './paper.policy.ts';
import { recomputeTotals } from './paper.totals.ts';

type Row = typeof paperQuestion.$inferSelect;

const questionHooks: ResourceHooks<typeof paperQuestionFormSchema, Row> = {
  async beforeSave({ db, principal, values, existing }) {
    if (!existing) {
      const section = await editableSection(db, principal, values.titleId!);
      const [add] = await addableQuestions(db, principal, section.paperId, [values.questionId!]);
      if (add!.children.length && values.score !== undefined) throw badRequest('paper.question.compositeScore');
      values.paperId = section.paperId;
      values.score ??= add!.children.length ? 0 : Number(add!.question.score);
      return;
    }
    const composite = (await childCount(db, existing.id)) > 0;
    if (values.score !== undefined && composite) throw badRequest('paper.question.compositeScore');
    // Another question in the same place (换题), keeping the score unless one is sent; composites are not swapped.
    if (values.questionId !== undefined && values.questionId !== existing.questionId) {
      const [add] = await addableQuestions(db, principal, existing.paperId, [values.questionId]);
      if (composite || add!.children.length) throw badRequest('paper.question.replaceComposite');
    }
  },

  /** A composite added brings its children (a new row has none yet); every save keeps the totals. */
  async afterSave({ db, principal, row, existing }) {
    if (!existing) {
      await insertChildRows(db, principal, row, await questionChildren(db, [row.questionId]));
    }
    await recomputeTotals(db, [row.paperId]);
  },

  /** A composite's child goes only with its composite (`cascade=1` brings the children along). */
  async beforeRemove({ db, ids }) {
    const rows = await db.select().from(paperQuestion).where(inArray(paperQuestion.id, ids));
    if (rows.some((r) => r.parentId !== '0' && !ids.includes(r.parentId)))
      throw badRequest('paper.question.childRemove');
  },

  async onRemoved({ db, rows }) {
    await recomputeTotals(
      db,
      rows.map((r) => String(r.paperId)),
    );
  },
};

async function childCount(db: Parameters<typeof recomputeTotals>[0], id: string) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(paperQuestion)
    .where(and(eq(paperQuestion.parentId, id), eq(paperQuestion.isDeleted, 0)));
  return n;
}

/**
 * A question in a paper's section (`/api/jd/pc/paper_question`; batches and moves in paper.routes.ts): its score
 * and place. A composite question's children are the rows below its row; its own score is their sum.
 */
export const paperQuestionResource = defineResource({
  name: 'paper_question',
  basePath: '/api/jd/pc/paper_question',
  table: paperQuestion,
  scope: 'tenant',
  ...paperPolicy.policyOn(paperQuestion.paperId),
  form: paperQuestionFormSchema,
  filters: {
    paperId: filter.eqId(paperQuestion.paperId),
    titleId: filter.eqId(paperQuestion.titleId),
    parentId: filter.eqId(paperQuestion.parentId),
  },
  sorts: { sort: paperQuestion.sort, score: paperQuestion.score },
  defaultSort: [asc(paperQuestion.titleId), asc(paperQuestion.sort), asc(paperQuestion.id)],
  extraLists: [{ path: 'page' }],
  tree: {
    parent: paperQuestion.parentId,
    sort: paperQuestion.sort,
    partition: [paperQuestion.titleId],
    title: (row: Row, _locale: Locale) => row.questionId,
    cascade: true,
    messages: {
      parent: 'paper.question.parent',
      loop: 'paper.question.parent',
      hasChildren: 'paper.question.hasChildren',
      partitionFixed: 'paper.question.fixed',
    },
    calls: { basePath: '/api/exam/pc/paper/question', upDown: { up: 'move/up', down: 'move/down' } },
  },
  hooks: questionHooks,
  present: presenter(paperQuestionSchema),
});
