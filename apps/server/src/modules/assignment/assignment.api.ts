/** What other modules (the home page's to-dos) may ask of assignments. */

import { and, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import type { TenantSetup } from '../../core/tenancy/tenant-setup.ts';
import { paperStudent, paperStudentQuestion, paperTeacher, paperTeacherQuestion } from '../../db/schema/index.ts';
import type { TodoSource } from '../desk/desk.api.ts';
import { snapshotFlagIds } from '../question/question.api.ts';
import { assignmentCondition } from './assignment/assignment.policy.ts';

export { practiceAttemptFor, practiceResults } from './attempt/attempt.practice.ts';

import { ASSIGNMENT_ADMIN_PAGES, ASSIGNMENT_STUDENT_CODES, ASSIGNMENT_TEACHER_CODES } from './assignment.menus.ts';

/** Exams and homework the caller may take now (not started or in progress, inside their window). */
export async function workToTake(db: Db, p: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(
      and(
        eq(paperStudent.tenantId, p.tenantId),
        eq(paperStudent.userId, p.userId),
        eq(paperStudent.isDeleted, 0),
        eq(paperTeacher.isDeleted, 0),
        ne(paperTeacher.kind, 'practice'),
        inArray(paperStudent.state, ['not_started', 'in_progress']),
        lte(paperTeacher.openTime, sql`now()`),
        gte(
          sql`coalesce(${paperStudent.closeTime}, ${paperTeacher.closeTime}) + ${paperStudent.extraMinutes} * interval '1 minute'`,
          sql`now()`,
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Submitted answers awaiting the caller's marking, across the assignments they manage. */
export async function answersToMark(db: Db, p: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paperStudentQuestion)
    .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(
      and(
        eq(paperTeacher.tenantId, p.tenantId),
        eq(paperTeacher.isDeleted, 0),
        eq(paperStudent.isDeleted, 0),
        eq(paperStudentQuestion.result, 'pending'),
        await assignmentCondition(db, p),
      ),
    );
  return row?.n ?? 0;
}

/** A new tenant's administrator starts with the 考试安排 pages. */
export const ASSIGNMENTS_GRANTED = 'seed.assignmentsGranted';

export const assignmentTenantSetup: TenantSetup = {
  adminPages: ASSIGNMENT_ADMIN_PAGES,
  roleGrants: { teacher: ASSIGNMENT_TEACHER_CODES, student: ASSIGNMENT_STUDENT_CODES },
  // Installations from before exams (考试安排, 阅卷, 成绩分析; 我的考试, 练习, 错题本).
  arrivals: [{ key: ASSIGNMENTS_GRANTED, group: 'exam_center' }],
};

/** The home page's to-dos from assignments: work a student may take now, answers a marker has left to mark. */
export const assignmentTodos: TodoSource[] = [
  { key: 'examsToTake', permission: 'paper_student_question_edit', path: '/paper/my', count: workToTake },
  { key: 'answersToMark', permission: 'paper_mark', path: '/paper/marking', count: answersToMark },
];

/**
 * What these classes earned in exams, by knowledge point: per flag, the share of the marks of the questions filed
 * under it that handed-in attempts earned (practical results sit beside it, one view of what a class can do and what
 * it knows). Flags no exam question carries are absent.
 */
export async function examShareByKnowledge(db: Db, tenantId: string, classIds: string[]): Promise<Map<string, number>> {
  if (!classIds.length) return new Map();
  const rows = await db
    .select({
      inst: paperTeacherQuestion.questionInstId,
      got: sql<number>`coalesce(sum(${paperStudentQuestion.score}), 0)`.mapWith(Number),
      max: sql<number>`coalesce(sum(${paperTeacherQuestion.score}), 0)`.mapWith(Number),
    })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .innerJoin(paperTeacherQuestion, eq(paperTeacherQuestion.paperTeacherId, paperTeacher.id))
    .leftJoin(
      paperStudentQuestion,
      and(
        eq(paperStudentQuestion.paperStudentId, paperStudent.id),
        eq(paperStudentQuestion.paperTeacherQuestionId, paperTeacherQuestion.id),
      ),
    )
    .where(
      and(
        eq(paperStudent.tenantId, tenantId),
        eq(paperStudent.isDeleted, 0),
        eq(paperTeacher.isDeleted, 0),
        eq(paperTeacherQuestion.isDeleted, 0),
        inArray(paperStudent.classId, classIds),
        inArray(paperStudent.state, ['submitted', 'marking', 'marked']),
      ),
    )
    .groupBy(paperTeacherQuestion.questionInstId);
  const flags = await snapshotFlagIds(
    db,
    rows.map((r) => r.inst),
  );
  const sums = new Map<string, { got: number; max: number }>();
  for (const r of rows)
    for (const flag of flags.get(r.inst) ?? []) {
      const s = sums.get(flag) ?? { got: 0, max: 0 };
      sums.set(flag, { got: s.got + r.got, max: s.max + r.max });
    }
  return new Map([...sums].filter(([, s]) => s.max > 0).map(([flag, s]) => [flag, s.got / s.max]));
}
