import { attemptSchema } from '@shixun/contracts';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { paperStudent, paperStudentQuestion, paperTeacher } from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';
import { blindLabel, isBlind } from '../assignment/assignment.options.ts';
import { attemptPolicy } from '../assignment/assignment.policy.ts';
import { isReleased } from '../assignment/assignment.release.ts';
import type { AttemptRow } from './attempt.submit.ts';

/** Per attempt: answered questions and answers awaiting marking. */
async function answerCounts(db: Db, ids: string[]) {
  if (!ids.length) return { answered: new Map<string, number>(), toMark: new Map<string, number>() };
  const [answered, pending] = await Promise.all([
    db
      .select({ id: paperStudentQuestion.paperStudentId, n: count() })
      .from(paperStudentQuestion)
      .where(and(inArray(paperStudentQuestion.paperStudentId, ids), isNotNull(paperStudentQuestion.answer)))
      .groupBy(paperStudentQuestion.paperStudentId),
    db
      .select({ id: paperStudentQuestion.paperStudentId, n: count() })
      .from(paperStudentQuestion)
      .where(and(inArray(paperStudentQuestion.paperStudentId, ids), eq(paperStudentQuestion.result, 'pending')))
      .groupBy(paperStudentQuestion.paperStudentId),
  ]);
  return {
    answered: new Map(answered.map((r) => [r.id, r.n])),
    toMark: new Map(pending.map((r) => [r.id, r.n])),
  };
}

/**
 * Attempts with their student's name, number and class, how far they got, and whether their results are out. A
 * student's own scores stay hidden until then.
 */
export async function presentAttempts(db: Db, rows: AttemptRow[], viewerId: string) {
  if (!rows.length) return [];
  const [people, assignments, counts] = await Promise.all([
    studentNames(db, [...new Set(rows.map((r) => r.studentId))]),
    db
      .select({ id: paperTeacher.id, releaseTime: paperTeacher.releaseTime, blindMarking: paperTeacher.blindMarking })
      .from(paperTeacher)
      .where(inArray(paperTeacher.id, [...new Set(rows.map((r) => r.paperTeacherId))])),
    answerCounts(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const assignment = new Map(assignments.map((a) => [a.id, a]));
  return rows.map((r) => {
    const released = r.state === 'marked' && isReleased(assignment.get(r.paperTeacherId) ?? { releaseTime: null });
    const hidden = r.userId === viewerId && !released;
    // Blind marking: to everyone but the student, the attempt is a label until the scores are released.
    const a = assignment.get(r.paperTeacherId);
    const who =
      a && r.userId !== viewerId && isBlind(a)
        ? { studentName: blindLabel(r.paperTeacherId, r.studentId), studentNo: '', className: '' }
        : {
            studentName: person.get(r.studentId)?.name ?? '',
            studentNo: person.get(r.studentId)?.no ?? '',
            className: person.get(r.studentId)?.className ?? '',
          };
    return {
      ...r,
      objectiveScore: hidden ? null : r.objectiveScore,
      score: hidden ? null : r.score,
      ...who,
      answered: counts.answered.get(r.id) ?? 0,
      toMark: counts.toMark.get(r.id) ?? 0,
      released,
    };
  });
}

/** Attempts are written by taking and marking only; the form is never used (read-only resource). */
const form = attemptSchema.pick({ state: true });

const hooks: ResourceHooks<typeof form, AttemptRow> = {
  async afterLoad(rows, { db, principal }) {
    return presentAttempts(db, rows, principal.userId);
  },
};

/**
 * 答卷 (`/api/jd/pc/paper_student`): attempts, written only by taking, submitting and marking (assignment.routes.ts).
 * A teacher reads the attempts of their assignments (live progress), a student their own.
 */
export const attemptResource = defineResource({
  name: 'paper_student',
  basePath: '/api/jd/pc/paper_student',
  table: paperStudent,
  scope: 'tenant',
  readOnly: true,
  ...attemptPolicy,
  form,
  filters: {
    paperTeacherId: filter.eqId(paperStudent.paperTeacherId),
    classId: filter.eqId(paperStudent.classId),
    state: filter.inStrings(paperStudent.state),
  },
  sorts: { startTime: paperStudent.startTime, submitTime: paperStudent.submitTime, score: paperStudent.score },
  defaultSort: [asc(paperStudent.classId), asc(paperStudent.studentId), asc(paperStudent.attemptNo)],
  extraLists: [{ path: 'page' }],
  hooks,
  present: presenter(attemptSchema),
});
