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
import { courseClass, coursePaper, courseStudy, courseSub, courseware } from '../../db/schema/index.ts';
import { practiceResults } from '../assignment/assignment.api.ts';
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
  /** Coursewares complete by "its topic paper passed" that no beat has written yet. */
  passed: Set<string>;
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
  const passed = reach.student ? await passedByPaper(db, p, wares, rows) : new Set<string>();
  const own = new Map<string, TopicTally>();
  for (const w of wares) {
    const t = own.get(w.courseSubId) ?? { total: 0, done: 0 };
    const done = rows.get(w.id)?.completed === 1 || passed.has(w.id);
    own.set(w.courseSubId, { total: t.total + 1, done: t.done + (done ? 1 : 0) });
  }
  const tallies = tallyTopics(topics, own);
  if (!reach.student) return { student: false, topics, wares, rows, tallies, locks: new Map(), passed };
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
  return { student: true, topics, wares, rows, tallies, locks: topicLocks(topics, tallies, releases, now), passed };
}

/**
 * Coursewares not yet completed whose rule is "its topic paper passed" and whose topic has a paper the student passed
 * in their own practice (best marked share ≥ the rule's per cent, or the paper's pass mark when it is 0). Nothing is
 * read when no courseware has such a rule.
 */
async function passedByPaper(db: Db, p: Principal, wares: StudyWare[], rows: Map<string, StudyRow>) {
  const waiting = wares.filter((w) => w.completion.kind === 'paper' && rows.get(w.id)?.completed !== 1);
  if (!waiting.length) return new Set<string>();
  const papers = await db
    .select({ topicId: coursePaper.courseSubId, paperId: coursePaper.paperId })
    .from(coursePaper)
    .where(
      and(
        inArray(coursePaper.courseSubId, [...new Set(waiting.map((w) => w.courseSubId))]),
        eq(coursePaper.isDeleted, 0),
      ),
    );
  const results = await practiceResults(
    db,
    p,
    papers.map((r) => r.paperId),
  );
  return new Set(
    waiting
      .filter((w) =>
        papers.some((r) => {
          const got = r.topicId === w.courseSubId ? results.get(r.paperId) : undefined;
          return got !== undefined && got.best >= (w.completion.value > 0 ? w.completion.value / 100 : got.pass);
        }),
      )
      .map((w) => w.id),
  );
}

/** A student may not open anything of a locked topic: 403 with why (the previous topic, or the date it opens). */
export function assertTopicOpen(state: StudyState, topicId: string): void {
  const lock = state.locks.get(topicId);
  if (lock) throw lockRefusal(lock);
}

/** The 403 a lock answers, with why in the caller's language. */
export function lockRefusal(lock: TopicLock) {
  if (lock.reason === 'previous') return forbidden('study.locked.previous', { name: lock.previous });
  return forbidden('study.locked.release', { time: lock.releaseAt.slice(0, 16).replace('T', ' ') });
}

/** One courseware's standing from its study row (none yet: nothing watched). */
export function wareProgress(
  w: StudyWare,
  row: Pick<StudyRow, 'ranges' | 'length' | 'position' | 'completed'> | undefined,
  passed = false,
): CoursewareProgress {
  const length = w.duration || row?.length || 0;
  const watched = row ? watchedSeconds(row.ranges as WatchedRange[], length) : 0;
  const completed = row?.completed === 1 || passed;
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
  const done = state.wares.filter((w) => state.rows.get(w.id)?.completed === 1 || state.passed.has(w.id)).length;
  return {
    courseId,
    percent: state.wares.length ? Math.floor((done * 100) / state.wares.length) : 0,
    coursewareCount: state.wares.length,
    completedCount: done,
    topics,
    coursewares: state.wares.map((w) => wareProgress(w, state.rows.get(w.id), state.passed.has(w.id))),
  };
}
