import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { notFound } from '../../core/http/errors.ts';
import { course, courseClass } from '../../db/schema/index.ts';
import { classScope } from '../academic/academic.api.ts';
import { type CourseRow, coursePolicy } from './course.policy.ts';

/**
 * Courses a student reaches: published, taught to their class. Anyone else reaches a course as the sharing rules say
 * (their own, shared, the public library); a course out of reach does not exist to them (404, like an unknown id).
 */
export async function reachableCourse(
  db: Db,
  p: Principal,
  id: string,
): Promise<{ row: CourseRow; student: boolean; classIds: string[] }> {
  const scope = await classScope(db, p);
  const live = and(eq(course.id, id), eq(course.tenantId, p.tenantId), eq(course.isDeleted, 0));
  if (scope.kind === 'student') {
    const [row] = scope.classIds.length
      ? await db
          .select({ c: course })
          .from(course)
          .innerJoin(courseClass, eq(courseClass.courseId, course.id))
          .where(and(live, eq(course.published, 1), inArray(courseClass.classId, scope.classIds)))
          .limit(1)
      : [];
    if (!row) throw notFound();
    return { row: row.c, student: true, classIds: scope.classIds };
  }
  const [row] = await db
    .select()
    .from(course)
    .where(and(live, coursePolicy.condition(await coursePolicy.reader(db, p), 'read')));
  if (!row) throw notFound();
  return { row, student: false, classIds: [] };
}

/** The courses of a student's classes that are published, as a condition on `course`. */
export function taughtToClasses(db: Db, classIds: string[]) {
  return and(
    eq(course.published, 1),
    inArray(
      course.id,
      db.select({ id: courseClass.courseId }).from(courseClass).where(inArray(courseClass.classId, classIds)),
    ),
  );
}
