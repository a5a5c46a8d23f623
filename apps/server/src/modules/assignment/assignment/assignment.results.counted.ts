import { type GradingMethod, SUBMITTED_STATES } from '@shixun/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { paperStudent } from '../../../db/schema/index.ts';

// 成绩分析 reads an assignment's attempts through these two common table expressions, so every figure, the student
// table and the export agree on which attempt counts and who is in the top and bottom groups.

type Score = (typeof paperStudent.$inferSelect)['score'];

const submitted = inArray(paperStudent.state, SUBMITTED_STATES);

/** Among a student's submitted attempts, which comes first for each grading method (average: its latest). */
const PICK: Record<GradingMethod, SQL> = {
  highest: sql`case when ${submitted} then ${paperStudent.score} end desc nulls last, ${paperStudent.attemptNo} desc`,
  last: sql`${paperStudent.attemptNo} desc`,
  average: sql`${paperStudent.attemptNo} desc`,
  first: sql`case when ${submitted} then ${paperStudent.attemptNo} end asc nulls last, ${paperStudent.attemptNo} desc`,
};

/**
 * `attempts`: every live attempt of an assignment; `best` marks the one that counts for its student by the
 * assignment's grading method — their highest submitted attempt (the later one on a tie), the last or the first
 * submitted one, or for `average` the last submitted one carrying the average of their submitted scores (its answers
 * stand for them in the item analysis) — else their latest (they have not submitted: absent). attempt.mine.ts'
 * countedScore gives a student the same score.
 */
export function attemptsOf(db: Db, assignmentId: string, method: GradingMethod) {
  const average = sql`round(avg(${paperStudent.score}) filter (where ${submitted})
    over (partition by ${paperStudent.studentId}), 2)`;
  return db.$with('attempts').as(
    db
      .select({
        id: paperStudent.id,
        studentId: paperStudent.studentId,
        classId: paperStudent.classId,
        state: paperStudent.state,
        // One expression for every method, so the columns of the table expression keep one type.
        score:
          sql<Score>`${method === 'average' ? sql`case when ${submitted} then ${average} else ${paperStudent.score} end` : paperStudent.score}`
            .mapWith(paperStudent.score)
            .as('score'),
        done: sql<boolean>`${submitted}`.as('done'),
        best: sql<boolean>`row_number() over (partition by ${paperStudent.studentId}
          order by ${submitted} desc, ${PICK[method]}) = 1`.as('best'),
      })
      .from(paperStudent)
      .where(and(eq(paperStudent.paperTeacherId, assignmentId), eq(paperStudent.isDeleted, 0))),
  );
}

export type Attempts = ReturnType<typeof attemptsOf>;

/**
 * `counted`: the counted attempts of students who submitted, each in the top or bottom 27 % by total score
 * (classical item analysis; at least one student each). A group takes everyone tied at its edge, so who is in it
 * never depends on the order rows happen to come in. The 27 % is rounded half up, as `Math.round` does.
 */
export function countedOf(db: Db, attempts: Attempts) {
  const band = sql`greatest(1, floor(count(*) over () * 0.27::float8 + 0.5))`;
  return db.$with('counted').as(
    db
      .select({
        id: attempts.id,
        classId: attempts.classId,
        score: attempts.score,
        top: sql<boolean>`rank() over (order by ${attempts.score} desc) <= ${band}`.as('top'),
        bottom: sql<boolean>`rank() over (order by ${attempts.score} asc) <= ${band}`.as('bottom'),
      })
      .from(attempts)
      .where(and(eq(attempts.best, true), eq(attempts.done, true))),
  );
}
