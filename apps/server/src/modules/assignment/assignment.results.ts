import type { AssignmentResults, ResultQuestion } from '@shixun/contracts';
import { and, asc, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { paperStudentQuestion as answer, clazz, flag, questionInst } from '../../db/schema/index.ts';
import { managedAssignment } from './assignment.access.ts';
import { assignmentContent, numberedQuestions } from './assignment.content.ts';
import { assignmentState } from './assignment.resource.ts';
import { type Attempts, attemptsOf, countedOf } from './assignment.results.counted.ts';

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sumOf = (column: PgColumn, condition: SQL | undefined = sql`true`) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);
/** An aggregate that is null over no rows (mean, median …), as a number. */
const figure = (aggregate: SQL) => aggregate.mapWith(Number) as SQL<number | null>;

/**
 * 成绩分析: the counted attempt of each student (their best submitted one), score statistics and distribution, each
 * class, each question's facility and discrimination (classical test theory: the top and bottom 27 %), and mastery
 * of each knowledge point by class. Every figure is aggregated by the database, so this process only shapes a few
 * hundred numbers however many students sat the exam (the students themselves are paged: assignment.results.students).
 */
export async function assignmentResults(db: Db, p: Principal, id: string): Promise<AssignmentResults> {
  const a = await managedAssignment(db, p, id);
  const numbered = numberedQuestions(await assignmentContent(db, a), a);
  const total = Number(a.totalScore);
  const pass = Number(a.passScore);
  const attempts = attemptsOf(db, a.id);
  const counted = countedOf(db, attempts);
  const best = eq(attempts.best, true);
  const done = eq(attempts.done, true);

  // One query at a time: a teacher's analysis holds one pooled connection, never the pool students save through.
  const [s] = await db
    .with(attempts)
    .select({
      students: count(),
      submitted: countWhere(done),
      passed: countWhere(and(done, gte(attempts.score, pass))),
      mean: figure(sql`avg(${attempts.score}) filter (where ${done})`),
      median: figure(
        sql`percentile_cont(0.5) within group (order by ${attempts.score}::float8) filter (where ${done})`,
      ),
      max: figure(sql`max(${attempts.score}) filter (where ${done})`),
      min: figure(sql`min(${attempts.score}) filter (where ${done})`),
      stdev: figure(sql`stddev_pop(${attempts.score}) filter (where ${done})`),
    })
    .from(attempts)
    .where(best);
  const summary = s!;
  const classes = await classFigures(db, attempts, pass);
  const bands = await db
    .with(attempts, counted)
    .select({
      band: sql<number>`case when ${total}::numeric > 0
        then least(9, floor(${counted.score} * 10 / ${total}::numeric)) else 0 end`.mapWith(Number),
      n: count(),
    })
    .from(counted)
    .groupBy(sql`1`);
  const [groups] = await db
    .with(attempts, counted)
    .select({ top: countWhere(eq(counted.top, true)), bottom: countWhere(eq(counted.bottom, true)) })
    .from(counted);
  const figures = await db
    .with(attempts, counted)
    .select({
      questionId: answer.paperTeacherQuestionId,
      rows: count(),
      answered: countWhere(sql`${answer.answer} is not null and ${answer.answer} <> 'null'::jsonb`),
      right: countWhere(eq(answer.result, 'right')),
      partial: countWhere(eq(answer.result, 'partial')),
      wrong: countWhere(eq(answer.result, 'wrong')),
      blank: countWhere(eq(answer.result, 'blank')),
      pending: countWhere(eq(answer.result, 'pending')),
      earned: sumOf(answer.score),
      top: sumOf(answer.score, eq(counted.top, true)),
      bottom: sumOf(answer.score, eq(counted.bottom, true)),
    })
    .from(counted)
    .innerJoin(answer, eq(answer.paperStudentId, counted.id))
    .groupBy(answer.paperTeacherQuestionId);

  const n = summary.submitted;
  const byQuestion = new Map(figures.map((f) => [f.questionId, f]));
  const share = (earned: number, of: number, q: { score: number }) =>
    q.score > 0 && of > 0 ? earned / (of * q.score) : null;
  const questions: ResultQuestion[] = numbered.map(({ q, no }) => {
    const f = byQuestion.get(q.id);
    const facility = share(f?.earned ?? 0, n, q);
    const up = share(f?.top ?? 0, groups?.top ?? 0, q);
    const low = share(f?.bottom ?? 0, groups?.bottom ?? 0, q);
    return {
      id: q.id,
      no,
      type: q.type,
      score: q.score,
      stem: q.stem,
      answered: f?.answered ?? 0,
      right: f?.right ?? 0,
      partial: f?.partial ?? 0,
      wrong: f?.wrong ?? 0,
      // No answer row at all is blank too.
      blank: n - ((f?.rows ?? 0) - (f?.blank ?? 0)),
      facility: facility === null ? null : round(facility, 2),
      discrimination: n >= 4 && up !== null && low !== null ? round(up - low, 2) : null,
    };
  });

  const countIn = new Map(bands.map((b) => [b.band, b.n]));
  return {
    assignment: {
      id: a.id,
      title: a.title,
      kind: a.kind as AssignmentResults['assignment']['kind'],
      totalScore: total,
      passScore: pass,
      state: assignmentState(a),
    },
    summary: {
      students: summary.students,
      submitted: n,
      absent: summary.students - n,
      mean: summary.mean === null ? null : round(summary.mean),
      median: summary.median === null ? null : round(summary.median, 2),
      max: summary.max,
      min: summary.min,
      stdev: summary.stdev === null ? null : round(summary.stdev, 2),
      passed: summary.passed,
      passRate: n ? round(summary.passed / n, 3) : null,
      toMark: figures.reduce((sum, f) => sum + f.pending, 0),
    },
    distribution: Array.from({ length: 10 }, (_, i) => ({
      from: round((total * i) / 10),
      to: round((total * (i + 1)) / 10),
      count: countIn.get(i) ?? 0,
    })),
    byClass: classes.map(({ sort: _, passed, ...c }) => ({
      ...c,
      mean: c.mean === null ? null : round(c.mean),
      passRate: c.submitted ? round(passed / c.submitted, 3) : null,
    })),
    questions,
    knowledge: await knowledgeFigures(db, attempts, numbered, classes),
  };
}

