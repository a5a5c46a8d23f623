import {
  type AnswerResult,
  type AnswerValue,
  type AttemptState,
  type CorrectForm,
  MANUAL_TYPES,
  type MarkingAnswer,
  type MarkingAnswerPage,
  type MarkingAnswersQuery,
  type MarkingQuestion,
  partsTotal,
  type ScoringPoint,
  SUBMITTED_STATES,
} from '@shixun/contracts';
import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { toPage } from '../../../core/http/envelope.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperStudentLog, paperStudentQuestion, paperTeacherQuestion } from '../../../db/schema/index.ts';
import { classDisplayName, studentRoster } from '../../academic/academic.api.ts';
import { splitScore } from '../../paper/paper.api.ts';
import { assignmentContent, type ContentQuestion, numberedQuestions } from '../assignment/assignment.content.ts';
import { blindLabel, blindOrder, isBlind } from '../assignment/assignment.options.ts';
import { managedAssignment } from '../assignment/assignment.policy.ts';
import { isReleased } from '../assignment/assignment.release.ts';
import { collectWrongAnswers } from '../wrongbook/wrongbook.collect.ts';

/**
 * A short answer's scoring points as its marker ticks them. Where the paper scores the question otherwise than the
 * points add up to, each point keeps its share (splitScore, as a fill-in's blanks are graded), so ticking every
 * point gives full marks.
 */
export function scoringPoints(q: Pick<ContentQuestion, 'type' | 'score' | 'items'>): ScoringPoint[] {
  if (q.type !== 'short') return [];
  const total = partsTotal(q);
  const scores =
    total === undefined || Math.round(total * 10) === Math.round(q.score * 10)
      ? q.items.map((i) => Number(i.score) || 0)
      : splitScore(
          q.score,
          q.items.map((i) => Number(i.score) || 0),
        );
  return q.items.map((i, k) => ({ id: i.id, content: i.content, score: scores[k] ?? 0 }));
}

/** 阅卷 by question: every question of the assignment (paper order, numbered) with how many answers await marking. */
export async function markingQuestions(db: Db, p: Principal, assignmentId: string): Promise<MarkingQuestion[]> {
  const a = await managedAssignment(db, p, assignmentId);
  const content = await assignmentContent(db, a);
  const answered = (done: boolean) =>
    db
      .select({ id: paperStudentQuestion.paperTeacherQuestionId, n: count() })
      .from(paperStudentQuestion)
      .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
      .where(
        and(
          eq(paperStudent.paperTeacherId, a.id),
          eq(paperStudent.isDeleted, 0),
          inArray(paperStudent.state, SUBMITTED_STATES),
          isNotNull(paperStudentQuestion.answer),
          done ? isNotNull(paperStudentQuestion.manualScore) : undefined,
        ),
      )
      .groupBy(paperStudentQuestion.paperTeacherQuestionId);
  const [all, marked, pending] = await Promise.all([
    answered(false),
    answered(true),
    db
      .select({ id: paperStudentQuestion.paperTeacherQuestionId, n: count() })
      .from(paperStudentQuestion)
      .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
      .where(
        and(
          eq(paperStudent.paperTeacherId, a.id),
          eq(paperStudent.isDeleted, 0),
          eq(paperStudentQuestion.result, 'pending'),
        ),
      )
      .groupBy(paperStudentQuestion.paperTeacherQuestionId),
  ]);
  const n = (rows: { id: string; n: number }[]) => new Map(rows.map((r) => [r.id, r.n]));
  const [allN, markedN, pendingN] = [n(all), n(marked), n(pending)];
  return numberedQuestions(content, a).map(({ q, no }) => ({
    id: q.id,
    no,
    type: q.type,
    score: q.score,
    stem: q.stem,
    manual: MANUAL_TYPES.includes(q.type),
    answered: allN.get(q.id) ?? 0,
    toMark: pendingN.get(q.id) ?? 0,
    marked: markedN.get(q.id) ?? 0,
    points: scoringPoints(q),
  }));
}

/**
 * 阅卷 by question: one page of the submitted answers to a question across the assignment's students — those awaiting
 * marking first (and those marked since `since`, so a page keeps its answers while they are marked), then by student
 * number — with how many still await marking and where the next of them is.
 */
