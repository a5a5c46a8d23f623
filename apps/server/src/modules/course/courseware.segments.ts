import { type CoursewareForm, type QuestionSegment, segmentKind } from '@shixun/contracts';
import { and, arrayOverlaps, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { badRequest } from '../../core/http/errors.ts';
import { course, courseSub, courseware, coursewareSegment } from '../../db/schema/index.ts';
import { classScope, liveFlagIds } from '../academic/academic.api.ts';
import { questionFlagPairs } from '../question/question.api.ts';
import { coursePolicy } from './course.policy.ts';
import { studyState } from './course.progress.ts';
import { taughtToClasses } from './course.reach.ts';

type Segments = NonNullable<CoursewareForm['segments']>;

/**
 * A courseware's segments as they will be saved: each starts before it ends and, for timed media whose length is
 * known, ends within it (documents: no page count is kept, so pages are not bounded); their knowledge points are
 * live nodes of the tenant's knowledge tree.
 */
export async function checkSegments(
  db: Db,
  p: Principal,
  segments: Segments,
  ware: { extension?: string | undefined; duration?: number | undefined },
): Promise<void> {
  const timed = segmentKind({ extension: ware.extension ?? '', duration: ware.duration ?? 0 }) === 'time';
  for (const s of segments) {
    const label = s.label || `${s.start}–${s.end}`;
    if (s.start >= s.end) throw badRequest('courseware.segment.order', { label });
    if (timed && (ware.duration ?? 0) > 0 && s.end > ware.duration!)
      throw badRequest('courseware.segment.beyond', { label, length: ware.duration! });
    s.flagIds = [...new Set(s.flagIds)];
  }
  const wanted = [...new Set(segments.flatMap((s) => s.flagIds))];
  if (!wanted.length) return;
  const found = await liveFlagIds(db, p.tenantId, wanted, 'knowledge');
  if (found.length !== wanted.length) throw badRequest('courseware.segment.flag');
}

/** At most this many segments per question: the wrong-answer book shows a link or two, not a syllabus. */
const PER_QUESTION = 3;

/**
 * `course_study/segments?questionIds`: for each question, the segments tagged with one of its own knowledge points
 * (the same point — not its parents or children, which teach more or less than the question asks), in courses the
 * caller studies (a student: published courses of their classes) or reads (a teacher). A student's segment on a
 * topic not open to them yet says so (`locked`): the link still shows, the study page says why.
 */
export async function questionSegments(db: Db, p: Principal, questionIds: string[]): Promise<QuestionSegment[]> {
  const flags = await questionFlagPairs(db, p.tenantId, questionIds);
  if (!flags.length) return [];
  const scope = await classScope(db, p);
  const student = scope.kind === 'student';
  if (student && !scope.classIds.length) return [];
  const reach = student
    ? taughtToClasses(db, scope.classIds)
    : coursePolicy.condition(await coursePolicy.reader(db, p), 'read');
  const rows = await db
    .select({
      segment: coursewareSegment,
      coursewareName: courseware.name,
      extension: courseware.extension,
      duration: courseware.duration,
      topicId: courseware.courseSubId,
      courseId: course.id,
      courseName: course.name,
    })
    .from(coursewareSegment)
    .innerJoin(courseware, and(eq(courseware.id, coursewareSegment.coursewareId), eq(courseware.isDeleted, 0)))
    .innerJoin(courseSub, and(eq(courseSub.id, courseware.courseSubId), eq(courseSub.isDeleted, 0)))
    .innerJoin(course, and(eq(course.id, courseware.courseId), eq(course.isDeleted, 0)))
    .where(
      and(
        eq(coursewareSegment.tenantId, p.tenantId),
        eq(course.tenantId, p.tenantId),
        arrayOverlaps(coursewareSegment.flagIds, [...new Set(flags.map((f) => f.flagId))]),
        reach,
      ),
    )
    .orderBy(asc(course.id), asc(courseware.sort), asc(coursewareSegment.sort))
    .limit(500);
  const locked = new Set<string>();
  if (student) {
    for (const courseId of new Set(rows.map((r) => r.courseId))) {
      const state = await studyState(db, p, courseId);
      for (const topicId of state.locks.keys()) locked.add(topicId);
    }
  }
  const out: QuestionSegment[] = [];
  for (const questionId of questionIds) {
    const points = new Set(flags.filter((f) => f.questionId === questionId).map((f) => f.flagId));
    const teaching = rows.filter((r) => r.segment.flagIds.some((f) => points.has(f))).slice(0, PER_QUESTION);
    for (const r of teaching)
      out.push({
        questionId,
        courseId: r.courseId,
        courseName: r.courseName,
        topicId: r.topicId,
        coursewareId: r.segment.coursewareId,
        coursewareName: r.coursewareName,
        start: r.segment.start,
        end: r.segment.end,
        label: r.segment.label,
        kind: segmentKind(r),
        locked: locked.has(r.topicId),
      });
  }
  return out;
}
