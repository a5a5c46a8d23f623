import {
  beatCap,
  type CoursewareProgress,
  creditRanges,
  MAX_BEAT_GAP,
  type StudyHeartbeat,
  type WatchedRange,
  watchedSeconds,
} from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { forbidden, notFound } from '../../core/http/errors.ts';
import { courseStudy, courseware } from '../../db/schema/index.ts';
import { meetsRule } from './course.locks.ts';
import { assertTopicOpen, type StudyWare, studyState, wareProgress } from './course.progress.ts';

/**
 * `course_study/heartbeat`: what a student watched (or read) of a courseware since the last beat, measured honestly.
 * The courseware must be theirs to study (a published course of their class, else 404; its topic open, else 403). The
 * ranges are cut to the courseware's length, and what is new in them is credited only up to the clock time since the
 * last beat × MAX_STUDY_RATE (a drag to the end credits seconds, not the video; a first beat credits nothing); time
 * spent grows by the clock (at most MAX_BEAT_GAP a beat); the position is kept to resume anywhere; once the
 * courseware's completion rule is met it stays completed. The row is locked for the beat, so two devices beating at
 * once count the clock once.
 */
export async function heartbeat(db: Db, p: Principal, body: StudyHeartbeat): Promise<CoursewareProgress> {
  const [ware] = await db
    .select()
    .from(courseware)
    .where(and(eq(courseware.id, body.coursewareId), eq(courseware.tenantId, p.tenantId), eq(courseware.isDeleted, 0)));
  if (!ware) throw notFound();
  const state = await studyState(db, p, ware.courseId);
  if (!state.student) throw forbidden();
  assertTopicOpen(state, ware.courseSubId);
  return db.transaction(async (tx) => {
    await tx
      .insert(courseStudy)
      .values({
        id: newId(),
        tenantId: p.tenantId,
        courseId: ware.courseId,
        courseSubId: ware.courseSubId,
        coursewareId: ware.id,
        userId: p.userId,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(courseStudy)
      .where(and(eq(courseStudy.coursewareId, ware.id), eq(courseStudy.userId, p.userId)))
      .for('update');
    const now = new Date();
    const elapsed = row!.beatTime ? (now.getTime() - row!.beatTime.getTime()) / 1000 : 0;
    const length = ware.duration || body.duration || body.pageCount || row!.length;
    const within = (body.ranges as WatchedRange[])
      .map(([s, e]) => [s, length ? Math.min(e, length) : e] as WatchedRange)
      .filter(([s, e]) => s < e);
    const { ranges } = creditRanges(row!.ranges as WatchedRange[], within, beatCap(elapsed));
    const seconds = row!.seconds + Math.round(Math.min(Math.max(0, elapsed), MAX_BEAT_GAP));
    const position = length ? Math.min(body.position, length) : body.position;
    const watched = watchedSeconds(ranges, length);
    const w = ware as StudyWare;
    const completed =
      row!.completed === 1 ||
      meetsRule(w.completion, { watched, length, seconds, paperPassed: state.passed.has(w.id) });
    const [saved] = await tx
      .update(courseStudy)
      .set({
        ranges,
        length,
        position,
        seconds,
        beatTime: now,
        updateTime: now,
        ...(completed && row!.completed !== 1
          ? { completed: 1, completedBy: w.completion.kind, completeTime: now }
          : {}),
      })
      .where(eq(courseStudy.id, row!.id))
      .returning();
    return wareProgress(w, saved);
  });
}
