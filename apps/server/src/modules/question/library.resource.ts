import { questionLibFormSchema, questionLibSchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { userNames } from '../../core/access/user-names.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { forbidden } from '../../core/http/errors.ts';
import { question, questionLib, questionLibPermission } from '../../db/schema/index.ts';
import { accessOf, libCondition, libReader, sharesOf } from './lib-access.ts';
import { assertQuestionsUnused } from './question.usage.ts';

type LibRow = typeof questionLib.$inferSelect;

const libHooks: ResourceHooks<typeof questionLibFormSchema, LibRow> = {
  async beforeSave({ db, principal, values, existing }) {
    // Publishing is the owner's decision (or an administrator's), as sharing is.
    if (!existing || values.isPublic === undefined || values.isPublic === existing.isPublic) return;
    const who = await libReader(db, principal);
    if (who.kind !== 'admin' && existing.createUser !== principal.userId) throw forbidden('questionLib.ownerOnly');
  },

  /** A library goes with its questions and shares; none of its questions may be in use. */
  async beforeRemove({ db, principal, scope, ids, locale }) {
    const libs = await db
      .select({ id: questionLib.id, name: questionLib.name })
      .from(questionLib)
      .where(and(scope, inArray(questionLib.id, ids)));
    for (const lib of libs) {
      await assertQuestionsUnused(db, { locale, tenantId: principal.tenantId }, eq(question.libId, lib.id), {
        message: 'questionLib.inUse',
        name: lib.name,
      });
    }
    const gone = { isDeleted: 1, updateUser: principal.userId, updateTime: new Date() };
    await db
      .update(question)
      .set(gone)
      .where(and(inArray(question.libId, ids), eq(question.isDeleted, 0)));
    await db
      .update(questionLibPermission)
      .set(gone)
      .where(and(inArray(questionLibPermission.libId, ids), eq(questionLibPermission.isDeleted, 0)));
  },

  /** Each library with what the caller may do with it, its owner's name and how many questions it holds. */
  async afterLoad(rows, { db, principal }) {
    const ids = rows.map((r) => r.id);
    const who = await libReader(db, principal);
    const [shares, owners, counts] = await Promise.all([
      sharesOf(db, who, ids),
      userNames(
        db,
        rows.map((r) => r.createUser),
      ),
      ids.length
        ? db
            .select({ libId: question.libId, n: count() })
            .from(question)
            .where(and(inArray(question.libId, ids), eq(question.isDeleted, 0), eq(question.parentId, '0')))
            .groupBy(question.libId)
        : [],
    ]);
    const n = new Map(counts.map((c) => [c.libId, c.n]));
    return rows.map((r) => ({
      ...r,
      access: accessOf(who, r, shares.get(r.id)),
      ownerName: owners.get(r.createUser ?? '') ?? '',
      questionCount: n.get(r.id) ?? 0,
    }));
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
  async rowScope(db, p) {
    return libCondition(await libReader(db, p), 'read');
  },
  async writeScope(db, p) {
    const where = libCondition(await libReader(db, p), 'edit');
    return where ? { where, refusal: 'questionLib.readOnly' } : undefined;
  },
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
