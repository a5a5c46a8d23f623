import { practicalAssignmentFormSchema, practicalAssignmentSchema } from '@shixun/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { filter } from '../../../core/crud/filters.ts';
import { presenter } from '../../../core/crud/presenter.ts';
import { defineResource, type ResourceHooks } from '../../../core/crud/resource.ts';
import type { Db } from '../../../core/db/client.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { practicalStudent, practicalTeacher } from '../../../db/schema/index.ts';
import { withClassesAndOwner } from '../../academic/academic.api.ts';
import { isReleased, type PracticalAssignmentRow, practicalAssignmentPolicy } from './assignment.policy.ts';

type Progress = { students: number; started: number; submitted: number; marked: number };

async function progressOf(db: Db, ids: string[]): Promise<Map<string, Progress>> {
  if (!ids.length) return new Map();
  const n = (cond: string) => sql<number>`count(*) filter (where ${sql.raw(cond)})`.mapWith(Number);
  const rows = await db
    .select({
      id: practicalStudent.practicalTeacherId,
      students: n('true'),
      started: n(`state <> 'not_started'`),
      submitted: n(`state in ('submitted', 'marked')`),
      marked: n(`state = 'marked'`),
    })
    .from(practicalStudent)
    .where(and(inArray(practicalStudent.practicalTeacherId, ids), eq(practicalStudent.isDeleted, 0)))
    .groupBy(practicalStudent.practicalTeacherId);
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

export function practicalAssignmentState(a: PracticalAssignmentRow, now = new Date()) {
  if (isReleased(a, now)) return 'released' as const;
  if (now < a.openTime) return 'scheduled' as const;
  return now < a.closeTime ? ('open' as const) : ('closed' as const);
}

const hooks: ResourceHooks<typeof practicalAssignmentFormSchema, PracticalAssignmentRow> = {
  async beforeSave({ existing, next, values }) {
    // New assignments come from a task and classes (`add_batch`), which this form does not carry.
    if (!existing) throw badRequest('assignment.invalid');
    if (next.closeTime && next.openTime && next.closeTime <= next.openTime)
      throw badRequest('assignment.close.beforeOpen');
    // Not yet released: the rule `after_close` keeps the release at the close time; `manual` waits for the teacher.
    if (!isReleased(existing)) {
      const rule = next.releaseRule ?? existing.releaseRule;
      (values as Record<string, unknown>).releaseTime =
        rule === 'after_close' ? (next.closeTime ?? existing.closeTime) : null;
    }
  },
  /** An assignment goes with its attempts. */
  async beforeRemove({ db, scope, ids, principal }) {
    const gone = db
      .select({ id: practicalTeacher.id })
      .from(practicalTeacher)
      .where(and(scope, inArray(practicalTeacher.id, ids)));
    await db
      .update(practicalStudent)
      .set({ isDeleted: 1, updateUser: principal.userId, updateTime: new Date() })
      .where(inArray(practicalStudent.practicalTeacherId, gone));
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
      state: practicalAssignmentState(r, now),
      progress: progress.get(r.id) ?? { students: 0, started: 0, submitted: 0, marked: 0 },
    }));
  },
};

/**
 * 实训安排 (`/api/jd/pc/practical_teacher`): practical tasks given to classes. Made by `add_batch`, listed, changed
 * (title, window, release) and removed here; a teacher manages their own, administrators all.
 */
export const practicalAssignmentResource = defineResource({
  name: 'practical_teacher',
  basePath: '/api/jd/pc/practical_teacher',
  table: practicalTeacher,
  scope: 'tenant',
  ...practicalAssignmentPolicy,
  form: practicalAssignmentFormSchema,
  filters: { title: filter.like(practicalTeacher.title), paperId: filter.eqId(practicalTeacher.paperId) },
  sorts: { openTime: practicalTeacher.openTime, createTime: practicalTeacher.createTime },
  defaultSort: [desc(practicalTeacher.openTime), desc(practicalTeacher.id)],
  hooks,
  present: presenter(practicalAssignmentSchema),
});
