import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { paperStudent, paperStudentQuestion, paperTeacherQuestion, wrongbook } from '../../../db/schema/index.ts';
import { snapshotRows } from '../../question/question.api.ts';

/**
 * Wrong and partly right answers of these attempts go into their students' wrong-answer books (DOMAIN §5), once a
 * student may see their results — never before, or the book would give the key away. A question already in the book
 * counts one more wrong answer and is active again.
 */
export async function collectWrongAnswers(db: Db, attemptIds: string[]): Promise<void> {
  if (!attemptIds.length) return;
  const inst = snapshotRows(db);
  const rows = await db
    .select({
      tenantId: paperStudent.tenantId,
      userId: paperStudent.userId,
      paperStudentId: paperStudent.id,
      questionId: paperTeacherQuestion.questionId,
      questionInstId: paperTeacherQuestion.questionInstId,
      answer: paperStudentQuestion.answer,
      flagIds: inst.flagIds,
    })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(paperTeacherQuestion, eq(paperTeacherQuestion.id, paperStudentQuestion.paperTeacherQuestionId))
    .innerJoin(inst, eq(inst.id, paperTeacherQuestion.questionInstId))
    .where(
      and(
        inArray(paperStudentQuestion.paperStudentId, attemptIds),
        inArray(paperStudentQuestion.result, ['wrong', 'partial']),
      ),
    );
  if (!rows.length) return;
  await db
    .insert(wrongbook)
    .values(rows.map((r) => ({ ...r, id: newId(), createUser: r.userId, updateUser: r.userId })))
    .onConflictDoUpdate({
      target: [wrongbook.userId, wrongbook.questionId],
      targetWhere: sql`is_deleted = 0`,
      // The same attempt collected again (a mark corrected after release) counts once.
      set: {
        wrongCount: sql`case when ${wrongbook.paperStudentId} = excluded.paper_student_id then ${wrongbook.wrongCount} else ${wrongbook.wrongCount} + 1 end`,
        rightStreak: 0,
        state: 'active',
        answer: sql`excluded.answer`,
        questionInstId: sql`excluded.question_inst_id`,
        paperStudentId: sql`excluded.paper_student_id`,
        updateTime: new Date(),
      },
    });
}

/** Attempts whose results their students may now see: marked, of an assignment whose scores are out. */
export async function visibleAttempts(db: Db, assignmentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: paperStudent.id })
    .from(paperStudent)
    .where(
      and(
        eq(paperStudent.paperTeacherId, assignmentId),
        eq(paperStudent.state, 'marked'),
        eq(paperStudent.isDeleted, 0),
      ),
    );
  return rows.map((r) => r.id);
}
