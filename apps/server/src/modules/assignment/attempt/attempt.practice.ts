import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher } from '../../../db/schema/index.ts';
import { studentOfUser } from '../../academic/academic.api.ts';
import { livePaper } from '../../paper/paper.api.ts';
import { insertAssignment } from '../assignment/assignment.assign.ts';
import { retry } from './attempt.mine.ts';

/** A practice of one's own stays open: there is no class window to close it. */
const OPEN_UNTIL = new Date('2099-12-31T23:59:59Z');

/**
 * A student's own practice of a paper they reach through something else (a course topic's paper — the caller checks
 * that; call it inside a transaction, whose end releases the turn it takes): the first time, a practice assignment of the paper given to them alone (no classes, so no teacher's list and
 * no classmate sees it; immediate feedback, unlimited attempts); then their attempt in progress, or a new one once the
 * last was handed in. Answers the attempt to open in the exam player. Wrong answers reach the wrong-answer book as in
 * any practice.
 */
export async function practiceAttemptFor(
  db: Db,
  p: Principal,
  paperId: string,
): Promise<{ attemptId: string; assignmentId: string }> {
  const me = await studentOfUser(db, p.tenantId, p.userId);
  if (!me) throw forbidden();
  const source = await livePaper(db, p.tenantId, paperId);
  if (!source) throw notFound();
  // Two first clicks at once (two tabs, a double tap) must find one assignment: they take turns per student and paper.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`practice:${p.userId}:${paperId}`}))`);
  const [mine] = await db
    .select({ id: paperTeacher.id })
    .from(paperTeacher)
    .where(
      and(
        eq(paperTeacher.tenantId, p.tenantId),
        eq(paperTeacher.createUser, p.userId),
        eq(paperTeacher.paperId, paperId),
        eq(paperTeacher.kind, 'practice'),
        eq(paperTeacher.isDeleted, 0),
        sql`cardinality(${paperTeacher.classIds}) = 0`,
      ),
    )
    .limit(1);
  const assignmentId =
    mine?.id ??
    (await insertAssignment(
      db,
      p,
      source,
      { paperId, classIds: [], kind: 'practice', attempts: 0, openTime: new Date(), closeTime: OPEN_UNTIL },
      [],
      [me],
    ));
  const [latest] = await db
    .select({ id: paperStudent.id, state: paperStudent.state })
    .from(paperStudent)
    .where(
      and(
        eq(paperStudent.paperTeacherId, assignmentId),
        eq(paperStudent.userId, p.userId),
        eq(paperStudent.isDeleted, 0),
      ),
    )
    .orderBy(desc(paperStudent.attemptNo))
    .limit(1);
  if (latest && (latest.state === 'not_started' || latest.state === 'in_progress'))
    return { attemptId: latest.id, assignmentId };
  return { attemptId: await retry(db, p, assignmentId), assignmentId };
}

/**
 * The best marked share (0–1) a student earned in their own practice of each of these papers (practiceAttemptFor's
 * assignments), with the paper's pass mark as a share: what "its topic paper passed" reads.
 */
export async function practiceResults(
  db: Db,
  p: Pick<Principal, 'tenantId' | 'userId'>,
  paperIds: string[],
): Promise<Map<string, { best: number; pass: number }>> {
  if (!paperIds.length) return new Map();
  const rows = await db
    .select({
      paperId: paperTeacher.paperId,
      score: paperStudent.score,
      total: paperTeacher.totalScore,
      pass: paperTeacher.passScore,
    })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(
      and(
        eq(paperTeacher.tenantId, p.tenantId),
        eq(paperTeacher.createUser, p.userId),
        eq(paperTeacher.kind, 'practice'),
        eq(paperTeacher.isDeleted, 0),
        inArray(paperTeacher.paperId, paperIds),
        eq(paperStudent.userId, p.userId),
        eq(paperStudent.isDeleted, 0),
        eq(paperStudent.state, 'marked'),
      ),
    );
  const out = new Map<string, { best: number; pass: number }>();
  for (const r of rows) {
    if (r.total <= 0) continue;
    const share = r.score / r.total;
    const before = out.get(r.paperId);
    if (!before || share > before.best) out.set(r.paperId, { best: share, pass: r.pass / r.total });
  }
  return out;
}
