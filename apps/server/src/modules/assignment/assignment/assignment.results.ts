import type { AssignmentResults, ResultQuestion } from '@shixun/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { paperStudent } from '../../../db/schema/index.ts';
import { classesById, flagNames } from '../../academic/academic.api.ts';
import { type AssignmentRow, assignmentContent, numberedQuestions } from './assignment.content.ts';
import { isBlind } from './assignment.options.ts';
import { managedAssignment } from './assignment.policy.ts';
import { assignmentState } from './assignment.resource.ts';
import { type FiguredQuestion, type ResultFigures, resultFigures } from './assignment.results.figures.ts';

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Figures worked out lately, by assignment, with the state of the attempts they came from. Teachers open an
 * analysis again and again (and export it right after) while nothing changes; each then costs one small query.
 */
const recent = new Map<string, { version: string; figures: Promise<ResultFigures> }>();
const RECENT = 32;

/**
 * What the figures depend on: every start, submission, mark, re-grade or new attempt touches its attempt row, and a
 * key fix or any edit the assignment row.
 */
async function versionOf(db: Db, a: AssignmentRow): Promise<string> {
  const [v] = await db
    .select({
      n: count(),
      last: sql<string>`max(${paperStudent.updateTime})::text`,
      score: sql<string>`sum(${paperStudent.score})::text`,
    })
    .from(paperStudent)
    .where(eq(paperStudent.paperTeacherId, a.id));
  return `${a.updateTime.toISOString()}|${v?.n}|${v?.last}|${v?.score}`;
}

/** The figures of the assignment as it stands: worked out once however many teachers ask at the same time. */
async function figuresOf(db: Db, a: AssignmentRow, questions: FiguredQuestion[]): Promise<ResultFigures> {
  const version = await versionOf(db, a);
  const held = recent.get(a.id);
  if (held?.version === version) return held.figures;
  const figures = resultFigures(db, a, questions);
  recent.delete(a.id);
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  recent.set(a.id, { version, figures });
  // A failure is not remembered: the next call works the figures out again.
  void figures.catch(() => recent.get(a.id)?.figures === figures && recent.delete(a.id));
  return figures;
}

/**
 * 成绩分析: the counted attempt of each student (their best submitted one), score statistics and distribution, each
 * class, each question's facility and discrimination (classical test theory: the top and bottom 27 %), and mastery
 * of each knowledge point by class — aggregated by the database (assignment.results.figures.ts); the students
 * themselves are paged apart (assignment.results.students.ts). Names are read fresh each time.
 */
export async function assignmentResults(db: Db, p: Principal, id: string): Promise<AssignmentResults> {
  const a = await managedAssignment(db, p, id);
  const numbered = numberedQuestions(await assignmentContent(db, a), a);
  const f = await figuresOf(
    db,
    a,
    numbered.map(({ q }) => q),
  );
  const total = Number(a.totalScore);
  const n = f.summary.submitted;
  const share = (earned: number, of: number, q: { score: number }) =>
    q.score > 0 && of > 0 ? earned / (of * q.score) : null;
  const questions: ResultQuestion[] = numbered.map(({ q, no }) => {
    const x = f.answers.get(q.id);
    const facility = share(x?.earned ?? 0, n, q);
    const up = share(x?.top ?? 0, f.groups.top, q);
    const low = share(x?.bottom ?? 0, f.groups.bottom, q);
    return {
      id: q.id,
      no,
      type: q.type,
      score: q.score,
      stem: q.stem,
      answered: x?.answered ?? 0,
      right: x?.results.right ?? 0,
      partial: x?.results.partial ?? 0,
      wrong: x?.results.wrong ?? 0,
      // No answer row at all is blank too.
      blank: n - ((x?.rows ?? 0) - (x?.results.blank ?? 0)),
      facility: facility === null ? null : round(facility, 2),
      discrimination: n >= 4 && up !== null && low !== null ? round(up - low, 2) : null,
    };
  });

  const classOf = await classesById(
    db,
    f.classes.map((c) => c.classId),
  );
  // The class tree's order.
  const classes = [...f.classes].sort(
    (x, y) =>
      (classOf.get(x.classId)?.sort ?? 0) - (classOf.get(y.classId)?.sort ?? 0) ||
      Number(BigInt(x.classId) - BigInt(y.classId)),
  );
  const s = f.summary;
  return {
    assignment: {
      id: a.id,
      title: a.title,
      kind: a.kind as AssignmentResults['assignment']['kind'],
      totalScore: total,
      passScore: Number(a.passScore),
      state: assignmentState(a),
      blind: isBlind(a),
    },
    summary: {
      students: s.students,
      submitted: n,
      absent: s.students - n,
      mean: s.mean === null ? null : round(s.mean),
      median: s.median === null ? null : round(s.median, 2),
      max: s.max,
      min: s.min,
      stdev: s.stdev === null ? null : round(s.stdev, 2),
      passed: s.passed,
      passRate: n ? round(s.passed / n, 3) : null,
      toMark: [...f.answers.values()].reduce((sum, x) => sum + (x.results.pending ?? 0), 0),
    },
    distribution: Array.from({ length: 10 }, (_, i) => ({
      from: round((total * i) / 10),
      to: round((total * (i + 1)) / 10),
      count: f.bands.get(i) ?? 0,
    })),
    byClass: classes.map((c) => ({
      classId: c.classId,
      className: classOf.get(c.classId)?.name ?? '',
      students: c.students,
      submitted: c.submitted,
      mean: c.mean === null ? null : round(c.mean),
      passRate: c.submitted ? round(c.passed / c.submitted, 3) : null,
    })),
    questions,
    knowledge: await knowledgeOf(db, f, classes),
  };
}

/**
 * Mastery of each knowledge point (earned ÷ possible over the counted attempts), overall and by class: possible is
 * each filed question's score for every counted attempt.
 */
async function knowledgeOf(
  db: Db,
  f: ResultFigures,
  classes: { classId: string; submitted: number }[],
): Promise<AssignmentResults['knowledge']> {
  const { filed, earned } = f.knowledge;
  const flagIds = [...new Set(filed.map((x) => x.flagId))];
  if (!flagIds.length) return [];
  const names = await flagNames(db, flagIds);
  const worth = (flagId: string) => filed.reduce((sum, x) => sum + (x.flagId === flagId ? x.q.score : 0), 0);
  const mastery = (got: number, possible: number) => (possible > 0 ? round(got / possible, 3) : null);
  return flagIds
    .filter((flagId) => names.has(flagId))
    .map((flagId) => {
      const byClass = classes.map((c) => ({
        classId: c.classId,
        got: earned.get(`${flagId}:${c.classId}`) ?? 0,
        possible: worth(flagId) * c.submitted,
      }));
      const got = byClass.reduce((sum, c) => sum + c.got, 0);
      const possible = byClass.reduce((sum, c) => sum + c.possible, 0);
      return {
        flagId,
        name: names.get(flagId)!,
        mastery: mastery(got, possible) ?? 0,
        byClass: byClass.map((c) => ({ classId: c.classId, mastery: mastery(c.got, c.possible) })),
      };
    });
}
