import type { FilejobFrozen } from '@shixun/contracts';
import { and, arrayContains, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { type filejob, filejobStudent, filejobTeacher } from '../../../db/schema/index.ts';
import {
  assertAssignable,
  classScope,
  liveClassIds,
  type RosterStudent,
  studentOfUser,
  studentsOfClasses,
} from '../../academic/academic.api.ts';
import type { FilejobAssignmentRow } from './assignment.policy.ts';

const CHUNK = 500;

/** The job as an assignment freezes it: editing the job later changes nothing for those who have it. */
export function frozenJob(job: typeof filejob.$inferSelect): FilejobFrozen {
  return {
    title: job.title,
    requirements: job.requirements,
    attachments: job.attachments as FilejobFrozen['attachments'],
    allowedKinds: job.allowedKinds as FilejobFrozen['allowedKinds'],
    maxSizeMb: job.maxSizeMb,
    maxFiles: job.maxFiles,
    score: job.score,
    latePolicy: job.latePolicy as FilejobFrozen['latePolicy'],
    penaltyPercent: job.penaltyPercent,
    penaltyMaxDays: job.penaltyMaxDays,
  };
}

/** Classes a new assignment goes to: live classes of the tenant, each one the caller may assign to. */
export async function assertClasses(db: Db, p: Principal, classIds: string[]): Promise<string[]> {
  const ids = [...new Set(classIds)];
  const live = await liveClassIds(db, p.tenantId, ids);
  if (live.length !== ids.length) throw badRequest('clazz.invalid');
  assertAssignable(await classScope(db, p), ids);
  return ids;
}

/** Records for these students, made with the assignment (the minute it opens costs reads only). */
export async function createRecords(
  db: Db,
  a: Pick<FilejobAssignmentRow, 'id' | 'tenantId'>,
  students: RosterStudent[],
  p: Pick<Principal, 'userId' | 'deptId'>,
): Promise<void> {
  const rows = students.map((s) => ({
    id: newId(),
    tenantId: a.tenantId,
    createUser: p.userId,
    createDept: p.deptId,
    updateUser: p.userId,
    filejobTeacherId: a.id,
    studentId: s.id,
    userId: s.userId,
    classId: s.classId,
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insert(filejobStudent)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
}

/** Every student of the assignment's classes gets their record; answers how many students there are. */
export async function recordsForClasses(db: Db, a: FilejobAssignmentRow, p: Principal): Promise<number> {
  const students = await studentsOfClasses(db, a.tenantId, a.classIds);
  await createRecords(db, a, students, p);
  return students.length;
}

/**
 * A student who joined a class after homework was given to it gets their record of every one still open the first
 * time they look (我的作业), so the class module needs to know nothing of file homework.
 */
export async function joinOpenJobs(db: Db, p: Principal): Promise<void> {
  const me = await studentOfUser(db, p.tenantId, p.userId);
  if (!me) return;
  const missing = await db
    .select({ id: filejobTeacher.id, tenantId: filejobTeacher.tenantId })
    .from(filejobTeacher)
    .where(
      and(
        eq(filejobTeacher.tenantId, p.tenantId),
        eq(filejobTeacher.isDeleted, 0),
        arrayContains(filejobTeacher.classIds, [me.classId]),
        gt(filejobTeacher.deadline, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(filejobStudent)
            .where(
              and(
                eq(filejobStudent.filejobTeacherId, filejobTeacher.id),
                eq(filejobStudent.studentId, me.id),
                eq(filejobStudent.isDeleted, 0),
              ),
            ),
        ),
      ),
    );
  for (const a of missing) await createRecords(db, a, [me], p);
}
