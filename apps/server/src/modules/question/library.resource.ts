import { questionLibFormSchema, questionLibSchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { question, questionLib } from '../../db/schema/index.ts';
import { libraryPolicy } from './library.policy.ts';
import { assertQuestionsUnused } from './question.usage.ts';

type LibRow = typeof questionLib.$inferSelect;

const libHooks: ResourceHooks<typeof questionLibFormSchema, LibRow> = {
  beforeSave({ db, principal, values, existing }) {
    return libraryPolicy.assertPublishing(db, principal, values, existing);
  },

  /** Only its owner deletes a library, which goes with its questions and shares; none of them may be in use. */
  async beforeRemove({ db, principal, scope, ids, locale }) {
    const libs = await db
      .select({ id: questionLib.id, name: questionLib.name, createUser: questionLib.createUser })
      .from(questionLib)
      .where(and(scope, inArray(questionLib.id, ids)));
    await libraryPolicy.removeShares(db, principal, libs);
    for (const lib of libs) {
      await assertQuestionsUnused(db, { locale, tenantId: principal.tenantId }, eq(question.libId, lib.id), {
        message: 'questionLib.inUse',
        name: lib.name,
      });
    }
    await db
      .update(question)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(and(inArray(question.libId, ids), eq(question.isDeleted, 0)));
  },

  /** Each library with what the caller may do with it, its owner's name and how many questions it holds. */
  async afterLoad(rows, { db, principal }) {
    const ids = rows.map((r) => r.id);
    const [shared, counts] = await Promise.all([
      libraryPolicy.withAccess(db, principal, rows),
      ids.length
        ? db
            .select({ libId: question.libId, n: count() })
            .from(question)
            .where(and(inArray(question.libId, ids), eq(question.isDeleted, 0), eq(question.parentId, '0')))
            .groupBy(question.libId)
        : [],
    ]);
    const n = new Map(counts.map((c) => [c.libId, c.n]));
    return shared.map((r) => ({ ...r, questionCount: n.get(r.id) ?? 0 }));
  },
};

/**
 * 题库 (`/api/jd/pc/question_lib`): a teacher sees their own libraries, those shared with them or their school and
 * the public ones; only owners and edit-sharers change one (others are refused with 403), administrators all.
 */
export const questionLibResource = defineResource({
  name: 'question_lib',
  basePath: '/api/jd/pc/question_lib',
  table: questionLib,
  scope: 'tenant',
  ...libraryPolicy.policy,
  form: questionLibFormSchema,
  filters: {
    name: filter.like(questionLib.name),
    discipline: filter.eqString(questionLib.discipline),
    isPublic: filter.eqInt(questionLib.isPublic),
    createUser: filter.eqId(questionLib.createUser),
  },
  sorts: { name: questionLib.name, createTime: questionLib.createTime, updateTime: questionLib.updateTime },
  defaultSort: [desc(questionLib.updateTime), desc(questionLib.id)],
  hooks: libHooks,
  present: presenter(questionLibSchema),
});