export async function markingAnswers(db: Db, p: Principal, query: MarkingAnswersQuery): Promise<MarkingAnswerPage> {
  const [q] = await db
    .select({ id: paperTeacherQuestion.id, paperTeacherId: paperTeacherQuestion.paperTeacherId })
    .from(paperTeacherQuestion)
    .where(
      and(
        eq(paperTeacherQuestion.id, query.paperTeacherQuestionId),
        eq(paperTeacherQuestion.tenantId, p.tenantId),
        eq(paperTeacherQuestion.isDeleted, 0),
      ),
    );
  if (!q) throw notFound();
  const assignment = await managedAssignment(db, p, q.paperTeacherId);
  // Blind marking: by the label's order instead of student numbers, which would give the roster away.
  const blind = isBlind(assignment);
  const since = query.since ?? new Date();
  const pending = eq(paperStudentQuestion.result, 'pending');
  const roster = studentRoster(db);
  const order = [
    sql`(${pending} or ${gt(paperStudentQuestion.markTime, since)}) desc`,
    blind ? blindOrder(assignment.id) : asc(roster.no),
    asc(paperStudentQuestion.id),
  ];
  const submitted = and(
    eq(paperStudentQuestion.paperTeacherQuestionId, q.id),
    eq(paperStudent.isDeleted, 0),
    inArray(paperStudent.state, SUBMITTED_STATES),
    isNotNull(paperStudentQuestion.answer),
  );
  const offset = (query.current - 1) * query.size;
  const rows = await db
    .select({
      a: paperStudentQuestion,
      paperStudentId: paperStudent.id,
      studentId: paperStudent.studentId,
      studentName: roster.name,
      studentNo: roster.no,
      className: classDisplayName(paperStudent.classId),
    })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(roster, eq(roster.id, paperStudent.studentId))
    .where(submitted)
    .orderBy(...order)
    .limit(query.size)
    .offset(offset);
  const [totals] = await db
    .select({ total: count(), toMark: sql<number>`count(*) filter (where ${pending})`.mapWith(Number) })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .where(submitted);
  // The next answer awaiting marking after this page, else the first one from the top.
  const placed = db
    .select({
      id: paperStudentQuestion.id,
      pending: sql<boolean>`${pending}`.as('pending'),
      place: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.mapWith(Number).as('place'),
    })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(roster, eq(roster.id, paperStudent.studentId))
    .where(submitted)
    .as('placed');
  const [next] = totals?.toMark
    ? await db
        .select({ id: placed.id, place: placed.place })
        .from(placed)
        .where(eq(placed.pending, true))
        .orderBy(sql`${placed.place} > ${offset + query.size} desc`, asc(placed.place))
        .limit(1)
    : [];
  const page = toPage(
    rows.map(
      (r): MarkingAnswer => ({
        id: r.a.id,
        paperStudentId: r.paperStudentId,
        ...(blind
          ? { studentName: blindLabel(assignment.id, r.studentId), studentNo: '', className: '' }
          : { studentName: r.studentName, studentNo: r.studentNo, className: r.className ?? '' }),
        answer: r.a.answer as AnswerValue,
        result: r.a.result as AnswerResult,
        autoScore: r.a.autoScore,
        manualScore: r.a.manualScore,
        comment: r.a.comment,
        markTime: r.a.markTime?.toISOString() ?? null,
      }),
    ),
    totals?.total ?? 0,
    query.current,
    query.size,
  );
  return {
    ...page,
    toMark: totals?.toMark ?? 0,
    nextToMark: next ? { id: next.id, current: Math.ceil(next.place / query.size) } : null,
    since: since.toISOString(),
  };
}

/**
 * `submit_correct`: marks for submitted answers, each at most the question's score. A mark that changes an earlier
 * score (automatic or manual) is logged with before and after. Each attempt's total follows; an attempt with nothing
 * left to mark is marked, and its wrong answers reach the wrong-answer book once results are out.
 */
export async function correct(db: Db, p: Principal, form: CorrectForm): Promise<number> {
  const ids = [...new Set(form.marks.map((m) => m.id))];
  const rows = await db
    .select({ a: paperStudentQuestion, q: paperTeacherQuestion, s: paperStudent })
    .from(paperStudentQuestion)
    .innerJoin(paperTeacherQuestion, eq(paperTeacherQuestion.id, paperStudentQuestion.paperTeacherQuestionId))
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .where(
      and(
        inArray(paperStudentQuestion.id, ids),
        eq(paperStudentQuestion.tenantId, p.tenantId),
        eq(paperStudent.isDeleted, 0),
      ),
    );
  if (rows.length !== ids.length) throw notFound();
  const assignments = new Map<string, Awaited<ReturnType<typeof managedAssignment>>>();
  for (const id of new Set(rows.map((r) => r.s.paperTeacherId)))
    assignments.set(id, await managedAssignment(db, p, id));
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  const now = new Date();
  for (const mark of form.marks) {
    const { a, q, s } = byId.get(mark.id)!;
    if (!SUBMITTED_STATES.includes(s.state as AttemptState)) throw badRequest('mark.notSubmitted');
    const max = Number(q.score);
    if (mark.score > max) throw badRequest('mark.score.tooHigh', { score: mark.score, max });
    const result: AnswerResult = mark.score >= max ? 'right' : mark.score === 0 ? 'wrong' : 'partial';
    const before = a.manualScore ?? (a.result === 'pending' ? null : a.score);
    await db
      .update(paperStudentQuestion)
      .set({
        manualScore: mark.score,
        score: mark.score,
        result,
        comment: mark.comment ?? a.comment,
        markUser: p.userId,
        markTime: now,
        updateUser: p.userId,
        updateTime: now,
      })
      .where(eq(paperStudentQuestion.id, a.id));
    if (before !== null && Number(before) !== mark.score) {
      await db.insert(paperStudentLog).values({
        id: newId(),
        tenantId: p.tenantId,
        paperStudentId: s.id,
        kind: 'correct',
        before: { questionId: q.id, score: Number(before) },
        after: { questionId: q.id, score: mark.score },
        createUser: p.userId,
      });
    }
  }
  for (const attemptId of new Set(rows.map((r) => r.s.id))) {
    const [totals] = await db
      .select({
        score: sql<number>`coalesce(sum(${paperStudentQuestion.score}), 0)`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${paperStudentQuestion.result} = 'pending')`.mapWith(Number),
      })
      .from(paperStudentQuestion)
      .where(eq(paperStudentQuestion.paperStudentId, attemptId));
    const state = totals!.pending > 0 ? 'marking' : 'marked';
    await db
      .update(paperStudent)
      .set({ score: totals!.score, state, updateTime: now })
      .where(eq(paperStudent.id, attemptId));
    const assignment = assignments.get(rows.find((r) => r.s.id === attemptId)!.s.paperTeacherId)!;
    if (state === 'marked' && isReleased(assignment, now)) await collectWrongAnswers(db, [attemptId]);
  }
  return form.marks.length;
}
