import { filejobAssignmentFormSchema, filejobAssignmentSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { filejobStudent, filejobTeacher } from '../../../db/schema/index.ts';
import { withClassesAndOwner } from '../../academic/academic.api.ts';
import { filejobPolicy } from '../filejob.policy.ts';
import { assertClasses, frozenJob, recordsForClasses } from './assignment.assign.ts';
import { type FilejobAssignmentRow, filejobAssignmentPolicy, isReleased, releaseTimeOf } from './assignment.policy.ts';

type Progress = { students: number; handed: number; late: number; missing: number; marked: number };
const NO_PROGRESS: Progress = { students: 0, handed: 0, late: 0, missing: 0, marked: 0 };

async function progressOf(db: Db, ids: string[]): Promise<Map<string, Progress>> {
  if (!ids.length) return new Map();
  const n = (cond: string) => sql<number>`count(*) filter (where ${sql.raw(cond)})`.mapWith(Number);
  const rows = await db
    .select({
      id: filejobStudent.filejobTeacherId,
      students: n('true'),
      handed: n(`state = 'handed'`),
      late: n(`state = 'late'`),
      missing: n(`state = 'not_handed'`),
      marked: n('score is not null'),
    })
    .from(filejobStudent)
    .where(and(inArray(filejobStudent.filejobTeacherId, ids), eq(filejobStudent.isDeleted, 0)))
    .groupBy(filejobStudent.filejobTeacherId);
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

export function assignmentState(a: FilejobAssignmentRow, now = new Date()) {
  if (now < a.startTime) return 'scheduled' as const;
  if (now < a.deadline) return 'open' as const;
  return isReleased(a, now) ? ('released' as const) : ('closed' as const);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

const hooks: ResourceHooks<typeof filejobAssignmentFormSchema, FilejobAssignmentRow> = {
  /**
   * A new assignment freezes the job (one the caller may read) and checks its classes; an edit keeps both (a class
   * added later is a new assignment). The release time follows the rule until feedback is out.
   */
  async beforeSave({ db, principal, existing, next, values }) {
    const set = values as Record<string, unknown>;
    if (next.deadline <= next.startTime) throw badRequest('filejob.deadline.beforeStart');
    if (!existing) {
      const job = await filejobPolicy.readable(db, principal, next.jobId);
      set.classIds = await assertClasses(db, principal, next.classIds);
      set.job = frozenJob(job);
      set.title = next.title ?? job.title;
      set.releaseRule = next.releaseRule ?? 'manual';
      set.releaseTime = releaseTimeOf(set.releaseRule as string, next.startTime, next.deadline);
      return;
    }
    if (next.jobId !== existing.jobId || !sameSet(next.classIds, existing.classIds))
      throw badRequest('filejob.assignment.fixed');
    delete set.jobId;
    delete set.classIds;
    if (!isReleased(existing))
      set.releaseTime = releaseTimeOf(next.releaseRule ?? 'manual', next.startTime, next.deadline);
  },
  /** Every student of the classes gets their record with the assignment. */
  async afterSave({ db, principal, existing, row }) {
    if (!existing) await recordsForClasses(db, row, principal);
  },
  /** An assignment goes with its students' records (their hand-ins and receipts stay in their own tables). */
  async beforeRemove({ db, scope, ids, principal }) {
    const gone = db
      .select({ id: filejobTeacher.id })
      .from(filejobTeacher)
      .where(and(scope, inArray(filejobTeacher.id, ids)));
    await db
      .update(filejobStudent)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(inArray(filejobStudent.filejobTeacherId, gone));
  },
  async afterLoad(rows, { db }) {
    // One after the other: a submit presents its row inside its transaction, on one connection.
    const named = await withClassesAndOwner(db, rows);
    const progress = await progressOf(
      db,
      rows.map((r) => r.id),
    );
    const now = new Date();
    return named.map((r) => ({
      ...r,
      state: assignmentState(r, now),
      progress: progress.get(r.id) ?? NO_PROGRESS,
    }));
  },
};

/**
 * 作业安排 (`/api/jd/pc/filejob_teacher`): file jobs given to classes. `submit` without an id assigns (the job
 * frozen, every student's record made); with one it changes the title, window, grace, release rule or remark. A
 * teacher manages their own, administrators all.
 */
export const filejobAssignmentResource = defineResource({
  name: 'filejob_teacher',
  basePath: '/api/jd/pc/filejob_teacher',
  table: filejobTeacher,
  scope: 'tenant',
  ...filejobAssignmentPolicy,
  form: filejobAssignmentFormSchema,
  filters: { title: filter.like(filejobTeacher.title), jobId: filter.eqId(filejobTeacher.jobId) },
  sorts: {
    startTime: filejobTeacher.startTime,
    deadline: filejobTeacher.deadline,
    createTime: filejobTeacher.createTime,
  },
  defaultSort: [desc(filejobTeacher.deadline), desc(filejobTeacher.id)],
  hooks,
  present: presenter(filejobAssignmentSchema),
});
