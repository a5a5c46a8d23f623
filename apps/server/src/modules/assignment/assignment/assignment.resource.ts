import { type AssignmentState, assignmentFormSchema, assignmentSchema } from '@shixun/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { userNames } from '../../../core/access/user-names.ts';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { cancelJobs, type JobDefinition } from '../../../core/jobs/runner.ts';
import { paperStudent, paperStudentQuestion, paperTeacher } from '../../../db/schema/index.ts';
import { classNamesById } from '../../academic/academic.api.ts';
import { autoSubmitJob } from '../attempt/attempt.submit.ts';
import type { AssignmentRow } from './assignment.content.ts';
import { answerableUntil, assertKeyTiming } from './assignment.keys.ts';
import { storedPassword } from './assignment.options.ts';
import { assignmentPolicy } from './assignment.policy.ts';
import { isReleased, releaseJob, scheduleRelease } from './assignment.release.ts';

export function assignmentState(a: AssignmentRow, now = new Date()): AssignmentState {
  if (now < a.openTime) return 'scheduled';
  if (now < a.closeTime) return 'open';
  return isReleased(a, now) ? 'released' : 'closed';
}

type Progress = { students: number; started: number; submitted: number; marked: number; toMark: number };

/** First attempts by state, and answers awaiting marking, per assignment. */
async function progressOf(db: Db, ids: string[]): Promise<Map<string, Progress>> {
  if (!ids.length) return new Map();
  const first = (cond: string) =>
    sql<number>`count(*) filter (where ${paperStudent.attemptNo} = 1 and ${sql.raw(cond)})`.mapWith(Number);
  const [attempts, pending] = await Promise.all([
    db
      .select({
        id: paperStudent.paperTeacherId,
        students: first('true'),
        started: first(`state <> 'not_started'`),
        submitted: first(`state in ('submitted', 'marking', 'marked')`),
        marked: first(`state = 'marked'`),
      })
      .from(paperStudent)
      .where(and(inArray(paperStudent.paperTeacherId, ids), eq(paperStudent.isDeleted, 0)))
      .groupBy(paperStudent.paperTeacherId),
    db
      .select({ id: paperStudent.paperTeacherId, n: count() })
      .from(paperStudentQuestion)
      .innerJoin(paperStudent, eq(paperStudent.id, paperStudentQuestion.paperStudentId))
      .where(
        and(
          inArray(paperStudent.paperTeacherId, ids),
          eq(paperStudent.isDeleted, 0),
          eq(paperStudentQuestion.result, 'pending'),
        ),
      )
      .groupBy(paperStudent.paperTeacherId),
  ]);
  const toMark = new Map(pending.map((r) => [r.id, r.n]));
  return new Map(attempts.map(({ id, ...r }) => [id, { ...r, toMark: toMark.get(id) ?? 0 }]));
}

const hooks: ResourceHooks<typeof assignmentFormSchema, AssignmentRow> = {
  async beforeSave({ db, existing, values, next }) {
    // New assignments come from a paper and classes (`add_batch`), which this form does not carry.
    if (!existing) throw badRequest('assignment.invalid');
    if (next.closeTime && next.openTime && next.closeTime <= next.openTime)
      throw badRequest('assignment.close.beforeOpen');
    assertKeyTiming(existing.kind, next.keyTiming ?? existing.keyTiming);
    // Sent: '' clears the password, anything else replaces it (stored hashed); not sent: it stays.
    const password = storedPassword(values.accessPassword);
    if (password !== undefined) (values as Record<string, unknown>).accessPassword = password;
    const timing =
      (values.openTime && values.openTime.getTime() !== existing.openTime.getTime()) ||
      (values.duration !== undefined && values.duration !== existing.duration);
    if (timing) {
      const [started] = await db
        .select({ id: paperStudent.id })
        .from(paperStudent)
        .where(and(eq(paperStudent.paperTeacherId, existing.id), sql`${paperStudent.state} <> 'not_started'`))
        .limit(1);
      if (started) throw badRequest('assignment.startedSettings');
    }
  },
  async afterSave({ db, row }) {
    await scheduleRelease(db, row);
  },
  /** An assignment goes with its attempts and their pending timers. */
  async beforeRemove({ db, scope, ids, principal }) {
    const rows = await db
      .select({ id: paperTeacher.id })
      .from(paperTeacher)
      .where(and(scope, inArray(paperTeacher.id, ids)));
    const gone = rows.map((r) => r.id);
    if (!gone.length) return;
    const attempts = await db
      .update(paperStudent)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(inArray(paperStudent.paperTeacherId, gone))
      .returning({ id: paperStudent.id });
    await cancelJobs(db, releaseJob as JobDefinition<unknown>, gone);
    await cancelJobs(
      db,
      autoSubmitJob as JobDefinition<unknown>,
      attempts.map((a) => a.id),
    );
  },
  async afterLoad(rows, { db }) {
    const [owners, progress, classes, answerable] = await Promise.all([
      userNames(
        db,
        rows.map((r) => r.createUser),
      ),
      progressOf(
        db,
        rows.map((r) => r.id),
      ),
      rows.length
        ? classNamesById(
            db,
            rows.flatMap((r) => r.classIds),
          )
        : new Map<string, string>(),
      answerableUntil(db, rows),
    ]);
    const now = new Date();
    return rows.map((r) => ({
      ...r,
      classNames: r.classIds.map((id) => classes.get(id) ?? ''),
      ownerName: owners.get(r.createUser ?? '') ?? '',
      state: assignmentState(r, now),
      hasPassword: Boolean(r.accessPassword),
      answerableUntil: answerable.get(r.id)!.toISOString(),
      progress: progress.get(r.id) ?? { students: 0, started: 0, submitted: 0, marked: 0, toMark: 0 },
    }));
  },
};

/**
 * 考试安排 (`/api/jd/pc/paper_teacher`): papers given to classes. Created by `add_batch` (assignment.routes.ts),
 * listed, changed (times, release, review) and removed here; a teacher manages their own, administrators all.
 */
export const assignmentResource = defineResource({
  name: 'paper_teacher',
  basePath: '/api/jd/pc/paper_teacher',
  table: paperTeacher,
  scope: 'tenant',
  ...assignmentPolicy,
  form: assignmentFormSchema,
  filters: {
    title: filter.like(paperTeacher.title),
    kind: filter.inStrings(paperTeacher.kind),
    paperId: filter.eqId(paperTeacher.paperId),
  },
  sorts: { openTime: paperTeacher.openTime, closeTime: paperTeacher.closeTime, createTime: paperTeacher.createTime },
  defaultSort: [desc(paperTeacher.openTime), desc(paperTeacher.id)],
  extraLists: [{ path: 'page' }],
  hooks,
  present: presenter(assignmentSchema),
});
