import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../core/db/client.ts';
import { cancelJob, type JobDefinition, scheduleJob } from '../../../core/jobs/runner.ts';
import { paperTeacher } from '../../../db/schema/index.ts';
import { collectWrongAnswers, visibleAttempts } from '../wrongbook/wrongbook.collect.ts';

type AssignmentRow = typeof paperTeacher.$inferSelect;

/**
 * Scores are out once `release_time` is set and has come (DOMAIN §3): `immediate` sets it to the open time when the
 * assignment is made (each attempt shows once marked), `after_close` by a job at the close time, `manual` by the
 * teacher. A student sees an attempt's results when it is marked and its assignment's scores are out.
 */
export function isReleased(a: Pick<AssignmentRow, 'releaseTime'>, now = new Date()): boolean {
  return a.releaseTime !== null && a.releaseTime <= now;
}

/** Releases the scores now (a job at the close time, or the teacher's button); false when they already were. */
export async function releaseScores(db: Db, assignmentId: string): Promise<boolean> {
  const done = await db
    .update(paperTeacher)
    .set({ releaseTime: new Date(), updateTime: new Date() })
    .where(and(eq(paperTeacher.id, assignmentId), isNull(paperTeacher.releaseTime)))
    .returning({ id: paperTeacher.id });
  if (!done.length) return false;
  await collectWrongAnswers(db, await visibleAttempts(db, assignmentId));
  return true;
}

export const releaseJob: JobDefinition<{ assignmentId: string }> = {
  name: 'assignment.release',
  payload: z.object({ assignmentId: z.string() }),
  async run({ db }, { assignmentId }) {
    const [a] = await db.select().from(paperTeacher).where(eq(paperTeacher.id, assignmentId));
    if (a && a.isDeleted === 0 && a.releaseRule === 'after_close') await releaseScores(db, assignmentId);
  },
};

/** Keeps the release in step with the assignment's rule and close time (on creation and on every change). */
export async function scheduleRelease(db: Db, a: AssignmentRow): Promise<void> {
  await cancelJob(db, releaseJob as JobDefinition<unknown>, a.id);
  if (a.releaseTime) return;
  if (a.releaseRule === 'immediate') {
    await db.update(paperTeacher).set({ releaseTime: a.openTime }).where(eq(paperTeacher.id, a.id));
  } else if (a.releaseRule === 'after_close') {
    await scheduleJob(db, releaseJob, { assignmentId: a.id }, { key: a.id, runAt: a.closeTime });
  }
}
