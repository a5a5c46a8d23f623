import { type MessageKey, pointProblems, practicalPointFormSchema, practicalPointSchema } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { practicalInspection, practicalPoint } from '../../db/schema/index.ts';
import { practicalPolicy } from './practical.policy.ts';
import { recomputeTotals } from './practical.totals.ts';

type Row = typeof practicalPoint.$inferSelect;

const pointHooks: ResourceHooks<typeof practicalPointFormSchema, Row> = {
  /** A point is added to a task the caller may change, and stays with it. */
  async beforeSave({ db, principal, values, existing }) {
    if (!existing) await practicalPolicy.editable(db, principal, values.paperId!);
    else if (values.paperId !== undefined && values.paperId !== existing.paperId)
      throw badRequest('practical.point.invalid');
    const [problem] = pointProblems({
      score: values.score ?? existing?.score ?? 0,
      rule: values.rule ?? existing?.rule ?? 'proportional',
      bands: values.bands ?? (existing?.bands as unknown[] | undefined) ?? [],
      minScore: values.minScore !== undefined ? values.minScore : (existing?.minScore ?? null),
      maxScore: values.maxScore !== undefined ? values.maxScore : (existing?.maxScore ?? null),
    });
    if (problem) throw badRequest(problem as MessageKey);
  },

  async afterSave({ db, row }) {
    await recomputeTotals(db, [row.paperId]);
  },

  /** A point's inspection items go with it. */
  async beforeRemove({ db, principal, ids }) {
    await db
      .update(practicalInspection)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(and(inArray(practicalInspection.pointId, ids), eq(practicalInspection.isDeleted, 0)));
  },

  async onRemoved({ db, rows }) {
    await recomputeTotals(
      db,
      rows.map((r) => String(r.paperId)),
    );
  },
};

/**
 * 考核点 (`/api/jd/pc/practical_point`): a task's assessment points in order, read with the task and changed by those
 * who may change it; the task's total follows their scores.
 */
export const practicalPointResource = defineResource({
  name: 'practical_point',
  basePath: '/api/jd/pc/practical_point',
  table: practicalPoint,
  scope: 'tenant',
  ...practicalPolicy.policyOn(practicalPoint.paperId),
  form: practicalPointFormSchema,
  filters: { paperId: filter.eqId(practicalPoint.paperId), name: filter.like(practicalPoint.name) },
  sorts: { sort: practicalPoint.sort, createTime: practicalPoint.createTime },
  defaultSort: [asc(practicalPoint.paperId), asc(practicalPoint.sort), asc(practicalPoint.id)],
  hooks: pointHooks,
  present: presenter(practicalPointSchema),
});
