import {
  type InspectionSpec,
  inspectionProblems,
  type MessageKey,
  practicalInspectionFormSchema,
  practicalInspectionSchema,
} from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../core/crud/resource.ts';
import { badRequest } from '../../core/http/errors.ts';
import { practicalInspection, practicalPoint } from '../../db/schema/index.ts';
import { practicalPolicy } from './practical.policy.ts';

type Row = typeof practicalInspection.$inferSelect;

const inspectionHooks: ResourceHooks<typeof practicalInspectionFormSchema, Row> = {
  /** An item goes under a point of the task it names, which the caller may change; it stays on that task. */
  async beforeSave({ db, principal, values, existing }) {
    const paperId = existing?.paperId ?? values.paperId!;
    if (values.paperId !== undefined && values.paperId !== paperId) throw badRequest('practical.point.invalid');
    if (!existing) await practicalPolicy.editable(db, principal, paperId);
    const row = { ...existing, ...values };
    if ((row.kind ?? 'measure') === 'measure') {
      const [problem] = inspectionProblems({
        kind: 'measure',
        nominal: row.nominal ?? undefined,
        resolution: row.resolution ?? undefined,
        lowerDeviation: row.lowerDeviation ?? null,
        upperDeviation: row.upperDeviation ?? null,
        bands: (row.bands ?? []) as InspectionSpec['bands'],
      });
      if (problem) throw badRequest(problem as MessageKey);
    }
    if (values.pointId === undefined) return;
    const [point] = await db
      .select({ id: practicalPoint.id })
      .from(practicalPoint)
      .where(
        and(
          eq(practicalPoint.id, values.pointId),
          eq(practicalPoint.paperId, paperId),
          eq(practicalPoint.tenantId, principal.tenantId),
          eq(practicalPoint.isDeleted, 0),
        ),
      );
    if (!point) throw badRequest('practical.point.invalid');
  },
};

/**
 * 检查项 (`/api/jd/pc/practical_inspection`): what the examiner checks under each point — a reading against its
 * tolerance, or a pass/fail check — read with the task and changed by those who may change it.
 */
export const practicalInspectionResource = defineResource({
  name: 'practical_inspection',
  basePath: '/api/jd/pc/practical_inspection',
  table: practicalInspection,
  scope: 'tenant',
  ...practicalPolicy.policyOn(practicalInspection.paperId),
  form: practicalInspectionFormSchema,
  filters: {
    paperId: filter.eqId(practicalInspection.paperId),
    pointId: filter.eqId(practicalInspection.pointId),
    name: filter.like(practicalInspection.name),
  },
  sorts: { sort: practicalInspection.sort, createTime: practicalInspection.createTime },
  defaultSort: [asc(practicalInspection.pointId), asc(practicalInspection.sort), asc(practicalInspection.id)],
  hooks: inspectionHooks,
  present: presenter(practicalInspectionSchema),
});
