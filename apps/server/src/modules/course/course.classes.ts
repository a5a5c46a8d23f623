import type { CourseClassForm } from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { courseClass, courseSub } from '../../db/schema/index.ts';
import { assertAssignable, classScope, liveClassIds } from '../academic/academic.api.ts';

/**
 * The classes a course is sent to, checked: each once, live classes of the tenant, and every class not already on the
 * course one the caller teaches (an edit-sharer keeps the owner's classes but adds only their own); release dates only
 * for the course's own topics.
 */
export async function assertCourseClasses(
  db: Db,
  p: Principal,
  courseId: string | undefined,
  classes: CourseClassForm[],
): Promise<void> {
  const ids = classes.map((c) => c.classId);
  if (new Set(ids).size !== ids.length) throw badRequest('course.class.duplicate');
  if (!ids.length) return;
  const live = await liveClassIds(db, p.tenantId, ids);
  if (live.length !== ids.length) throw badRequest('clazz.invalid');
  const kept = courseId
    ? (
        await db
          .select({ classId: courseClass.classId })
          .from(courseClass)
          .where(and(eq(courseClass.courseId, courseId), inArray(courseClass.classId, ids)))
      ).map((r) => r.classId)
    : [];
  assertAssignable(
    await classScope(db, p),
    ids.filter((id) => !kept.includes(id)),
  );
  const topicIds = [...new Set(classes.flatMap((c) => Object.keys(c.releases ?? {})))];
  if (!topicIds.length) return;
  const topics = courseId
    ? await db
        .select({ id: courseSub.id })
        .from(courseSub)
        .where(and(eq(courseSub.courseId, courseId), eq(courseSub.isDeleted, 0), inArray(courseSub.id, topicIds)))
    : [];
  if (topics.length !== topicIds.length) throw badRequest('course.release.topic');
}
