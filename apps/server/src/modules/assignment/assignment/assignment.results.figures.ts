import type { GradingMethod } from '@shixun/contracts';
import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db/client.ts';
import { paperStudentQuestion as answer } from '../../../db/schema/index.ts';
import { snapshotFlagIds } from '../../question/question.api.ts';
import { type Attempts, attemptsOf, countedOf } from './assignment.results.counted.ts';

const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sumOf = (column: PgColumn, condition: SQL | undefined = sql`true`) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);
/** An aggregate that is null over no rows (mean, median …), as a number. */
const figure = (aggregate: SQL) => aggregate.mapWith(Number) as SQL<number | null>;

/** A question of the assignment as the figures need it. */
export interface FiguredQuestion {
  id: string;
  questionInstId: string;
  score: number;
}

/**
 * What 成绩分析 is made of, aggregated by the database over each student's counted attempt: raw sums and counts
 * (rounding and names are the caller's), so the work on this side is a few hundred numbers however many students
 * sat the exam.
 */
export async function resultFigures(
  db: Db,
  a: { id: string; passScore: string | number; totalScore: string | number; gradingMethod: string },
  questions: FiguredQuestion[],
) {
  const total = Number(a.totalScore);
  const pass = Number(a.passScore);
  const attempts = attemptsOf(db, a.id, a.gradingMethod as GradingMethod);
  const counted = countedOf(db, attempts);
  const done = eq(attempts.done, true);
  // One query at a time: an analysis holds one pooled connection, never the pool students save through.
  const [summary] = await db
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
    .where(eq(attempts.best, true));
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
  // By question and result: counting per result is the grouping, not a filter evaluated on every answer.
  const answers = await db
    .with(attempts, counted)
    .select({
      questionId: answer.paperTeacherQuestionId,
      result: answer.result,
      rows: count(),
      // A cleared answer is stored as SQL null (the save statement's jsonb_to_recordset makes JSON null so).
      answered: count(answer.answer),
      earned: sumOf(answer.score),
      top: sumOf(answer.score, eq(counted.top, true)),
      bottom: sumOf(answer.score, eq(counted.bottom, true)),
    })
    .from(counted)
    .innerJoin(answer, eq(answer.paperStudentId, counted.id))
    .groupBy(answer.paperTeacherQuestionId, answer.result);
  return {
    summary: summary!,
    classes,
    bands: new Map(bands.map((b) => [b.band, b.n])),
    groups: groups ?? { top: 0, bottom: 0 },
    answers: byQuestion(answers),
    knowledge: await knowledgeFigures(db, attempts, questions),
  };
}

export type ResultFigures = Awaited<ReturnType<typeof resultFigures>>;

/** The counted attempts' answers to one question: how many by result, and the points earned (overall, top, bottom). */
export interface QuestionFigures {
  rows: number;
  answered: number;
  results: Record<string, number>;
  earned: number;
  top: number;
  bottom: number;
}

function byQuestion(
  rows: {
    questionId: string;
    result: string;
    rows: number;
    answered: number;
    earned: number;
    top: number;
    bottom: number;
  }[],
): Map<string, QuestionFigures> {
  const out = new Map<string, QuestionFigures>();
  for (const r of rows) {
    const q = out.get(r.questionId) ?? { rows: 0, answered: 0, results: {}, earned: 0, top: 0, bottom: 0 };
    q.rows += r.rows;
    q.answered += r.answered;
    q.results[r.result] = r.rows;
    q.earned += r.earned;
    q.top += r.top;
    q.bottom += r.bottom;
    out.set(r.questionId, q);
  }
  return out;
}

/** Each class any attempt is in: its students, submissions, passes and mean. */
function classFigures(db: Db, attempts: Attempts, pass: number) {
  const best = eq(attempts.best, true);
  const counted = and(best, eq(attempts.done, true));
  return db
    .with(attempts)
    .select({
      classId: attempts.classId,
      students: countWhere(best),
      submitted: countWhere(counted),
      passed: countWhere(and(counted, gte(attempts.score, pass))),
      mean: figure(sql`avg(${attempts.score}) filter (where ${counted})`),
    })
    .from(attempts)
    .groupBy(attempts.classId);
}

/**
 * The knowledge points the questions are filed under (frozen with the questions; paper order of first use), and per
 * point and class what the counted attempts earned on them.
 */
async function knowledgeFigures(db: Db, attempts: Attempts, questions: FiguredQuestion[]) {
  const flagsOf = await snapshotFlagIds(
    db,
    questions.map((q) => q.questionInstId),
  );
  const filed = questions.flatMap((q) => (flagsOf.get(q.questionInstId) ?? []).map((flagId) => ({ q, flagId })));
  if (!filed.length) return { filed, earned: new Map<string, number>() };
  const counted = countedOf(db, attempts);
  const map = JSON.stringify(filed.map(({ q, flagId }) => ({ question: q.id, flag: flagId })));
  const rows = await db
    .with(attempts, counted)
    .select({ flagId: sql<string>`m.flag`, classId: counted.classId, got: sumOf(answer.score) })
    .from(counted)
    .innerJoin(answer, eq(answer.paperStudentId, counted.id))
    .innerJoin(
      sql`jsonb_to_recordset(${map}::jsonb) as m(question bigint, flag text)`,
      sql`m.question = ${answer.paperTeacherQuestionId}`,
    )
    .groupBy(sql`m.flag`, counted.classId);
  return { filed, earned: new Map(rows.map((r) => [`${r.flagId}:${r.classId}`, r.got])) };
}
