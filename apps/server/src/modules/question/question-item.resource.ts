import { questionItemRowFormSchema, questionItemRowSchema } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { question, questionItem } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { editableLib, recheckQuestion, richTextCleaner } from './question.hooks.ts';

/** Items of the questions whose library the caller may read (or edit). */
async function itemsOfLibs(db: Db, p: Principal, mode: 'read' | 'edit') {
  const libs = await libraryPolicy.idCondition(db, p, mode, question.libId);
  if (!libs) return undefined;
  return inArray(questionItem.questionId, db.select({ id: question.id }).from(question).where(libs));
}

/**
 * 选项/空/答案要点 on their own (`/api/jd/pc/question_item`): the same rows a question's `items` carries. Every
 * change leaves the question whole (a single-choice question keeps exactly one right option) or is refused.
 */
export const questionItemResource = defineResource({
  name: 'question_item',
  basePath: '/api/jd/pc/question_item',
  table: questionItem,
  scope: 'tenant',
  rowScope: (db, p) => itemsOfLibs(db, p, 'read'),
  async writeScope(db, p) {
    const where = await itemsOfLibs(db, p, 'edit');
    return where ? { where, refusal: 'questionLib.readOnly' } : undefined;
  },
  form: questionItemRowFormSchema,
  filters: { questionId: filter.eqId(questionItem.questionId) },
  sorts: { sort: questionItem.sort },
  defaultSort: [asc(questionItem.questionId), asc(questionItem.sort), asc(questionItem.id)],
  hooks: {
    async beforeSave({ db, principal, values, existing, next, files }) {
      if (existing && values.questionId !== undefined && values.questionId !== existing.questionId) {
        throw badRequest('question.invalid');
      }
      const [q] = await db
        .select({ libId: question.libId })
        .from(question)
        .where(
          and(eq(question.tenantId, principal.tenantId), eq(question.isDeleted, 0), eq(question.id, next.questionId)),
        );
      if (!q) throw badRequest('question.invalid');
      await editableLib(db, principal, q.libId);
      if (typeof values.content === 'string')
        values.content = (await richTextCleaner(db, files, principal))(values.content);
    },
    async afterSave({ db, row }) {
      await recheckQuestion(db, String(row.questionId));
    },
    async beforeRemove({ db, scope, ids }) {
      const rows = await db
        .selectDistinct({ questionId: questionItem.questionId })
        .from(questionItem)
        .where(and(scope, inArray(questionItem.id, ids)));
      for (const r of rows) await recheckQuestion(db, r.questionId, ids);
    },
  },
  present: presenter(questionItemRowSchema),
});
