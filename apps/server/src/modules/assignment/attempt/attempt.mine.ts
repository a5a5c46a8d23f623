import {
  type AssignmentState,
  type AttemptState,
  type GradingMethod,
  type MyAssignment,
  SUBMITTED_STATES,
} from '@shixun/contracts';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { prepared } from '../../../core/db/statements.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher } from '../../../db/schema/index.ts';
import { studentsById } from '../../academic/academic.api.ts';
import { createAttempts, joinOpenAssignments } from '../assignment/assignment.assign.ts';
import { type AssignmentRow, assignmentContent, questionCount } from '../assignment/assignment.content.ts';
import { countedScore } from '../assignment/assignment.options.ts';
import { isReleased } from '../assignment/assignment.release.ts';
import { assignmentState } from '../assignment/assignment.resource.ts';
import type { AttemptRow } from './attempt.submit.ts';
import { iso } from './attempt.take.ts';

/** An attempt without its layout (the student's question order, the heavy column), as lists need it. */
type Listed = Omit<AttemptRow, 'layout'>;
const { layout: _layout, ...listedColumns } = getTableColumns(paperStudent);

/** Whether this student may start another attempt: the last one is done, attempts are left, the window is open. */
function mayRetry(a: AssignmentRow, attempts: Listed[], now: Date): boolean {
  const latest = attempts[0]!;
  const close = latest.closeTime ?? a.closeTime;
  const limit = a.kind === 'practice' ? 0 : a.attempts;
  return (
    SUBMITTED_STATES.includes(latest.state as AttemptState) && (limit === 0 || attempts.length < limit) && now < close
  );
}

/** The caller's live attempts, by placeholders. */
const callersAttempts = and(
  eq(paperStudent.tenantId, sql.placeholder('tenantId')),
  eq(paperStudent.userId, sql.placeholder('userId')),
  eq(paperStudent.isDeleted, 0),
);

const myAttemptsQuery = prepared((db) =>
  db
    .select(listedColumns)
    .from(paperStudent)
    .where(callersAttempts)
    .orderBy(desc(paperStudent.attemptNo))
    .prepare('exam_my_attempts'),
);

/** 我的考试: the caller's assignments, newest first, each with their latest attempt and what they may do now. */
export async function myAssignments(db: Db, p: Principal): Promise<MyAssignment[]> {
  await joinOpenAssignments(db, p);
  const attempts = await myAttemptsQuery(db).execute({ tenantId: p.tenantId, userId: p.userId });
  if (!attempts.length) return [];
  const assignments = await db
    .select()
    .from(paperTeacher)
    .where(
      and(inArray(paperTeacher.id, [...new Set(attempts.map((s) => s.paperTeacherId))]), eq(paperTeacher.isDeleted, 0)),
    )
    .orderBy(desc(paperTeacher.openTime));
  const now = new Date();
  const out: MyAssignment[] = [];
  for (const a of assignments) {
    const mine = attempts.filter((s) => s.paperTeacherId === a.id);
    out.push(await entryOf(db, a, mine, now));
  }
  return out;
}

const attemptsAtQuery = prepared((db) =>
  db
    .select(listedColumns)
    .from(paperStudent)
    .where(and(callersAttempts, eq(paperStudent.paperTeacherId, sql.placeholder('assignmentId'))))
    .orderBy(desc(paperStudent.attemptNo))
    .prepare('exam_my_attempts_at'),
);

/** The caller's attempts at an assignment, latest first. */
function attemptsAt(db: Db, p: Principal, assignmentId: string): Promise<Listed[]> {
  return attemptsAtQuery(db).execute({ tenantId: p.tenantId, userId: p.userId, assignmentId });
}

/** One of them, the assignment in hand (what a submission answers). */
export async function myAssignment(db: Db, p: Principal, a: AssignmentRow): Promise<MyAssignment> {
  return entryOf(db, a, await attemptsAt(db, p, a.id), new Date());
}

/** An assignment as 我的考试 shows it, from the student's attempts at it (latest first). */
async function entryOf(db: Db, a: AssignmentRow, mine: Listed[], now: Date): Promise<MyAssignment> {
  const latest = mine[0]!;
  const close = new Date((latest.closeTime ?? a.closeTime).getTime() + latest.extraMinutes * 60_000);
  const released = latest.state === 'marked' && isReleased(a, now);
  const state: AssignmentState =
    latest.closeTime && now < close && now >= a.openTime ? 'open' : assignmentState(a, now);
  return {
    id: a.id,
    title: a.title,
    kind: a.kind as MyAssignment['kind'],
    openTime: a.openTime.toISOString(),
    closeTime: close.toISOString(),
    duration: a.duration,
    attempts: a.attempts,
    totalScore: Number(a.totalScore),
    passScore: Number(a.passScore),
    questionCount: questionCount(await assignmentContent(db, a)),
    remark: a.remark,
    state,
    attempt: {
      id: latest.id,
      attemptNo: latest.attemptNo,
      state: latest.state as AttemptState,
      startTime: iso(latest.startTime),
      endTime: iso(latest.endTime),
      submitTime: iso(latest.submitTime),
      autoSubmitted: latest.autoSubmitted,
      score: released ? Number(latest.score) : null,
      released,
    },
    attemptsUsed: mine.filter((s) => s.state !== 'not_started').length,
    canTake:
      (latest.state === 'not_started' && now >= a.openTime && now < close) ||
      (latest.state === 'in_progress' && (!latest.endTime || now < latest.endTime)),
    canRetry: mayRetry(a, mine, now),
    // A new attempt (not started) asks for the password when it is opened; retries create such attempts too.
    needsPassword: Boolean(a.accessPassword),
    gradingMethod: a.gradingMethod as GradingMethod,
    // Every attempt's score is out once released (released attempts are marked: a pending one holds it back).
    finalScore:
      isReleased(a, now) && mine.every((s) => s.state !== 'submitted' && s.state !== 'marking')
        ? countedScore(a.gradingMethod as GradingMethod, mine)
        : null,
  };
}

/** Another attempt (practice, or an exam with attempts left), with an order of its own; returns its id. */
export async function retry(db: Db, p: Principal, assignmentId: string): Promise<string> {
  const mine = await attemptsAt(db, p, assignmentId);
  const [a] = mine.length
    ? await db
        .select()
        .from(paperTeacher)
        .where(and(eq(paperTeacher.id, assignmentId), eq(paperTeacher.isDeleted, 0)))
    : [];
  if (!a) throw notFound();
  if (!mayRetry(a, mine, new Date())) throw badRequest('exam.noAttemptsLeft');
  const latest = mine[0]!;
  const [me] = await studentsById(db, [latest.studentId]);
  const [id] = await createAttempts(db, a, [me!], p, latest.attemptNo + 1);
  // A reopened window carries over to the next attempt.
  if (latest.closeTime || latest.extraMinutes)
    await db
      .update(paperStudent)
      .set({ closeTime: latest.closeTime, extraMinutes: latest.extraMinutes })
      .where(eq(paperStudent.id, id!));
  return id!;
}
