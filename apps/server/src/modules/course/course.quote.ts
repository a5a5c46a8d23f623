import type { CourseQuote } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { course, coursePaper, courseSub, courseware, coursewareSegment } from '../../db/schema/index.ts';
import { type CourseRow, coursePolicy } from './course.policy.ts';

/**
 * `quote_course` (引用): a course the caller may read — shared with them or in the public library — copied as their own
 * private, unpublished course with its topic tree, coursewares and papers; `source_id` names the original course and
 * each courseware's `source_id`/`source_version` the courseware and version it came from (so a later "v3 available"
 * can be told). Classes and shares stay with the original, which never changes through the copy.
 */
export function quoteCourse(db: Db, p: Principal, input: CourseQuote): Promise<string> {
  return coursePolicy.quote(db, p, input.id, (tx, source) => copyCourse(tx, p, source, input.name || source.name));
}

async function copyCourse(tx: Db, p: Principal, source: CourseRow, name: string): Promise<string> {
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
  await tx.insert(course).values({ ...source, ...audit, id, name, isPublic: 0, published: 0, sourceId: source.id });
  const of = <T extends typeof courseSub | typeof courseware | typeof coursePaper>(table: T) =>
    and(eq(table.courseId, source.id), eq(table.isDeleted, 0));

  const topics = await tx.select().from(courseSub).where(of(courseSub)).orderBy(asc(courseSub.sort));
  const topicIds = new Map(topics.map((t) => [t.id, newId()]));
  // A topic whose parent was removed on its own has nowhere to hang: it is not copied (nor what is on it).
  const kept = topics.filter((t) => t.parentId === '0' || topicIds.has(t.parentId));
  if (kept.length) {
    await tx.insert(courseSub).values(
      kept.map((t) => ({
        ...t,
        ...audit,
        id: topicIds.get(t.id)!,
        courseId: id,
        parentId: t.parentId === '0' ? '0' : topicIds.get(t.parentId)!,
      })),
    );
  }
  const onKept = new Set(kept.map((t) => t.id));
  const wares = (await tx.select().from(courseware).where(of(courseware)).orderBy(asc(courseware.sort))).filter((w) =>
    onKept.has(w.courseSubId),
  );
  const wareIds = new Map(wares.map((w) => [w.id, newId()]));
  if (wares.length) {
    await tx.insert(courseware).values(
      wares.map((w) => ({
        ...w,
        ...audit,
        id: wareIds.get(w.id)!,
        courseId: id,
        courseSubId: topicIds.get(w.courseSubId)!,
        version: 1,
        sourceId: w.id,
        sourceVersion: w.version,
      })),
    );
  }
  // Segments go with their coursewares (what they teach is part of the content quoted).
  const segments = wares.length
    ? await tx
        .select()
        .from(coursewareSegment)
        .where(inArray(coursewareSegment.coursewareId, [...wareIds.keys()]))
    : [];
  if (segments.length) {
    await tx
      .insert(coursewareSegment)
      .values(
        segments.map((g) => ({ ...g, id: newId(), tenantId: p.tenantId, coursewareId: wareIds.get(g.coursewareId)! })),
      );
  }
  const papers = (await tx.select().from(coursePaper).where(of(coursePaper)).orderBy(asc(coursePaper.sort))).filter(
    (c) => onKept.has(c.courseSubId),
  );
  if (papers.length) {
    await tx
      .insert(coursePaper)
      .values(
        papers.map((c) => ({ ...c, ...audit, id: newId(), courseId: id, courseSubId: topicIds.get(c.courseSubId)! })),
      );
  }
  return id;
}
