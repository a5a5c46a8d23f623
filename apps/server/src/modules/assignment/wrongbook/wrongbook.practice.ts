import {
  type AnswerValue,
  MASTERED_AFTER,
  type PracticeFeedback,
  type WrongbookPractice,
  wrongbookSchema,
} from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { loadRows } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher, wrongbook } from '../../../db/schema/index.ts';
import { examQuestion, feedbackKey, instQuestion } from '../assignment/assignment.content.ts';
import { type KeyAccess, keyAccess } from '../assignment/assignment.keys.ts';
import { gradeAnswer } from '../attempt/attempt.grade.ts';
import { wrongbookResource } from './wrongbook.resource.ts';

async function ownEntry(db: Db, p: Principal, id: string) {
  const [row] = await db
    .select()
    .from(wrongbook)
    .where(
      and(
        eq(wrongbook.id, id),
        eq(wrongbook.tenantId, p.tenantId),
        eq(wrongbook.userId, p.userId),
        eq(wrongbook.isDeleted, 0),
      ),
    );
  if (!row) throw notFound();
  const q = await instQuestion(db, p.tenantId, row.questionInstId);
  if (!q) throw notFound();
  return { row, q };
}

/** What the student may be told about the assignment a wrong answer came from. */
async function sourceAccess(db: Db, attemptId: string): Promise<KeyAccess> {
  const [source] = await db
    .select({ a: paperTeacher })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(eq(paperStudent.id, attemptId));
  // The attempt (or its assignment) was removed: nothing is left that a classmate could still answer.
  return source ? keyAccess(db, source.a) : { feedback: true, key: false, from: null };
}

/** `practice?id=`: a wrong-answer book question to try again, without its key. */
export async function practiceQuestion(db: Db, p: Principal, id: string): Promise<WrongbookPractice> {
  const { row, q } = await ownEntry(db, p, id);
  const scope = eq(wrongbook.userId, p.userId);
  const [entry] = await loadRows(wrongbookResource, [row], { db, principal: p, scope });
  return {
    entry: presenter(wrongbookSchema)(entry!),
    question: examQuestion({ q, no: '1', children: [] }),
    lastAnswer: row.answer as AnswerValue,
  };
}

/**
 * `check`: re-practice with immediate feedback, once no classmate can still answer the assignment the question came
 * from (else a student with attempts left could try answers here first); the key and analysis where its review
 * policy shows them (assignment.keys.ts). Right answers in a row count towards mastery (MASTERED_AFTER); a wrong one
 * sets the streak back and the entry active again.
 */
export async function checkPractice(db: Db, p: Principal, id: string, answer: AnswerValue): Promise<PracticeFeedback> {
  const { row, q } = await ownEntry(db, p, id);
  const access = await sourceAccess(db, row.paperStudentId);
  if (!access.feedback) throw forbidden('wrongbook.practiceLater', { time: access.from! });
  const { result } = gradeAnswer({ ...q, score: 1 }, answer, 'all');
  const key = access.key ? { ...feedbackKey(q), analysis: q.analysis } : {};
  // A short answer cannot be graded by the server: the reference answer is shown (if it may be) and nothing counted.
  if (result === 'pending') return { result, ...key };
  const right = result === 'right';
  const [after] = await db
    .update(wrongbook)
    .set(
      right
        ? {
            rightStreak: sql`${wrongbook.rightStreak} + 1`,
            state: sql`case when ${wrongbook.rightStreak} + 1 >= ${MASTERED_AFTER} then 'mastered' else ${wrongbook.state} end`,
            updateTime: new Date(),
          }
        : {
            rightStreak: 0,
            wrongCount: sql`${wrongbook.wrongCount} + 1`,
            state: 'active',
            answer,
            updateTime: new Date(),
          },
    )
    .where(eq(wrongbook.id, row.id))
    .returning();
  return {
    result,
    ...key,
    state: after!.state as PracticeFeedback['state'],
    rightStreak: after!.rightStreak,
  };
}
