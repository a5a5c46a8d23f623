import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { courseSub, courseware } from '../../db/schema/index.ts';

/** Topics and coursewares of each of these courses (lists and cards show them). */
export async function courseCounts(
  db: Db,
  ids: string[],
): Promise<{ topics: Map<string, number>; coursewares: Map<string, number> }> {
  if (!ids.length) return { topics: new Map(), coursewares: new Map() };
  // One after the other: lists may be loaded on a transaction's one connection.
  const topics = await db
    .select({ id: courseSub.courseId, n: count() })
    .from(courseSub)
    .where(and(inArray(courseSub.courseId, ids), eq(courseSub.isDeleted, 0)))
    .groupBy(courseSub.courseId);
  const wares = await db
    .select({ id: courseware.courseId, n: count() })
    .from(courseware)
    .where(and(inArray(courseware.courseId, ids), eq(courseware.isDeleted, 0)))
    .groupBy(courseware.courseId);
  return {
    topics: new Map(topics.map((r) => [r.id, r.n])),
    coursewares: new Map(wares.map((r) => [r.id, r.n])),
  };
}
