import { answerRowSchema, assignmentQuestionSchema } from '@shixun/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../core/access/principal.ts';
import { filter } from '../../core/crud/filters.ts';
import { presenter } from '../../core/crud/presenter.ts';
import { type AnyResourceDef, defineResource } from '../../core/crud/resource.ts';
import type { Db } from '../../core/db/client.ts';
import { paperStudent, paperStudentQuestion, paperTeacher, paperTeacherQuestion } from '../../db/schema/index.ts';
import { assignmentCondition } from './assignment/assignment.policy.ts';
import { assignmentResource } from './assignment/assignment.resource.ts';
import { attemptResource } from './attempt/attempt.resource.ts';
import { wrongbookResource } from './wrongbook/wrongbook.resource.ts';

/** Rows whose assignment id (in `column`) is one the caller manages. */
async function ofManaged(db: Db, p: Principal, column: PgColumn): Promise<SQL> {
  const managed = await assignmentCondition(db, p);
  return inArray(
    column,
    db
      .select({ id: paperTeacher.id })
      .from(paperTeacher)
      .where(and(eq(paperTeacher.tenantId, p.tenantId), eq(paperTeacher.isDeleted, 0), managed)),
  );
}

/**
 * paper_teacher_question (`/api/jd/pc/paper_teacher_question/list|detail`): an assignment's frozen questions, to
 * the teacher who manages it. Written only by `add_batch`.
 */
const assignmentQuestionResource = defineResource({
  name: 'paper_teacher_question',
  basePath: '/api/jd/pc/paper_teacher_question',
  table: paperTeacherQuestion,
  scope: 'tenant',
  readOnly: true,
  rowScope: (db, p) => ofManaged(db, p, paperTeacherQuestion.paperTeacherId),
  form: assignmentQuestionSchema.pick({ score: true }),
  filters: { paperTeacherId: filter.eqId(paperTeacherQuestion.paperTeacherId) },
  sorts: { sort: paperTeacherQuestion.sort },
  defaultSort: [asc(paperTeacherQuestion.sort)],
  present: presenter(assignmentQuestionSchema),
});

/**
 * paper_student_question (`/api/jd/pc/paper_student_question/list|detail`): answers with their marks, to the teacher
 * of the assignment. Students read their own answers through `exam_paper` and, once released, `review` only.
 */
const answerResource = defineResource({
  name: 'paper_student_question',
  basePath: '/api/jd/pc/paper_student_question',
  table: paperStudentQuestion,
  scope: 'tenant',
  readOnly: true,
  async rowScope(db, p) {
    const attempts = db
      .select({ id: paperStudent.id })
      .from(paperStudent)
      .where(await ofManaged(db, p, paperStudent.paperTeacherId));
    return inArray(paperStudentQuestion.paperStudentId, attempts);
  },
  form: answerRowSchema.pick({ comment: true }),
  filters: {
    paperStudentId: filter.eqId(paperStudentQuestion.paperStudentId),
    paperTeacherQuestionId: filter.eqId(paperStudentQuestion.paperTeacherQuestionId),
    result: filter.inStrings(paperStudentQuestion.result),
  },
  sorts: { saveTime: paperStudentQuestion.saveTime },
  defaultSort: [asc(paperStudentQuestion.id)],
  present: presenter(answerRowSchema),
});

/** Assignments' resources, mounted by the factory (modules/registry.ts). */
export const assignmentResources: AnyResourceDef[] = [
  assignmentResource,
  attemptResource,
  assignmentQuestionResource,
  answerResource,
  wrongbookResource,
];
