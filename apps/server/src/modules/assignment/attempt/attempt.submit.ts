import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { cancelJob, type JobDefinition } from '../../../core/jobs/runner.ts';
import { paperStudent, paperStudentLog, paperStudentQuestion, type paperTeacher } from '../../../db/schema/index.ts';
import { assignmentContent, loadAssignment } from '../assignment/assignment.content.ts';
import { isReleased } from '../assignment/assignment.release.ts';
import { collectWrongAnswers } from '../wrongbook/wrongbook.collect.ts';
import { gradeAnswer } from './attempt.grade.ts';

export type AttemptRow = typeof paperStudent.$inferSelect;

/** Who ends an attempt: its student, the server at the end time, or a teacher (logged with the reason). */
export type SubmittedBy = { by: 'student' } | { by: 'auto' } | { by: 'teacher'; userId: string; reason: string };

/** When an attempt's saves stop being taken: its end plus the assignment's grace. */
export function deadlineOf(attempt: Pick<AttemptRow, 'endTime'>, graceSeconds: number): Date | null {
  return attempt.endTime ? new Date(attempt.endTime.getTime() + graceSeconds * 1000) : null;
}

/**
 * Submits an attempt from its saved answers and grades what can be graded (DOMAIN §4), inside the caller's
 * transaction. The attempt row is locked first, so a save in flight either lands before the grading or is refused
 * after it; submitting twice does nothing. Returns the attempt as it ends up.
 */
export async function submitAttempt(
  db: Db,
  attemptId: string,
  how: SubmittedBy,
  /** The attempt and its assignment when the caller has locked the attempt (FOR UPDATE) already. */
  held?: { s: AttemptRow; a: typeof paperTeacher.$inferSelect },
): Promise<AttemptRow> {
  const [attempt] = held
    ? [held.s]
    : await db.select().from(paperStudent).where(eq(paperStudent.id, attemptId)).for('update');
  if (!attempt) throw new Error(`attempt ${attemptId} is gone`);
  if (attempt.state !== 'in_progress') return attempt;
  const assignment = held?.a ?? (await loadAssignment(db, attempt.tenantId, attempt.paperTeacherId))!;
  const content = await assignmentContent(db, assignment);
  const saved = await db
    .select({
      id: paperStudentQuestion.id,
      questionId: paperStudentQuestion.paperTeacherQuestionId,
      answer: paperStudentQuestion.answer,
    })
    .from(paperStudentQuestion)
    .where(eq(paperStudentQuestion.paperStudentId, attemptId));

  let objective = 0;
  let pending = 0;
  const grades = saved.flatMap((s) => {
    const q = content.get(s.questionId);
    if (!q || q.type === 'composite') return [];
    const g = gradeAnswer(q, s.answer as never, assignment.multipleScoring);
    objective += g.autoScore ?? 0;
    if (g.result === 'pending') pending++;
    return [{ id: s.id, ...g }];
  });
  if (grades.length) {
    // One statement for the whole paper, three array parameters: a hundred answers graded in one round trip.
    const ids = `{${grades.map((g) => g.id).join(',')}}`;
    const results = `{${grades.map((g) => g.result).join(',')}}`;
    const autos = `{${grades.map((g) => (g.autoScore === null ? 'NULL' : g.autoScore)).join(',')}}`;
    await db.execute(sql`
      update paper_student_question as t
      set result = v.result, auto_score = v.auto, score = coalesce(v.auto, 0), update_time = now()
      from unnest(${ids}::bigint[], ${results}::text[], ${autos}::numeric[]) as v(id, result, auto)
      where t.id = v.id`);
  }
  const now = new Date();
  const state = pending > 0 ? 'marking' : 'marked';
  const score = Math.round(objective * 10) / 10;
  const submitted = {
    state,
    submitTime: now,
    autoSubmitted: how.by === 'auto' ? 1 : 0,
    objectiveScore: score,
    score,
    updateTime: now,
  };
  await db.update(paperStudent).set(submitted).where(eq(paperStudent.id, attemptId));
  if (how.by !== 'auto') await cancelJob(db, autoSubmitJob as JobDefinition<unknown>, attemptId);
  if (how.by !== 'student') {
    await db.insert(paperStudentLog).values({
      id: newId(),
      tenantId: attempt.tenantId,
      paperStudentId: attemptId,
      kind: how.by === 'auto' ? 'auto_submit' : 'force_submit',
      reason: how.by === 'teacher' ? how.reason : '',
      createUser: how.by === 'teacher' ? how.userId : null,
    });
  }
  if (state === 'marked' && isReleased(assignment, now)) await collectWrongAnswers(db, [attemptId]);
  return { ...attempt, ...submitted };
}

/**
 * The timer (ARCHITECTURE §7): at an attempt's end plus grace the server submits it from its saved answers, whether
 * or not a browser is open, on whichever instance claims the job — and again after a restart, as jobs are rows.
 * A job that finds the attempt extended since does nothing: the extension scheduled its own.
 */
export const autoSubmitJob: JobDefinition<{ paperStudentId: string }> = {
  name: 'exam.autoSubmit',
  payload: z.object({ paperStudentId: z.string() }),
  async run({ db }, { paperStudentId }) {
    const [attempt] = await db
      .select()
      .from(paperStudent)
      .where(and(eq(paperStudent.id, paperStudentId), eq(paperStudent.isDeleted, 0)));
    if (attempt?.state !== 'in_progress') return;
    const assignment = await loadAssignment(db, attempt.tenantId, attempt.paperTeacherId);
    const deadline = deadlineOf(attempt, assignment?.graceSeconds ?? 0);
    // The job is due by the database's clock; a few seconds' slack keeps a slightly different app clock from
    // mistaking a due job for an extended attempt.
    if (!deadline || deadline.getTime() > Date.now() + 5_000) return;
    await submitAttempt(db, paperStudentId, { by: 'auto' });
  },
};
