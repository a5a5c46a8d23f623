import { type FilejobAnnotation, filejobHandinFormSchema, filejobStudentSchema } from '@shixun/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import { badRequest, forbidden } from '../../../core/http/errors.ts';
import { filejobStudent, filejobTeacher } from '../../../db/schema/index.ts';
import { studentNames } from '../../academic/academic.api.ts';
import { joinOpenJobs } from '../assignment/assignment.assign.ts';
import { filejobRecordPolicy, isReleased, ofManagedAssignments } from '../assignment/assignment.policy.ts';
import { attachmentsById } from './handin.files.ts';
import { filesOfHandins } from './handin.receipt.ts';
import { finalScore } from './handin.rules.ts';
import { handIn, type RecordRow } from './handin.take.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const hooks: ResourceHooks<typeof filejobHandinFormSchema, RecordRow> = {
  /** `submit` with a record's id is its student's hand-in (records come with assignments: none is added here). */
  async beforeSave(ctx) {
    if (!ctx.existing) throw badRequest('filejob.handin.attemptRequired');
    const { set, receipt } = await handIn(ctx.db, ctx.files, ctx.principal, ctx.existing.id, ctx.values);
    const values = ctx.values as Record<string, unknown>;
    delete values.files;
    Object.assign(values, set);
    ctx.answer.receipt = receipt;
  },
  /** Only the teacher who manages the assignment removes a student's record (a student never removes their own). */
  async beforeRemove({ db, principal, ids }) {
    const managed = await db
      .select({ id: filejobStudent.id })
      .from(filejobStudent)
      .where(and(inArray(filejobStudent.id, ids), await ofManagedAssignments(db, principal)));
    if (managed.length !== ids.length) throw forbidden('filejob.remove.managerOnly');
  },
  /**
   * Each record with its student, the assignment's job and window, the files of the current hand-in, and the
   * feedback — to its student only once released (as exam scores are).
   */
  async afterLoad(rows, { db, principal }) {
    const assignmentIds = [...new Set(rows.map((r) => r.filejobTeacherId))];
    const assignments = assignmentIds.length
      ? await db.select().from(filejobTeacher).where(inArray(filejobTeacher.id, assignmentIds))
      : [];
    const names = await studentNames(
      db,
      rows.map((r) => r.studentId),
    );
    const files = await filesOfHandins(
      db,
      rows.flatMap((r) => (r.handinId ? [r.handinId] : [])),
    );
    const feedback = await attachmentsById(
      db,
      rows.flatMap((r) => (r.feedbackAttachId ? [r.feedbackAttachId] : [])),
    );
    const of = new Map(assignments.map((a) => [a.id, a]));
    const who = new Map(names.map((n) => [n.id, n]));
    const now = new Date();
    return rows.map((r) => {
      const a = of.get(r.filejobTeacherId)!;
      const released = isReleased(a, now);
      const hidden = r.userId === principal.userId && !released;
      const fb = r.feedbackAttachId ? feedback.get(r.feedbackAttachId) : undefined;
      return {
        ...r,
        studentNo: who.get(r.studentId)?.no ?? '',
        studentName: who.get(r.studentId)?.name ?? '',
        className: who.get(r.studentId)?.className ?? '',
        title: a.title,
        job: a.job,
        startTime: a.startTime.toISOString(),
        deadline: a.deadline.toISOString(),
        graceMinutes: a.graceMinutes,
        extensionUntil: iso(r.extensionUntil),
        dueTime: (r.extensionUntil ?? a.deadline).toISOString(),
        handinTime: iso(r.handinTime),
        files: (r.handinId ? (files.get(r.handinId) ?? []) : []).map((f) => ({
          attachId: f.attachId,
          name: f.name,
          size: f.size,
          sha256: f.sha256,
          extension: f.extension,
          link: f.link,
          uploadStart: f.uploadStart.toISOString(),
        })),
        released,
        marked: r.score !== null,
        score: hidden ? null : r.score,
        finalScore: hidden ? null : finalScore(r.score, r.penalty),
        comment: hidden ? null : r.comment,
        feedback: hidden || !fb ? null : { attachId: fb.id, name: fb.originalName, link: fb.link },
        annotations: hidden ? null : ((r.annotations as FilejobAnnotation[] | null) ?? null),
        markTime: hidden ? null : iso(r.markTime),
      };
    });
  },
};

/**
 * 文件作业记录 (`/api/jd/pc/filejob_student`): one student's record of one assignment — to its student (`mine`:
 * 我的作业) and to the teacher of the assignment. `submit` with its id is the student's hand-in (its answer carries
 * the receipt); `remove` is the teacher's; marking is `mark` (filejob.routes.ts).
 */
export const filejobRecordResource = defineResource({
  name: 'filejob_student',
  basePath: '/api/jd/pc/filejob_student',
  table: filejobStudent,
  scope: 'tenant',
  ...filejobRecordPolicy,
  form: filejobHandinFormSchema,
  filters: {
    filejobTeacherId: filter.eqId(filejobStudent.filejobTeacherId),
    classId: filter.eqId(filejobStudent.classId),
    state: filter.inStrings(filejobStudent.state),
  },
  sorts: {
    handinTime: filejobStudent.handinTime,
    score: filejobStudent.score,
    createTime: filejobStudent.createTime,
  },
  defaultSort: [asc(filejobStudent.classId), asc(filejobStudent.studentId)],
  extraLists: [
    {
      path: 'mine',
      // A student new to a class gets their records of its open assignments here first (as 我的实训 does).
      async where(_query, { db, principal }) {
        await joinOpenJobs(db, principal);
        return eq(filejobStudent.userId, principal.userId);
      },
    },
  ],
  hooks,
  present: presenter(filejobStudentSchema),
});
