import {
  type AnswerValue,
  type RegradeChange,
  type RegradeForm,
  type RegradeResult,
  SUBMITTED_STATES,
} from '@shixun/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import {
  paperStudent,
  paperStudentLog,
  paperStudentQuestion,
  paperTeacher,
  paperTeacherQuestion,
} from '../../../db/schema/index.ts';
import { studentRoster } from '../../academic/academic.api.ts';
import { fixSnapshotKey } from '../../question/question.api.ts';
import { assignmentContent, type ContentQuestion } from '../assignment/assignment.content.ts';
import { blindLabel, isBlind } from '../assignment/assignment.options.ts';
import { managedAssignment } from '../assignment/assignment.policy.ts';
import { gradeAnswer } from '../attempt/attempt.grade.ts';

/** The question with the corrected key, or 400 when the key does not fit the question. */
function corrected(q: ContentQuestion, form: RegradeForm): ContentQuestion {
  if (q.type === 'single' || q.type === 'multiple') {
    const right = new Set(form.rightOptionIds ?? []);
    const known = [...right].every((id) => q.items.some((i) => i.id === id));
    if (!known || right.size === 0 || (q.type === 'single' && right.size !== 1)) throw badRequest('mark.regrade.key');
    return { ...q, items: q.items.map((i) => ({ ...i, isAnswer: right.has(i.id) ? 1 : 0 })) };
  }
  if (q.type === 'judge') {
    if (!form.judge) throw badRequest('mark.regrade.key');
    return { ...q, answer: form.judge };
  }
  if (q.type === 'fill') {
    if (form.blanks?.length !== q.items.length) throw badRequest('mark.regrade.key');
    return { ...q, items: q.items.map((i, k) => ({ ...i, content: form.blanks![k]! })) };
  }
  throw badRequest('mark.regrade.objective');
}

/**
 * Re-grading after a key fix (DOMAIN §4): the assignment's frozen copy of the question gets the corrected key and
 * every submitted answer to it is graded again — marks set by hand stay — each change shown (and, applied, logged)
 * with the score before and after. Nothing changes until the teacher applies what the preview showed.
 */
export async function regrade(db: Db, p: Principal, form: RegradeForm): Promise<RegradeResult> {
  const [row] = await db
    .select()
    .from(paperTeacherQuestion)
    .where(
      and(
        eq(paperTeacherQuestion.id, form.id),
        eq(paperTeacherQuestion.tenantId, p.tenantId),
        eq(paperTeacherQuestion.isDeleted, 0),
      ),
    );
  if (!row) throw notFound();
  const a = await managedAssignment(db, p, row.paperTeacherId);
  const q = (await assignmentContent(db, a)).get(row.id)!;
  const fixed = corrected(q, form);
  const roster = studentRoster(db);
  const answers = await db
    .select({
      id: paperStudentQuestion.id,
      answer: paperStudentQuestion.answer,
      score: paperStudentQuestion.score,
      result: paperStudentQuestion.result,
      attempt: paperStudent,
      studentName: roster.name,
      studentNo: roster.no,
    })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(roster, eq(roster.id, paperStudent.studentId))
    .where(
      and(
        eq(paperStudentQuestion.paperTeacherQuestionId, row.id),
        eq(paperStudent.isDeleted, 0),
        inArray(paperStudent.state, SUBMITTED_STATES),
        isNotNull(paperStudentQuestion.answer),
        isNull(paperStudentQuestion.manualScore),
      ),
    );
  const changes: (RegradeChange & { answerId: string; result: string })[] = [];
  for (const r of answers) {
    const g = gradeAnswer(fixed, r.answer as AnswerValue, a.multipleScoring);
    const after = g.autoScore ?? 0;
    if (after === Number(r.score) && g.result === r.result) continue;
    const totalBefore = Number(r.attempt.score);
    changes.push({
      answerId: r.id,
      result: g.result,
      paperStudentId: r.attempt.id,
      ...(isBlind(a)
        ? { studentName: blindLabel(a.id, r.attempt.studentId), studentNo: '' }
        : { studentName: r.studentName, studentNo: r.studentNo }),
      before: Number(r.score),
      after,
      totalBefore,
      totalAfter: Math.round((totalBefore - Number(r.score) + after) * 10) / 10,
    });
  }
  const result = {
    applied: form.apply === 1,
    changes: changes.map(({ answerId: _a, result: _r, ...c }) => c),
    unchanged: answers.length - changes.length,
  };
  if (form.apply !== 1) return result;

  // The assignment's own copy of the key; the bank's question is the teacher's to fix there if they wish.
  await fixSnapshotKey(db, q.questionInstId, {
    answer: q.type === 'judge' ? fixed.answer : undefined,
    items: fixed.items,
  });
  // A new content version: every instance's cache of the frozen questions is refreshed.
  await db.update(paperTeacher).set({ updateTime: new Date() }).where(eq(paperTeacher.id, a.id));
  for (const c of changes) {
    await db
      .update(paperStudentQuestion)
      .set({ autoScore: c.after, score: c.after, result: c.result, updateTime: new Date() })
      .where(eq(paperStudentQuestion.id, c.answerId));
    await db
      .update(paperStudent)
      .set({
        score: sql`${paperStudent.score} + ${c.after - c.before}`,
        objectiveScore: sql`${paperStudent.objectiveScore} + ${c.after - c.before}`,
        updateTime: new Date(),
      })
      .where(eq(paperStudent.id, c.paperStudentId));
    await db.insert(paperStudentLog).values({
      id: newId(),
      tenantId: p.tenantId,
      paperStudentId: c.paperStudentId,
      kind: 'regrade',
      before: { questionId: row.id, score: c.before, total: c.totalBefore },
      after: { questionId: row.id, score: c.after, total: c.totalAfter },
      createUser: p.userId,
    });
  }
  return result;
}
