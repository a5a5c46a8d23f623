import type { CourseTopicNode, Page, StudentCourse } from '@shixun/contracts';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import { userNames } from '../../core/access/user-names.ts';
import type { Db } from '../../core/db/client.ts';
import { toPage } from '../../core/http/envelope.ts';
import { course, coursePaper, courseStudy, courseSub, courseware } from '../../db/schema/index.ts';
import { classScope, flagNames } from '../academic/academic.api.ts';
import { courseCounts } from './course.counts.ts';
import type { CourseRow } from './course.policy.ts';
import { taughtToClasses } from './course.reach.ts';

/**
 * `student_course_list` (我的课程): the published courses of the caller's class, newest first, each with how far
 * they are (coursewares completed). Anyone who is not a student has no classes to learn in: an empty page.
 */
export async function studentCourses(
  db: Db,
  p: Principal,
  q: { current: number; size: number; name?: string | undefined },
): Promise<Page<StudentCourse>> {
  const scope = await classScope(db, p);
  if (scope.kind !== 'student' || !scope.classIds.length) return toPage([], 0, q.current, q.size);
  const where = and(
    eq(course.tenantId, p.tenantId),
    eq(course.isDeleted, 0),
    taughtToClasses(db, scope.classIds),
    q.name ? ilike(course.name, `%${q.name.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(course)
      .where(where)
      .orderBy(desc(course.updateTime), desc(course.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(course).where(where),
  ]);
  return toPage(await asStudentCourses(db, p, rows), total?.n ?? 0, q.current, q.size);
}

/** Courses as a student's cards show them. */
export async function asStudentCourses(db: Db, p: Principal, rows: CourseRow[]): Promise<StudentCourse[]> {
  const ids = rows.map((r) => r.id);
  const [counts, teachers, directions, done] = await Promise.all([
    courseCounts(db, ids),
    userNames(
      db,
      rows.map((r) => r.createUser),
    ),
    flagNames(
      db,
      rows.map((r) => r.directionId).filter((d) => d !== '0'),
    ),
    ids.length
      ? db
          .select({ id: courseStudy.courseId, n: count() })
          .from(courseStudy)
          .innerJoin(courseware, and(eq(courseware.id, courseStudy.coursewareId), eq(courseware.isDeleted, 0)))
          .where(
            and(eq(courseStudy.userId, p.userId), inArray(courseStudy.courseId, ids), eq(courseStudy.completed, 1)),
          )
          .groupBy(courseStudy.courseId)
      : [],
  ]);
  const completed = new Map(done.map((d) => [d.id, d.n]));
  return rows.map((r) => {
    const wares = counts.coursewares.get(r.id) ?? 0;
    const finished = completed.get(r.id) ?? 0;
    return {
      id: r.id,
      name: r.name,
      cover: r.cover,
      discipline: r.discipline,
      directionName: directions.get(r.directionId) ?? '',
      description: r.description,
      hours: r.hours,
      teacherName: teachers.get(r.createUser ?? '') ?? '',
      topicCount: counts.topics.get(r.id) ?? 0,
      coursewareCount: wares,
      completedCount: finished,
      percent: wares ? Math.floor((finished * 100) / wares) : 0,
    };
  });
}

/**
 * A course's topics as a nested tree in course order, each with its coursewares and papers counted (the editor's and
 * the study page's left pane).
 */
export async function topicTree(db: Db, courseId: string): Promise<CourseTopicNode[]> {
  const live = <T extends typeof courseSub | typeof courseware | typeof coursePaper>(t: T) =>
    and(eq(t.courseId, courseId), eq(t.isDeleted, 0));
  const [topics, wares, papers] = await Promise.all([
    db.select().from(courseSub).where(live(courseSub)).orderBy(asc(courseSub.sort), asc(courseSub.id)),
    db
      .select({ id: courseware.courseSubId, n: count() })
      .from(courseware)
      .where(live(courseware))
      .groupBy(courseware.courseSubId),
    db
      .select({ id: coursePaper.courseSubId, n: count() })
      .from(coursePaper)
      .where(live(coursePaper))
      .groupBy(coursePaper.courseSubId),
  ]);
  const n = (rows: { id: string; n: number }[]) => new Map(rows.map((r) => [r.id, r.n]));
  const [wareCount, paperCount] = [n(wares), n(papers)];
  const nodes = new Map<string, CourseTopicNode>(
    topics.map((t) => [
      t.id,
      {
        id: t.id,
        parentId: t.parentId,
        key: t.id,
        value: t.id,
        title: t.name,
        name: t.name,
        sort: t.sort,
        locked: t.locked,
        flagIds: t.flagIds,
        hasChildren: false,
        coursewareCount: wareCount.get(t.id) ?? 0,
        paperCount: paperCount.get(t.id) ?? 0,
      },
    ]),
  );
  const roots: CourseTopicNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      parent.children = [...(parent.children ?? []), node];
      parent.hasChildren = true;
    } else if (node.parentId === '0') roots.push(node);
  }
  return roots;
}
