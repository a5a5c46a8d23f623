import {
  type AttemptState,
  type GradingMethod,
  type Page,
  RESULT_STUDENT_SORTS,
  type ResultOutcome,
  type ResultStudent,
  type ResultStudentsQuery,
} from '@shixun/contracts';
import { and, asc, count, desc, eq, gte, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { filter } from '../../../core/crud/filters.ts';
import type { Db } from '../../../core/db/client.ts';
import { toPage } from '../../../core/http/envelope.ts';
import { classDisplayName, studentRoster } from '../../academic/academic.api.ts';
import type { AssignmentRow } from './assignment.content.ts';
import { blindLabel, blindOrder, isBlind } from './assignment.options.ts';
import { managedAssignment } from './assignment.policy.ts';
import { attemptsOf } from './assignment.results.counted.ts';

type Sort = (typeof RESULT_STUDENT_SORTS)[number];

/**
 * The student table of 成绩分析, read by the database a page at a time: each student's counted attempt with their
 * rank among those who submitted (tied scores share a rank), filtered and sorted as asked.
 */
function studentLines(db: Db, a: AssignmentRow, asked: Omit<ResultStudentsQuery, 'current' | 'size'>) {
  // Searching a name or a class would tell a blind marker who is behind a label.
  const q = isBlind(a) ? { ...asked, student: undefined, classId: undefined } : asked;
  const attempts = attemptsOf(db, a.id, a.gradingMethod as GradingMethod);
  const roster = studentRoster(db);
  const board = db.$with('board').as(
    db
      .select({
        id: attempts.id,
        studentId: attempts.studentId,
        classId: attempts.classId,
        state: attempts.state,
        done: attempts.done,
        points: sql<number | null>`case when ${attempts.done} then ${attempts.score} end`.as('points'),
        rank: sql<number | null>`case when ${attempts.done}
          then rank() over (order by case when ${attempts.done} then ${attempts.score} end desc nulls last) end`.as(
          'rank',
        ),
      })
      .from(attempts)
      .where(eq(attempts.best, true)),
  );
  const pass = Number(a.passScore);
  const outcomes: Record<ResultOutcome, SQL | undefined> = {
    passed: and(eq(board.done, true), gte(board.points, pass)),
    failed: and(eq(board.done, true), lt(board.points, pass)),
    absent: eq(board.done, false),
    notStarted: and(eq(board.done, false), not(eq(board.state, 'in_progress'))),
    inProgress: and(eq(board.done, false), eq(board.state, 'in_progress')),
  };
  const where = and(
    q.classId ? eq(board.classId, q.classId) : undefined,
    q.outcome ? outcomes[q.outcome] : undefined,
    filter.like(roster.name, roster.no).where(q.student),
  );
  return { attempts, board, roster, where };
}

type Lines = ReturnType<typeof studentLines>;

const columnOf = ({ board, roster }: Lines): Record<Sort, SQL> => ({
  rank: sql`${board.rank}`,
  score: sql`${board.points}`,
  studentNo: sql`${roster.no}`,
  studentName: sql`${roster.name}`,
  className: classDisplayName(board.classId),
});

/**
 * `ascs`/`descs` → the order; rank and score keep students without one last either way. Default: by rank, then
 * `then` (the student number; a blind label's digest, when names may not show, nor be sorted by).
 */
function orderOf(lines: Lines, then: SQL, blind: boolean, ascs?: string, descs?: string) {
  const columns = columnOf(lines);
  const allowed: readonly Sort[] = blind ? ['rank', 'score'] : RESULT_STUDENT_SORTS;
  const pick = (list: string | undefined, dir: 'asc' | 'desc') =>
    (list ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter((k): k is Sort => (allowed as readonly string[]).includes(k))
      .map((k) => {
        const column = columns[k];
        const nullsLast = k === 'rank' || k === 'score' ? sql` nulls last` : sql``;
        return sql`${column} ${sql.raw(dir)}${nullsLast}`;
      });
  const order = [...pick(ascs, 'asc'), ...pick(descs, 'desc')];
  return [...(order.length ? order : [sql`${lines.board.rank} asc nulls last`, then]), desc(lines.board.id)];
}

async function readLines(
  db: Db,
  a: AssignmentRow,
  q: Omit<ResultStudentsQuery, 'current' | 'size'>,
  page?: { current: number; size: number },
) {
  const lines = studentLines(db, a, q);
  const { attempts, board, roster, where } = lines;
  const blind = isBlind(a);
  let query = db
    .with(attempts, board)
    .select({
      paperStudentId: board.id,
      studentId: board.studentId,
      studentName: roster.name,
      studentNo: roster.no,
      classId: board.classId,
      className: sql<string>`coalesce(${classDisplayName(board.classId)}, '')`,
      score: sql<number | null>`${board.points}`.mapWith(Number),
      state: board.state,
      rank: sql<number | null>`${board.rank}`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(board)
    .innerJoin(roster, eq(roster.id, board.studentId))
    .where(where)
    .orderBy(...orderOf(lines, blind ? blindOrder(a.id, board.studentId) : asc(roster.no), blind, q.ascs, q.descs))
    .$dynamic();
  if (page) query = query.limit(page.size).offset((page.current - 1) * page.size);
  const rows = await query;
  const pass = Number(a.passScore);
  return {
    records: rows.map(
      ({ total: _, studentId, ...r }): ResultStudent => ({
        ...r,
        ...(blind ? { studentName: blindLabel(a.id, studentId), studentNo: '', classId: '', className: '' } : {}),
        state: r.state as AttemptState,
        passed: r.score !== null && r.score >= pass,
      }),
    ),
    /** Lines matching the filters (counted with the page; unknown past the last page). */
    total: rows[0]?.total,
  };
}

/** `GET results/{id}/students`: one page of the student table. */
export async function resultStudents(
  db: Db,
  p: Principal,
  id: string,
  q: ResultStudentsQuery,
): Promise<Page<ResultStudent>> {
  const a = await managedAssignment(db, p, id);
  const { records, total } = await readLines(db, a, q, q);
  if (total !== undefined) return toPage(records, total, q.current, q.size);
  const { attempts, board, roster, where } = studentLines(db, a, q);
  const [counted] = await db
    .with(attempts, board)
    .select({ n: count() })
    .from(board)
    .innerJoin(roster, eq(roster.id, board.studentId))
    .where(where);
  return toPage(records, counted?.n ?? 0, q.current, q.size);
}

/** Every line of the table in rank order (the Excel export). */
export async function allResultStudents(db: Db, p: Principal, id: string): Promise<ResultStudent[]> {
  return (await readLines(db, await managedAssignment(db, p, id), {})).records;
}
