import type { Correction, ItemRecord, PracticalDetail } from '@shixun/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { userNames } from '../../../core/access/user-names.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { practicalStudentLog } from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';
import { isReleased } from '../assignment/assignment.policy.ts';
import { contentOf, heldAttempt, iso } from './attempt.held.ts';
import { recordsOf } from './attempt.score.ts';

async function correctionsOf(db: Db, attemptId: string): Promise<Correction[]> {
  const rows = await db
    .select()
    .from(practicalStudentLog)
    .where(eq(practicalStudentLog.practicalStudentId, attemptId))
    .orderBy(asc(practicalStudentLog.createTime), asc(practicalStudentLog.id));
  const names = await userNames(
    db,
    rows.map((r) => r.createUser),
  );
  return rows.map((r) => ({
    kind: r.kind as Correction['kind'],
    targetId: r.targetId,
    before: r.before,
    after: r.after,
    reason: r.reason,
    userName: names.get(r.createUser ?? '') ?? '',
    time: r.createTime.toISOString(),
  }));
}

/**
 * `paper_detail`: the workbench's page — the frozen task, the attempt's records and, for its teacher, the
 * corrections. Until the scores are released and the record signed, a student sees their own readings only (not
 * the teacher's re-measures, scores or comments).
 */
export async function paperDetail(db: Db, p: Principal, paperId: string, attemptId: string): Promise<PracticalDetail> {
  const { s, a, role } = await heldAttempt(db, p, attemptId);
  if (a.paperId !== paperId) throw badRequest('practical.invalid');
  const shown = role === 'teacher' || (isReleased(a) && s.state === 'marked');
  // One after the other: a correction answers with this page inside its transaction, on one connection.
  const records = await recordsOf(db, s.id);
  const corrections = shown ? await correctionsOf(db, s.id) : [];
  const [who] = await studentNames(db, [s.studentId]);
  const signers = await userNames(db, [s.teacherSignUser]);
  const own = (r: ItemRecord): ItemRecord => ({ ...r, teacherValue: null, teacherPassed: null });
  const task = a.task as PracticalDetail['task'];
  return {
    attempt: {
      id: s.id,
      state: s.state as PracticalDetail['attempt']['state'],
      studentName: who?.name ?? '',
      studentNo: who?.no ?? '',
      className: who?.className ?? '',
      startTime: iso(s.startTime),
      submitTime: iso(s.submitTime),
      teacherSignTime: iso(s.teacherSignTime),
      teacherSignName: signers.get(s.teacherSignUser ?? '') ?? '',
      checkIds: role === 'teacher' ? s.checkIds : [],
      serverTime: new Date().toISOString(),
    },
    assignment: {
      id: a.id,
      paperId: a.paperId,
      title: a.title,
      recorder: a.recorder as PracticalDetail['assignment']['recorder'],
      openTime: a.openTime.toISOString(),
      closeTime: a.closeTime.toISOString(),
      released: isReleased(a),
      totalScore: a.totalScore,
      passScore: a.passScore,
    },
    task,
    points: contentOf(a).points,
    items: shown ? records.items : records.items.map(own),
    pointRecords: shown ? records.points : [],
    role,
    showScores: shown,
    corrections,
  };
}
