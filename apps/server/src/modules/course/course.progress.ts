import type {
  CompletionRule,
  CourseProgress,
  CoursewareProgress,
  TopicProgress,
  WatchedRange,
} from '@shixun/contracts';
import { watchedSeconds } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { forbidden } from '../../core/http/errors.ts';
import { courseClass, courseStudy, courseSub, courseware } from '../../db/schema/index.ts';
import {
  percentOf,
  type StudyTopic,
  type TopicLock,
  type TopicTally,
  tallyTopics,
  topicLocks,
} from './course.locks.ts';
import { reachableCourse } from './course.reach.ts';

/** A courseware as study reads it. */
export interface StudyWare {
  id: string;
  courseSubId: string;
  duration: number;
  completion: CompletionRule;
}

/** A student's row of one courseware. */
export type StudyRow = typeof courseStudy.$inferSelect;

/** Where a caller stands in a course: its topics in order, their locks (students only) and the caller's study rows. */
export interface StudyState {
  student: boolean;
  topics: StudyTopic[];
  wares: StudyWare[];
  rows: Map<string, StudyRow>;
  tallies: Map<string, TopicTally>;
  locks: Map<string, TopicLock>;
}

/**
 * The caller's study of a course they reach (else 404): the topic tree in course order, the coursewares, the caller's
 * rows, topic roll-ups, and — for a student — the locks they meet (release dates of their classes, the earliest when
 * they are in several; prerequisites). Queries run one after the other: `db` may be a transaction's one connection.
 */
export async function studyState(db: Db, p: Principal, courseId: string, now = new Date()): Promise<StudyState> {
  const reach = await reachableCourse(db, p, courseId);
  const topics = await db
    .select({ id: courseSub.id, parentId: courseSub.parentId, name: courseSub.name, locked: courseSub.locked })
    .from(courseSub)
    .where(and(eq(courseSub.courseId, courseId), eq(courseSub.isDeleted, 0)))
    .orderBy(asc(courseSub.sort), asc(courseSub.id));
  const wares = (await db
    .select({
      id: courseware.id,
      courseSubId: courseware.courseSubId,
      duration: courseware.duration,
      completion: courseware.completion,
    })
    .from(courseware)
    .where(and(eq(courseware.courseId, courseId), eq(courseware.isDeleted, 0)))
    .orderBy(asc(courseware.sort), asc(courseware.id))) as StudyWare[];
  const studied = await db
    .select()
    .from(courseStudy)
    .where(and(eq(courseStudy.courseId, courseId), eq(courseStudy.userId, p.userId)));
  const rows = new Map(studied.map((r) => [r.coursewareId, r]));
  const own = new Map<string, TopicTally>();
  for (const w of wares) {
    const t = own.get(w.courseSubId) ?? { total: 0, done: 0 };
    own.set(w.courseSubId, { total: t.total + 1, done: t.done + (rows.get(w.id)?.completed ? 1 : 0) });
  }
  const tallies = tallyTopics(topics, own);
  if (!reach.student) return { student: false, topics, wares, rows, tallies, locks: new Map() };
  const releases = new Map<string, Date>();
  const taught = await db
    .select({ releases: courseClass.releases })
    .from(courseClass)
    .where(and(eq(courseClass.courseId, courseId), inArray(courseClass.classId, reach.classIds)));
  for (const c of taught)
    for (const [topicId, at] of Object.entries(c.releases as Record<string, string>)) {
      const when = new Date(at);
      const before = releases.get(topicId);
      if (!before || when < before) releases.set(topicId, when);
    }
  return { student: true, topics, wares, rows, tallies, locks: topicLocks(topics, tallies, releases, now) };
}

/** A student may not open anything of a locked topic: 403 with why (the previous topic, or the date it opens). */
export function assertTopicOpen(state: StudyState, topicId: string): void {
  const lock = state.locks.get(topicId);
  if (!lock) return;
  if (lock.reason === 'previous') throw forbidden('study.locked.previous', { name: lock.previous });
  throw forbidden('study.locked.release', { time: lock.releaseAt.slice(0, 16).replace('T', ' ') });
}

/** One courseware's standing from its study row (none yet: nothing watched). */
export function wareProgress(w: StudyWare, row: StudyRow | undefined): CoursewareProgress {
  const length = w.duration || row?.length || 0;
  const watched = row ? watchedSeconds(row.ranges as WatchedRange[], length) : 0;
  const completed = row?.completed === 1;
  return {
    coursewareId: w.id,
    watchedSeconds: watched,
    percent: completed && w.completion.kind !== 'share' ? 100 : percentOf(watched, length),
    completed,
    position: row?.position ?? 0,
  };
}

/** `course_study/progress?courseId`: the caller's coursewares, topics (with what is below them) and the course. */
export async function courseProgress(db: Db, p: Principal, courseId: string): Promise<CourseProgress> {
  const state = await studyState(db, p, courseId);
  const topics: TopicProgress[] = state.topics.map((t) => {
    const tally = state.tallies.get(t.id) ?? { total: 0, done: 0 };
    return {
      topicId: t.id,
      coursewareCount: tally.total,
      completedCount: tally.done,
      percent: tally.total ? Math.floor((tally.done * 100) / tally.total) : 100,
      completed: tally.done >= tally.total,
    };
  });
  const done = state.wares.filter((w) => state.rows.get(w.id)?.completed === 1).length;
  return {
    courseId,
    percent: state.wares.length ? Math.floor((done * 100) / state.wares.length) : 0,
    coursewareCount: state.wares.length,
    completedCount: done,
    topics,
    coursewares: state.wares.map((w) => wareProgress(w, state.rows.get(w.id))),
  };
}