/** Each class any attempt is in (by the class tree's order): its students, submissions, mean and passes. */
async function classFigures(db: Db, attempts: Attempts, pass: number) {
  const best = eq(attempts.best, true);
  const counted = and(best, eq(attempts.done, true));
  return db
    .with(attempts)
    .select({
      classId: attempts.classId,
      className: sql<string>`coalesce(${clazz.name}, '')`,
      sort: clazz.sort,
      students: countWhere(best),
      submitted: countWhere(counted),
      passed: countWhere(and(counted, gte(attempts.score, pass))),
      mean: figure(sql`avg(${attempts.score}) filter (where ${counted})`),
    })
    .from(attempts)
    .leftJoin(clazz, eq(clazz.id, attempts.classId))
    .groupBy(attempts.classId, clazz.name, clazz.sort)
    .orderBy(asc(clazz.sort), asc(attempts.classId));
}

/**
 * Mastery of each knowledge point the questions are filed under (paper order of first use): earned ÷ possible over
 * the counted attempts, overall and by class. The database sums what was earned per point and class; what was
 * possible is each such question's score for every counted attempt.
 */
async function knowledgeFigures(
  db: Db,
  attempts: Attempts,
  numbered: { q: { id: string; questionInstId: string; score: number } }[],
  classes: { classId: string; submitted: number }[],
): Promise<AssignmentResults['knowledge']> {
  if (!numbered.length) return [];
  const insts = await db
    .select({ id: questionInst.id, flagIds: questionInst.flagIds })
    .from(questionInst)
    .where(
      inArray(
        questionInst.id,
        numbered.map((x) => x.q.questionInstId),
      ),
    );
  const flagsOf = new Map(insts.map((i) => [i.id, i.flagIds]));
  const filed = numbered.flatMap(({ q }) => (flagsOf.get(q.questionInstId) ?? []).map((f) => ({ q, flagId: f })));
  if (!filed.length) return [];
  const flagIds = [...new Set(filed.map((x) => x.flagId))];
  const names = new Map(
    (await db.select({ id: flag.id, name: flag.name }).from(flag).where(inArray(flag.id, flagIds))).map((f) => [
      f.id,
      f.name,
    ]),
  );
  const counted = countedOf(db, attempts);
  const map = JSON.stringify(filed.map(({ q, flagId }) => ({ question: q.id, flag: flagId })));
  const earned = await db
    .with(attempts, counted)
    .select({ flagId: sql<string>`m.flag`, classId: counted.classId, got: sumOf(answer.score) })
    .from(counted)
    .innerJoin(answer, eq(answer.paperStudentId, counted.id))
    .innerJoin(
      sql`jsonb_to_recordset(${map}::jsonb) as m(question bigint, flag text)`,
      sql`m.question = ${answer.paperTeacherQuestionId}`,
    )
    .groupBy(sql`m.flag`, counted.classId);
  const got = new Map(earned.map((e) => [`${e.flagId}:${e.classId}`, e.got]));
  const worth = (flagId: string) => filed.reduce((sum, x) => sum + (x.flagId === flagId ? x.q.score : 0), 0);
  const mastery = (earnedPoints: number, possible: number) => (possible > 0 ? round(earnedPoints / possible, 3) : null);
  return flagIds
    .filter((f) => names.has(f))
    .map((flagId) => {
      const byClass = classes.map((c) => ({
        classId: c.classId,
        got: got.get(`${flagId}:${c.classId}`) ?? 0,
        possible: worth(flagId) * c.submitted,
      }));
      const all = byClass.reduce((sum, c) => ({ got: sum.got + c.got, possible: sum.possible + c.possible }), {
        got: 0,
        possible: 0,
      });
      return {
        flagId,
        name: names.get(flagId)!,
        mastery: mastery(all.got, all.possible) ?? 0,
        byClass: byClass.map((c) => ({ classId: c.classId, mastery: mastery(c.got, c.possible) })),
      };
    });
}
