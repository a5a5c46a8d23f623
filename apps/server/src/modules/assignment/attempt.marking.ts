import {
  type AnswerResult,
  type AnswerValue,
  type AttemptState,
  type CorrectForm,
  MANUAL_TYPES,
  type MarkingAnswer,
  type MarkingQuestion,
  SUBMITTED_STATES,
} from '@shixun/contracts';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { newId } from '../../core/db/ids.ts';
import { badRequest, notFound } from '../../core/http/errors.ts';
import {
  clazz,
  paperStudent,
  paperStudentLog,
  paperStudentQuestion,
  paperTeacherQuestion,
  student,
  user,
} from '../../db/schema/index.ts';
import { managedAssignment } from './assignment.access.ts';
import { assignmentContent, numberedQuestions } from './assignment.content.ts';
import { isReleased } from './assignment.release.ts';
import { collectWrongAnswers } from './wrongbook.collect.ts';

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
  }));
}

/** 阅卷 by question: the submitted answers to one question across the assignment's students. */
export async function markingAnswers(db: Db, p: Principal, questionId: string): Promise<MarkingAnswer[]> {
  const [q] = await db
    .select()
    .from(paperTeacherQuestion)
    .where(
      and(
        eq(paperTeacherQuestion.id, questionId),
        eq(paperTeacherQuestion.tenantId, p.tenantId),
        eq(paperTeacherQuestion.isDeleted, 0),
      ),
    );
  if (!q) throw notFound();
  await managedAssignment(db, p, q.paperTeacherId);
  const rows = await db
    .select({
      a: paperStudentQuestion,
      paperStudentId: paperStudent.id,
      studentName: user.realName,
      studentNo: student.studentNo,
      className: clazz.name,
    })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(student, eq(student.id, paperStudent.studentId))
    .innerJoin(user, eq(user.id, student.userId))
    .leftJoin(clazz, eq(clazz.id, paperStudent.classId))
    .where(
      and(
        eq(paperStudentQuestion.paperTeacherQuestionId, q.id),
        eq(paperStudent.isDeleted, 0),
        inArray(paperStudent.state, SUBMITTED_STATES),
        isNotNull(paperStudentQuestion.answer),
      ),
    )
    .orderBy(sql`${paperStudentQuestion.result} = 'pending' desc`, student.studentNo);
  return rows.map((r) => ({
    id: r.a.id,
    paperStudentId: r.paperStudentId,
    studentName: r.studentName,
    studentNo: r.studentNo,
    className: r.className ?? '',
    answer: r.a.answer as AnswerValue,
    result: r.a.result as AnswerResult,
    autoScore: r.a.autoScore,
    manualScore: r.a.manualScore,
    comment: r.a.comment,
    markTime: r.a.markTime?.toISOString() ?? null,
  }));
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
