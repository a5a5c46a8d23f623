import type {
  CourseLibraryGroup,
  CoursePaperBatch,
  CoursePublish,
  CourseQuote,
  NotRelatePageQuery,
} from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { CrudCall } from '../../core/crud/service.ts';
import { resourceService } from '../../core/crud/service.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import { course, courseClass, coursePaper, courseSub } from '../../db/schema/index.ts';
import { paperPolicy, readablePapersExcept } from '../paper/paper.api.ts';
import { coursePolicy } from './course.policy.ts';
import { quoteCourse } from './course.quote.ts';
import { reachableCourse } from './course.reach.ts';
import { courseResource } from './course.resource.ts';
import { editableTopic } from './courseware.rules.ts';

/* The course routes' use cases, one unit each: a transaction around the step, then what the answer shows. */

const courses = resourceService(courseResource);

/** `quote_course`: the copy made, answered as the course list shows it. */
export async function quote(call: CrudCall, body: CourseQuote) {
  return courses.detail(call, await quoteCourse(call.db, call.principal, body));
}

/** Shown to (or hidden from) the students of its classes: by anyone who may change it; a course needs classes first. */
export async function publish(call: CrudCall, body: CoursePublish) {
  await call.db.transaction(async (tx) => {
    const row = await coursePolicy.editable(tx, call.principal, body.id);
    if (body.published === 1) {
      const [taught] = await tx
        .select({ id: courseClass.id })
        .from(courseClass)
        .where(eq(courseClass.courseId, row.id))
        .limit(1);
      if (!taught) throw badRequest('course.publish.noClass');
    }
    await tx
      .update(course)
      .set({ published: body.published, updateUser: call.principal.userId, updateTime: new Date() })
      .where(eq(course.id, row.id));
  });
  return courses.detail(call, body.id);
}

/** `GET tree` (the public library): its courses grouped by direction, directions by name, "no direction" last. */
export async function libraryTree(call: CrudCall): Promise<CourseLibraryGroup[]> {
  const page = await courses.list(
    call,
    { current: 1, size: 1000 },
    { path: 'tree', where: () => eq(course.isPublic, 1) },
  );
  const groups = new Map<string, CourseLibraryGroup>();
  for (const c of page.records) {
    const g = groups.get(c.directionId) ?? { directionId: c.directionId, directionName: c.directionName, courses: [] };
    g.courses.push(c);
    groups.set(c.directionId, g);
  }
  return [...groups.values()].sort((a, b) =>
    a.directionId === '0' ? 1 : b.directionId === '0' ? -1 : a.directionName.localeCompare(b.directionName, 'zh'),
  );
}

/**
 * `add_batch`: papers the caller may read put last on a topic of a course they may change, in one transaction; those
 * already on it are left as they are. Answers how many were added.
 */
export async function addPapers(call: CrudCall, body: CoursePaperBatch): Promise<{ added: number }> {
  const p = call.principal;
  return call.db.transaction(async (tx) => {
    const topic = await editableTopic(tx, p, body.courseSubId);
    if (topic.courseId !== body.courseId) throw badRequest('course.topic.invalid');
    const wanted = [...new Set(body.paperIds)];
    for (const id of wanted) await paperPolicy.readable(tx, p, id);
    const present = await tx
      .select({ paperId: coursePaper.paperId, sort: coursePaper.sort })
      .from(coursePaper)
      .where(and(eq(coursePaper.courseSubId, topic.id), eq(coursePaper.isDeleted, 0)));
    const fresh = wanted.filter((id) => !present.some((r) => r.paperId === id));
    let sort = Math.max(0, ...present.map((r) => r.sort));
    if (fresh.length) {
      await tx.insert(coursePaper).values(
        fresh.map((paperId) => ({
          id: newId(),
          tenantId: p.tenantId,
          courseId: topic.courseId,
          courseSubId: topic.id,
          paperId,
          sort: ++sort,
          createUser: p.userId,
          createDept: p.deptId,
          updateUser: p.userId,
        })),
      );
    }
    return { added: fresh.length };
  });
}

/** `paper/not_relate_page?courseSubId`: the caller's readable papers not yet on a topic of a course they reach. */
export async function papersNotOnTopic(call: CrudCall, query: NotRelatePageQuery) {
  const { courseSubId, ...rest } = query;
  const [topic] = await call.db
    .select({ courseId: courseSub.courseId })
    .from(courseSub)
    .where(
      and(eq(courseSub.id, courseSubId), eq(courseSub.tenantId, call.principal.tenantId), eq(courseSub.isDeleted, 0)),
    );
  if (!topic) throw notFound();
  await reachableCourse(call.db, call.principal, topic.courseId);
  const on = await call.db
    .select({ paperId: coursePaper.paperId })
    .from(coursePaper)
    .where(and(eq(coursePaper.courseSubId, courseSubId), eq(coursePaper.isDeleted, 0)));
  return readablePapersExcept(
    call,
    rest,
    on.map((r) => r.paperId),
  );
}
