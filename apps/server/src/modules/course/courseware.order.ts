import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { course, courseware } from '../../db/schema/index.ts';
import { coursePolicy } from './course.policy.ts';

/**
 * `POST courseware/move/{up|down}/{id}`: a courseware one step among its topic's coursewares (the order students
 * see). A courseware whose course the caller may not read answers 404 like an unknown id; one they may only read,
 * 403; at either end it stays. The topic's coursewares are numbered 1…n again, so rows saved with equal sorts (the
 * default) take a definite order.
 */
export async function stepCourseware(db: Db, p: Principal, id: string, step: -1 | 1): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ courseId: courseware.courseId, topicId: courseware.courseSubId })
      .from(courseware)
      .innerJoin(course, and(eq(course.id, courseware.courseId), eq(course.isDeleted, 0)))
      .where(
        and(
          eq(courseware.id, id),
          eq(courseware.tenantId, p.tenantId),
          eq(courseware.isDeleted, 0),
          coursePolicy.condition(await coursePolicy.reader(tx, p), 'read'),
        ),
      );
    if (!row) throw notFound();
    await coursePolicy.editable(tx, p, row.courseId);
    const siblings = await tx
      .select({ id: courseware.id, sort: courseware.sort })
      .from(courseware)
      .where(and(eq(courseware.courseSubId, row.topicId), eq(courseware.isDeleted, 0)))
      .orderBy(asc(courseware.sort), asc(courseware.id));
    const from = siblings.findIndex((s) => s.id === id);
    const to = from + step;
    if (to < 0 || to >= siblings.length) return;
    [siblings[from], siblings[to]] = [siblings[to]!, siblings[from]!];
    for (const [i, s] of siblings.entries()) {
      if (s.sort !== i + 1)
        await tx
          .update(courseware)
          .set({ sort: i + 1 })
          .where(eq(courseware.id, s.id));
    }
  });
}
