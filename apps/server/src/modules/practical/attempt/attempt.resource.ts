import { practicalAttemptSchema } from '@shixun/contracts';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import {
  practicalStudent,
  practicalStudentInspection,
  practicalStudentPoint,
  practicalTeacher,
} from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';
import { joinOpenPracticals } from '../assignment/assignment.assign.ts';
import { isReleased, ofManagedAttempts, practicalAttemptPolicy } from '../assignment/assignment.policy.ts';
import { iso, type PracticalAttemptRow } from './attempt.held.ts';

const hooks: ResourceHooks<z.ZodObject, PracticalAttemptRow> = {
  /** The student's name and class, the assignment's title and window; a score once the student may see it. */
  async afterLoad(rows, { db, principal }) {
    const assignmentIds = [...new Set(rows.map((r) => r.practicalTeacherId))];
    const [names, assignments] = await Promise.all([
      studentNames(
        db,
        rows.map((r) => r.studentId),
      ),
      assignmentIds.length
        ? db.select().from(practicalTeacher).where(inArray(practicalTeacher.id, assignmentIds))
        : Promise.resolve([]),
    ]);
    const who = new Map(names.map((n) => [n.id, n]));
    const of = new Map(assignments.map((a) => [a.id, a]));
    return rows.map((r) => {
      const a = of.get(r.practicalTeacherId)!;
      const released = isReleased(a);
      const own = r.userId === principal.userId;
      return {
        ...r,
        paperId: a.paperId,
        title: a.title,
        openTime: a.openTime.toISOString(),
        closeTime: a.closeTime.toISOString(),
        totalScore: a.totalScore,
        released,
        studentName: who.get(r.studentId)?.name ?? '',
        studentNo: who.get(r.studentId)?.no ?? '',
        className: who.get(r.studentId)?.className ?? '',
        startTime: iso(r.startTime),
        submitTime: iso(r.submitTime),
        teacherSignTime: iso(r.teacherSignTime),
        score: !own || (released && r.state === 'marked') ? r.score : null,
        ...(own && !released ? { criticalFailed: 0, remeasure: 0, disagree: 0 } : {}),
      };
    });
  },
};

/**
 * 实训记录 (`/api/jd/pc/practical_student`): attempts, to their student (`mine`: 我的实训) and to the teacher of the
 * assignment (the record sheet). Made with the assignment; written only through the workbench's calls.
 */
export const practicalAttemptResource = defineResource({
  name: 'practical_student',
  basePath: '/api/jd/pc/practical_student',
  table: practicalStudent,
  scope: 'tenant',
  readOnly: true,
  ...practicalAttemptPolicy,
  form: z.object({}),
  filters: {
    practicalTeacherId: filter.eqId(practicalStudent.practicalTeacherId),
    classId: filter.eqId(practicalStudent.classId),
    state: filter.inStrings(practicalStudent.state),
  },
  sorts: {
    createTime: practicalStudent.createTime,
    score: practicalStudent.score,
    submitTime: practicalStudent.submitTime,
  },
  defaultSort: [asc(practicalStudent.classId), asc(practicalStudent.studentId)],
  extraLists: [
    {
      path: 'mine',
      // A student new to a class gets their records of its open assignments here first (as 我的考试 does).
      async where(_query, { db, principal }) {
        await joinOpenPracticals(db, principal);
        return eq(practicalStudent.userId, principal.userId);
      },
    },
  ],
  hooks,
  present: presenter(practicalAttemptSchema),
});

const studentItemSchema = z.object({
  id: z.string(),
  practicalStudentId: z.string(),
  inspectionId: z.string(),
  pointId: z.string(),
  studentValue: z.string().nullable(),
  teacherValue: z.string().nullable(),
  passed: z.number().nullable(),
  teacherPassed: z.number().nullable(),
  note: z.string(),
  evidence: z.array(z.object({ name: z.string(), link: z.string() })),
  seq: z.number(),
  result: z.string(),
  value: z.string().nullable(),
});

/** practical_student_inspection (list, detail): an attempt's item records, to the teacher of the assignment. */
export const practicalStudentInspectionResource = defineResource({
  name: 'practical_student_inspection',
  basePath: '/api/jd/pc/practical_student_inspection',
  table: practicalStudentInspection,
  scope: 'tenant',
  readOnly: true,
  rowScope: (db, p) => ofManagedAttempts(db, p, practicalStudentInspection.practicalStudentId),
  form: z.object({}),
  filters: {
    practicalStudentId: filter.eqId(practicalStudentInspection.practicalStudentId),
    inspectionId: filter.eqId(practicalStudentInspection.inspectionId),
    result: filter.inStrings(practicalStudentInspection.result),
  },
  sorts: { saveTime: practicalStudentInspection.saveTime },
  defaultSort: [asc(practicalStudentInspection.id)],
  present: presenter(studentItemSchema),
});

/** practical_student_point (list, detail): an attempt's point scores, to the teacher of the assignment. */
export const practicalStudentPointResource = defineResource({
  name: 'practical_student_point',
  basePath: '/api/jd/pc/practical_student_point',
  table: practicalStudentPoint,
  scope: 'tenant',
  readOnly: true,
  rowScope: (db, p) => ofManagedAttempts(db, p, practicalStudentPoint.practicalStudentId),
  form: z.object({}),
  filters: { practicalStudentId: filter.eqId(practicalStudentPoint.practicalStudentId) },
  sorts: { score: practicalStudentPoint.score },
  defaultSort: [desc(practicalStudentPoint.score)],
  present: presenter(
    z.object({
      id: z.string(),
      practicalStudentId: z.string(),
      pointId: z.string(),
      score: z.number(),
      passed: z.number(),
      given: z.number().nullable(),
      comment: z.string(),
    }),
  ),
});
