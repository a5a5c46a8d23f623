import type { PracticalCorrect } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import {
  practicalStudent,
  practicalStudentInspection,
  practicalStudentLog,
  practicalStudentPoint,
} from '../../../db/schema/index.ts';
import {
  type Content,
  contentOf,
  type HeldAttempt,
  heldAttempt,
  lockAttempt,
  type PracticalAttemptRow,
} from './attempt.held.ts';
import { rescore } from './attempt.score.ts';

type Log = Pick<typeof practicalStudentLog.$inferInsert, 'kind' | 'targetId' | 'before' | 'after' | 'reason'>;

/** The teacher's readings or checks: each kept beside the student's, the change logged with what it replaced. */
async function correctItems(
  tx: Db,
  p: Principal,
  s: PracticalAttemptRow,
  content: Content,
  items: NonNullable<PracticalCorrect['items']>,
  logs: Log[],
): Promise<void> {
  for (const change of items) {
    const found = content.items.get(change.inspectionId);
    if (!found) throw badRequest('practical.item.invalid');
    const [row] = await tx
      .select()
      .from(practicalStudentInspection)
      .where(
        and(
          eq(practicalStudentInspection.practicalStudentId, s.id),
          eq(practicalStudentInspection.inspectionId, change.inspectionId),
        ),
      );
    const before = {
      studentValue: row?.studentValue ?? null,
      teacherValue: row?.teacherValue ?? null,
      passed: row?.passed ?? null,
      teacherPassed: row?.teacherPassed ?? null,
    };
    const after = {
      ...before,
      ...(change.value !== undefined ? { teacherValue: change.value } : {}),
      ...(change.passed !== undefined ? { teacherPassed: change.passed } : {}),
    };
    if (after.teacherValue === before.teacherValue && after.teacherPassed === before.teacherPassed) continue;
    await tx
      .insert(practicalStudentInspection)
      .values({
        id: newId(),
        tenantId: s.tenantId,
        practicalStudentId: s.id,
        inspectionId: change.inspectionId,
        pointId: found.point.id,
        teacherValue: after.teacherValue,
        teacherPassed: after.teacherPassed,
        createUser: p.userId,
        updateUser: p.userId,
      })
      .onConflictDoUpdate({
        target: [practicalStudentInspection.practicalStudentId, practicalStudentInspection.inspectionId],
        set: {
          teacherValue: after.teacherValue,
          teacherPassed: after.teacherPassed,
          updateUser: p.userId,
          updateTime: new Date(),
        },
      });
    logs.push({ kind: 'item', targetId: change.inspectionId, before, after, reason: change.reason ?? '' });
  }
}

/** Points given (a judgement) or adjusted, each with the teacher's comment; null hands the point back to its rule. */
async function correctPoints(
  tx: Db,
  p: Principal,
  s: PracticalAttemptRow,
  content: Content,
  points: NonNullable<PracticalCorrect['points']>,
  logs: Log[],
): Promise<void> {
  for (const change of points) {
    if (!content.points.some((point) => point.id === change.pointId)) throw badRequest('practical.point.notInTask');
    const [row] = await tx
      .select({
        given: practicalStudentPoint.given,
        comment: practicalStudentPoint.comment,
        score: practicalStudentPoint.score,
      })
      .from(practicalStudentPoint)
      .where(
        and(eq(practicalStudentPoint.practicalStudentId, s.id), eq(practicalStudentPoint.pointId, change.pointId)),
      );
    await tx
      .insert(practicalStudentPoint)
      .values({
        id: newId(),
        tenantId: s.tenantId,
        practicalStudentId: s.id,
        pointId: change.pointId,
        given: change.score,
        comment: change.comment,
        createUser: p.userId,
        updateUser: p.userId,
      })
      .onConflictDoUpdate({
        target: [practicalStudentPoint.practicalStudentId, practicalStudentPoint.pointId],
        set: { given: change.score, comment: change.comment, updateUser: p.userId, updateTime: new Date() },
      });
    logs.push({
      kind: 'point',
      targetId: change.pointId,
      before: { score: row?.score ?? null, given: row?.given ?? null },
      after: { given: change.score },
      reason: change.comment,
    });
  }
}

/** Why the record cannot be signed off yet, as a message key with its parameters; undefined when it can. */
function signProblem(held: HeldAttempt, outcome: Awaited<ReturnType<typeof rescore>>) {
  const { s, a } = held;
  if (a.recorder !== 'teacher' && s.state !== 'submitted') return ['practical.notSubmitted', {}] as const;
  const all = outcome.points.flatMap((o) => o.items);
  const missing = all.filter((o) => o.judgement.state === 'missing').length;
  if (missing) return ['practical.sign.incomplete', { count: missing }] as const;
  if (outcome.remeasure) return ['practical.sign.remeasure', { count: outcome.remeasure }] as const;
  const unchecked = all.filter(
    (o) =>
      s.checkIds.includes(o.item.id) &&
      (o.item.kind === 'check' ? o.record?.teacherPassed == null : o.record?.teacherValue == null),
  ).length;
  if (unchecked) return ['practical.sign.checks', { count: unchecked }] as const;
  const unjudged = outcome.points.find((o) => o.point.rule === 'judgement' && o.given === null);
  if (unjudged) return ['practical.sign.judgement', { name: unjudged.point.name }] as const;
  return undefined;
}

/**
 * `teacher_correct_paper`: in one transaction, the teacher's readings (re-measures, or the record when the teacher
 * records) and points given or adjusted — every change logged with before, after, who and why — the attempt scored
 * again, and with `signOff` the record signed and marked. A signed record no longer changes. Answers the task's id.
 */
export async function correctAttempt(db: Db, p: Principal, body: PracticalCorrect): Promise<string> {
  const held = await heldAttempt(db, p, body.practicalStudentId, 'teacher');
  await db.transaction(async (tx) => {
    const s = await lockAttempt(tx, held.s.id);
    if (s.teacherSignTime) throw badRequest('practical.signedAlready');
    const content = contentOf(held.a);
    const logs: Log[] = [];
    await correctItems(tx, p, s, content, body.items ?? [], logs);
    await correctPoints(tx, p, s, content, body.points ?? [], logs);
    if (logs.length && s.state === 'not_started')
      await tx
        .update(practicalStudent)
        .set({ state: 'in_progress', startTime: new Date() })
        .where(eq(practicalStudent.id, s.id));
    const outcome = await rescore(tx, held.a, s.id);
    if (body.signOff) {
      const problem = signProblem({ ...held, s }, outcome);
      if (problem) throw badRequest(problem[0], problem[1]);
      const at = new Date();
      await tx
        .update(practicalStudent)
        .set({ state: 'marked', teacherSignTime: at, teacherSignUser: p.userId, updateTime: at })
        .where(eq(practicalStudent.id, s.id));
      logs.push({ kind: 'sign', targetId: s.id, before: { state: s.state }, after: { state: 'marked' }, reason: '' });
    }
    if (logs.length)
      await tx.insert(practicalStudentLog).values(
        logs.map((l) => ({
          ...l,
          id: newId(),
          tenantId: s.tenantId,
          practicalStudentId: s.id,
          createUser: p.userId,
          updateUser: p.userId,
        })),
      );
  });
  return held.a.paperId;
}
