import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { practicalInspection, practicalPaper, practicalPoint } from '../../db/schema/index.ts';
import { practicalPolicy } from './practical.policy.ts';

type TaskRow = typeof practicalPaper.$inferSelect;

/**
 * `quote` (引用): a task the caller may read — shared with them or published — copied as their own private task with
 * its points and inspection items; `source_id` records where it came from. The original is never changed through the
 * copy, and its shares do not follow it.
 */
export function quoteTask(db: Db, p: Principal, input: { id: string; title?: string | undefined }): Promise<string> {
  return practicalPolicy.quote(db, p, input.id, (tx, source) => copyTask(tx, p, source, input.title || source.title));
}

async function copyTask(tx: Db, p: Principal, source: TaskRow, title: string): Promise<string> {
  const now = new Date();
  const audit = {
    tenantId: p.tenantId,
    createUser: p.userId,
    createDept: p.deptId,
    createTime: now,
    updateUser: p.userId,
    updateTime: now,
  };
  const id = newId();
  await tx.insert(practicalPaper).values({ ...source, ...audit, id, title, isPublic: 0, sourceId: source.id });
  const live = (table: typeof practicalPoint | typeof practicalInspection) =>
    and(eq(table.paperId, source.id), eq(table.isDeleted, 0));
  const points = await tx.select().from(practicalPoint).where(live(practicalPoint)).orderBy(asc(practicalPoint.sort));
  const pointIds = new Map(points.map((point) => [point.id, newId()]));
  if (points.length) {
    await tx
      .insert(practicalPoint)
      .values(points.map((point) => ({ ...point, ...audit, id: pointIds.get(point.id)!, paperId: id })));
  }
  // An item under a point deleted on its own has no point to follow: it is not copied.
  const items = (
    await tx.select().from(practicalInspection).where(live(practicalInspection)).orderBy(asc(practicalInspection.sort))
  ).filter((item) => pointIds.has(item.pointId));
  if (items.length) {
    await tx
      .insert(practicalInspection)
      .values(
        items.map((item) => ({ ...item, ...audit, id: newId(), paperId: id, pointId: pointIds.get(item.pointId)! })),
      );
  }
  return id;
}
