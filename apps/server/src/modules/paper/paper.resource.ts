import { paperFormSchema, paperSchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { assertUnreferenced } from '../../core/crud/references.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { paper, paperQuestion, paperTitle } from '../../db/schema/index.ts';
import { type PaperRow, paperPolicy } from './paper.policy.ts';

const paperHooks: ResourceHooks<typeof paperFormSchema, PaperRow> = {
  async beforeSave({ db, principal, values, existing }) {
    await paperPolicy.assertPublishing(db, principal, values, existing);
    // A new paper has no questions yet: a pass score is checked against the total once there is one.
    const total = existing?.totalScore ?? 0;
    if (values.passScore !== undefined && total > 0 && values.passScore > total)
      throw badRequest('paper.passScore.tooHigh', { pass: values.passScore, total });
  },

  /**
   * Only its owner (or an administrator) deletes a paper, which goes with its sections, questions and shares — unless
   * something (an assignment, a course) still uses it.
   */
  async beforeRemove({ db, principal, scope, ids, locale }) {
    const rows = await db
      .select({ id: paper.id, title: paper.title, createUser: paper.createUser })
      .from(paper)
      .where(and(scope, inArray(paper.id, ids)));
    await paperPolicy.removeShares(db, principal, rows);
    await assertUnreferenced(
      db,
      { locale, tenantId: principal.tenantId },
      'paper',
      rows.map((r) => ({ key: r.id, name: r.title })),
      'paper.inUse',
    );
    const gone = { isDeleted: 1, updateUser: principal.userId, updateTime: new Date() };
    for (const table of [paperTitle, paperQuestion]) {
      await db
        .update(table)
        .set(gone)
        .where(and(inArray(table.paperId, ids), eq(table.isDeleted, 0)));
    }
  },

  /** Each paper with what the caller may do with it, its owner's name and how many questions it holds. */
  async afterLoad(rows, { db, principal }) {
    const ids = rows.map((r) => r.id);
    const [shared, counts] = await Promise.all([
      paperPolicy.withAccess(db, principal, rows),
      ids.length
        ? db
            .select({ paperId: paperQuestion.paperId, n: count() })
            .from(paperQuestion)
            .where(
              and(inArray(paperQuestion.paperId, ids), eq(paperQuestion.isDeleted, 0), eq(paperQuestion.parentId, '0')),
            )
            .groupBy(paperQuestion.paperId)
        : [],
    ]);
    const n = new Map(counts.map((c) => [c.paperId, c.n]));
    return shared.map((r) => ({ ...r, questionCount: n.get(r.id) ?? 0 }));
  },
};

/**
 * 试卷 (`/api/jd/pc/paper`; the `/api/exam/pc/paper` family is paper.routes.ts): a teacher's own papers, those shared
 * with them or their school (paper_permission) and the published ones; owners, edit-sharers and administrators change
 * one, others are refused with 403; only owners and administrators publish, share or delete it.
 */
export const paperResource = defineResource({
  name: 'paper',
  basePath: '/api/jd/pc/paper',
  table: paper,
  scope: 'tenant',
  ...paperPolicy.policy,
  form: paperFormSchema,
  filters: {
    title: filter.like(paper.title),
    paperType: filter.inStrings(paper.paperType),
    discipline: filter.eqString(paper.discipline),
    isPublic: filter.eqInt(paper.isPublic),
    composeMode: filter.eqString(paper.composeMode),
    createUser: filter.eqId(paper.createUser),
  },
  sorts: {
    title: paper.title,
    totalScore: paper.totalScore,
    createTime: paper.createTime,
    updateTime: paper.updateTime,
  },
  defaultSort: [desc(paper.updateTime), desc(paper.id)],
  extraLists: [
    { path: 'page' },
    { path: '/api/exam/pc/paper/page' },
    // 我的: the caller's own papers; 共享给我: those shared with them or their school.
    ...paperPolicy.lists({ public: 'publicLib_page', mine: 'my_paper_list', shared: 'shared_paper_list' }),
  ],
  hooks: paperHooks,
  present: presenter(paperSchema),
});
