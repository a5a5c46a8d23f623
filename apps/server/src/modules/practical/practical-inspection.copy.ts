import type { PracticalInspectionCopy } from '@shixun/contracts';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest } from '../../core/http/errors.ts';
import { practicalInspection, practicalPoint } from '../../db/schema/index.ts';
import { practicalPolicy } from './practical.policy.ts';

/**
 * `add_practial_inspection_for_paper` (the SPEC's spelling): inspection items copied, in the order given, under a
 * point of a task the caller may change — from any task they may read (another teacher's shared or published one, or
 * their own). Items of tasks they may not read are unknown ones (400), as are ids that do not exist.
 */
export async function copyInspections(db: Db, p: Principal, body: PracticalInspectionCopy): Promise<number> {
  await practicalPolicy.editable(db, p, body.paperId);
  const [point] = await db
    .select({ id: practicalPoint.id })
    .from(practicalPoint)
    .where(
      and(
        eq(practicalPoint.id, body.pointId),
        eq(practicalPoint.paperId, body.paperId),
        eq(practicalPoint.isDeleted, 0),
      ),
    );
  if (!point) throw badRequest('practical.point.invalid');
  const ids = [...new Set(body.inspectionIds)];
  const sources = await db
    .select()
    .from(practicalInspection)
    .where(
      and(
        inArray(practicalInspection.id, ids),
        eq(practicalInspection.tenantId, p.tenantId),
        eq(practicalInspection.isDeleted, 0),
      ),
    );
  if (sources.length !== ids.length) throw badRequest('practical.item.invalid');
  for (const paperId of new Set(sources.map((s) => s.paperId))) await practicalPolicy.readable(db, p, paperId);
  const [last] = await db
    .select({ sort: max(practicalInspection.sort) })
    .from(practicalInspection)
    .where(and(eq(practicalInspection.pointId, point.id), eq(practicalInspection.isDeleted, 0)));
  const bySource = new Map(sources.map((s) => [s.id, s]));
  const start = (last?.sort ?? -1) + 1;
  await db.insert(practicalInspection).values(
    ids.map((id, i) => {
      const {
        id: _id,
        paperId: _paper,
        pointId: _point,
        sort: _sort,
        createTime: _c,
        updateTime: _u,
        ...copied
      } = bySource.get(id)!;
      return {
        ...copied,
        id: newId(),
        paperId: body.paperId,
        pointId: point.id,
        sort: start + i,
        createUser: p.userId,
        createDept: p.deptId,
        updateUser: p.userId,
      };
    }),
  );
  return ids.length;
}
