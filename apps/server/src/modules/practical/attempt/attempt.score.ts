import { type AttemptOutcome, evaluateAttempt, type ItemRecord, type PointRecord } from '@shixun/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { rawRows } from '../../../core/db/statements.ts';
import { practicalStudent, practicalStudentInspection, practicalStudentPoint } from '../../../db/schema/index.ts';
import type { PracticalAssignmentRow } from '../assignment/assignment.policy.ts';
import { contentOf } from './attempt.held.ts';

/** An attempt's item and point records as evaluateAttempt takes them. */
export async function recordsOf(db: Db, attemptId: string): Promise<{ items: ItemRecord[]; points: PointRecord[] }> {
  // One after the other: scoring runs in the transaction of a save or a correction, on one connection.
  const items = await db
    .select({
      inspectionId: practicalStudentInspection.inspectionId,
      studentValue: practicalStudentInspection.studentValue,
      teacherValue: practicalStudentInspection.teacherValue,
      passed: practicalStudentInspection.passed,
      teacherPassed: practicalStudentInspection.teacherPassed,
      note: practicalStudentInspection.note,
      evidence: practicalStudentInspection.evidence,
      seq: practicalStudentInspection.seq,
    })
    .from(practicalStudentInspection)
    .where(eq(practicalStudentInspection.practicalStudentId, attemptId));
  const points = await db
    .select({
      pointId: practicalStudentPoint.pointId,
      given: practicalStudentPoint.given,
      comment: practicalStudentPoint.comment,
    })
    .from(practicalStudentPoint)
    .where(eq(practicalStudentPoint.practicalStudentId, attemptId));
  return { items: items.map((r) => ({ ...r, evidence: r.evidence as ItemRecord['evidence'] })), points };
}

/**
 * Works the attempt's scores out again from its records (contracts: evaluateAttempt) and keeps them: each item's
 * outcome and standing value, each point's score, the attempt's score and its open findings. Runs in the
 * transaction of the change (hand-in, correction).
 */
export async function rescore(
  db: Db,
  a: Pick<PracticalAssignmentRow, 'id' | 'content' | 'tenantId'>,
  attemptId: string,
): Promise<AttemptOutcome> {
  const { items, points } = await recordsOf(db, attemptId);
  const outcome = evaluateAttempt(contentOf(a).points, items, points);
  const judged = outcome.points.flatMap((p) =>
    p.items
      .filter((o) => o.record)
      .map((o) => ({ item: o.item.id, result: o.judgement.state, value: o.judgement.value ?? null })),
  );
  if (judged.length)
    await rawRows(
      db,
      sql`update practical_student_inspection t set result = v.result, value = v.value
            from jsonb_to_recordset(${JSON.stringify(judged)}::jsonb) as v(item bigint, result text, value text)
           where t.practical_student_id = ${attemptId} and t.inspection_id = v.item`,
    );
  await db
    .insert(practicalStudentPoint)
    .values(
      outcome.points.map((p) => ({
        id: newId(),
        tenantId: a.tenantId,
        practicalStudentId: attemptId,
        pointId: p.point.id,
        score: p.score,
        passed: p.result.passed ? 1 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [practicalStudentPoint.practicalStudentId, practicalStudentPoint.pointId],
      set: { score: sql`excluded.score`, passed: sql`excluded.passed`, updateTime: new Date() },
    });
  await db
    .update(practicalStudent)
    .set({
      score: outcome.task.score,
      earned: outcome.task.earned,
      criticalFailed: outcome.task.criticalFailed.length ? 1 : 0,
      remeasure: outcome.remeasure,
      disagree: outcome.disagree,
      updateTime: new Date(),
    })
    .where(eq(practicalStudent.id, attemptId));
  return outcome;
}
