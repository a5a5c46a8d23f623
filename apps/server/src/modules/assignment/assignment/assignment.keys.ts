import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher } from '../../../db/schema/index.ts';
import type { AssignmentRow } from './assignment.content.ts';

type Timed = Pick<AssignmentRow, 'id' | 'closeTime' | 'graceSeconds'>;

/**
 * Until when a student of each assignment can still answer: its close time, or later where a student who may still
 * answer (not yet handed in, or with attempts left) was given extra time or a window of their own, or an attempt in
 * progress ends later (its end was fixed when it started; the close time may have been moved since) — plus the grace
 * in which saves are still taken.
 */
export async function answerableUntil(db: Db, assignments: Timed[]): Promise<Map<string, Date>> {
  if (!assignments.length) return new Map();
  const rows = await db
    .select({
      id: paperStudent.paperTeacherId,
      until: sql<number>`extract(epoch from max(greatest(
        coalesce(${paperStudent.closeTime}, ${paperTeacher.closeTime}) + make_interval(mins => ${paperStudent.extraMinutes}),
        case when ${paperStudent.state} = 'in_progress' then ${paperStudent.endTime} end)))::float8`.mapWith(Number),
    })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(
      and(
        inArray(
          paperStudent.paperTeacherId,
          assignments.map((a) => a.id),
        ),
        eq(paperStudent.isDeleted, 0),
        or(
          sql`${paperStudent.closeTime} is not null`,
          sql`${paperStudent.extraMinutes} > 0`,
          eq(paperStudent.state, 'in_progress'),
        ),
        or(
          inArray(paperStudent.state, ['not_started', 'in_progress']),
          eq(paperTeacher.kind, 'practice'),
          eq(paperTeacher.attempts, 0),
          sql`${paperStudent.attemptNo} < ${paperTeacher.attempts}`,
        ),
      ),
    )
    .groupBy(paperStudent.paperTeacherId);
  const personal = new Map(rows.map((r) => [r.id, r.until * 1000]));
  return new Map(
    assignments.map((a) => {
      const close = Math.max(a.closeTime.getTime(), personal.get(a.id) ?? 0);
      return [a.id, new Date(close + a.graceSeconds * 1000)];
    }),
  );
}

/** What a student may be told about an assignment's answers now. */
export interface KeyAccess {
  /** Whether an answer is right (re-practice, practice checks). */
  feedback: boolean;
  /** The key and analysis as well. */
  key: boolean;
  /** While classmates can still answer: when feedback — and a key the review policy shows — opens. */
  from: Date | null;
}

/** Keys at once are for practice; an exam's or homework's keys wait until nobody can still answer. */
export function assertKeyTiming(kind: string, keyTiming: string): void {
  if (keyTiming === 'immediate' && kind !== 'practice') throw badRequest('assignment.keyTiming.practiceOnly');
}

type Keyed = Timed & Pick<AssignmentRow, 'kind' | 'keyTiming' | 'reviewPolicy'>;

/**
 * The one rule for keys (issue 25 §1), used by the review, practice checks and the wrong-answer book: a student is told
 * whether an answer is right, and sees the key and analysis where the review policy shows them, only once no student
 * of the assignment can still answer — unless the teacher chose keys at once for a practice, which shows them after
 * each saved answer. Scores follow their own release rule and may come earlier.
 */
export async function keyAccessOf(db: Db, assignments: Keyed[], now = new Date()): Promise<Map<string, KeyAccess>> {
  const immediate = (a: Keyed) => a.kind === 'practice' && a.keyTiming === 'immediate';
  const until = await answerableUntil(
    db,
    assignments.filter((a) => !immediate(a)),
  );
  return new Map(
    assignments.map((a): [string, KeyAccess] => {
      if (immediate(a)) return [a.id, { feedback: true, key: true, from: null }];
      const over = until.get(a.id)! <= now;
      return [
        a.id,
        { feedback: over, key: over && a.reviewPolicy === 'analysis', from: over ? null : until.get(a.id)! },
      ];
    }),
  );
}

/** The rule for one assignment. */
export async function keyAccess(db: Db, a: Keyed, now = new Date()): Promise<KeyAccess> {
  return (await keyAccessOf(db, [a], now)).get(a.id)!;
}
