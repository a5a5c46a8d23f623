import type { ExceptionForm } from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { cancelJob, type JobDefinition, scheduleJob } from '../../../core/jobs/runner.ts';
import { paperStudent, paperStudentLog } from '../../../db/schema/index.ts';
import { managedAssignment } from '../assignment/assignment.policy.ts';
import { type AttemptRow, autoSubmitJob, deadlineOf, submitAttempt } from './attempt.submit.ts';
import { attemptEnd, ownAttempt } from './attempt.take.ts';

/** An attempt of an assignment the caller manages, locked for the change; else 404. */
async function managedAttempt(db: Db, p: Principal, id: string): Promise<AttemptRow> {
  const [s] = await db
    .select()
    .from(paperStudent)
    .where(and(eq(paperStudent.id, id), eq(paperStudent.tenantId, p.tenantId), eq(paperStudent.isDeleted, 0)))
    .for('update');
  if (!s) throw notFound();
  await managedAssignment(db, p, s.paperTeacherId);
  return s;
}

const snapshot = (s: AttemptRow) => ({
  extraMinutes: s.extraMinutes,
  endTime: s.endTime?.toISOString() ?? null,
  closeTime: s.closeTime?.toISOString() ?? null,
});

/**
 * Per-student exceptions (DOMAIN §3), each logged with the reason and who granted it: extra time (an attempt in
 * progress gets a later end and its timer moves), or a reopened window for a student who has not started.
 */
export async function grantException(db: Db, p: Principal, form: ExceptionForm): Promise<AttemptRow> {
  const s = await managedAttempt(db, p, form.paperStudentId);
  const a = await managedAssignment(db, p, s.paperTeacherId);
  let next: AttemptRow | undefined;
  if (form.kind === 'extend') {
    if (s.state !== 'not_started' && s.state !== 'in_progress') throw badRequest('exam.submitted');
    const extended = { ...s, extraMinutes: s.extraMinutes + form.minutes! };
    const endTime = s.startTime ? attemptEnd(a, extended, s.startTime) : null;
    [next] = await db
      .update(paperStudent)
      .set({ extraMinutes: extended.extraMinutes, endTime, updateTime: new Date() })
      .where(eq(paperStudent.id, s.id))
      .returning();
    if (s.state === 'in_progress') {
      await cancelJob(db, autoSubmitJob as JobDefinition<unknown>, s.id);
      await scheduleJob(
        db,
        autoSubmitJob,
        { paperStudentId: s.id },
        { key: s.id, runAt: deadlineOf(next!, a.graceSeconds)! },
      );
    }
  } else {
    if (s.state !== 'not_started') throw badRequest('exam.submitted');
    if (form.until! <= new Date()) throw badRequest('assignment.time.invalid');
    [next] = await db
      .update(paperStudent)
      .set({ closeTime: form.until!, updateTime: new Date() })
      .where(eq(paperStudent.id, s.id))
      .returning();
  }
  await db.insert(paperStudentLog).values({
    id: newId(),
    tenantId: p.tenantId,
    paperStudentId: s.id,
    kind: form.kind,
    before: snapshot(s),
    after: snapshot(next!),
    reason: form.reason,
    createUser: p.userId,
  });
  return next!;
}

/** 收卷: a teacher submits attempts in progress from their saved answers (logged with the reason). */
export async function forceSubmit(db: Db, p: Principal, ids: string[], reason: string): Promise<number> {
  let n = 0;
  for (const id of ids) {
    const s = await managedAttempt(db, p, id);
    if (s.state !== 'in_progress') continue;
    await submitAttempt(db, s.id, { by: 'teacher', userId: p.userId, reason });
    n++;
  }
  return n;
}

/** An integrity signal (left the page, left full screen): counted and logged for the teacher, nothing more. */
export async function recordEvent(db: Db, p: Principal, attemptId: string, kind: 'left_page' | 'left_fullscreen') {
  const { s } = await ownAttempt(db, p, attemptId);
  if (s.state !== 'in_progress') return;
  const column = kind === 'left_page' ? paperStudent.leftPage : paperStudent.leftFullscreen;
  await db
    .update(paperStudent)
    .set(kind === 'left_page' ? { leftPage: sql`${column} + 1` } : { leftFullscreen: sql`${column} + 1` })
    .where(eq(paperStudent.id, s.id));
  await db
    .insert(paperStudentLog)
    .values({ id: newId(), tenantId: p.tenantId, paperStudentId: s.id, kind, createUser: p.userId });
}
