import { createHash } from 'node:crypto';
import type { FrozenPoint, PracticalAssignForm, Recorder } from '@shixun/contracts';
import { and, arrayContains, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { practicalInspection, practicalPoint, practicalStudent, practicalTeacher } from '../../../db/schema/index.ts';
import {
  assertAssignable,
  classScope,
  liveClassIds,
  type RosterStudent,
  studentOfUser,
  studentsOfClasses,
} from '../../academic/academic.api.ts';
import { practicalPolicy } from '../practical.policy.ts';
import type { PracticalAssignmentRow } from './assignment.policy.ts';

const CHUNK = 500;

/** A task's points with their items, in order, as an assignment freezes them. */
export async function frozenContent(db: Db, paperId: string): Promise<FrozenPoint[]> {
  // One after the other: assigning runs in a transaction, on one connection.
  const points = await db
    .select()
    .from(practicalPoint)
    .where(and(eq(practicalPoint.paperId, paperId), eq(practicalPoint.isDeleted, 0)))
    .orderBy(asc(practicalPoint.sort), asc(practicalPoint.id));
  const items = await db
    .select()
    .from(practicalInspection)
    .where(and(eq(practicalInspection.paperId, paperId), eq(practicalInspection.isDeleted, 0)))
    .orderBy(asc(practicalInspection.sort), asc(practicalInspection.id));
  return points.map((p) => ({
    id: p.id,
    name: p.name,
    requirement: p.requirement,
    score: p.score,
    rule: p.rule as FrozenPoint['rule'],
    bands: p.bands as FrozenPoint['bands'],
    minScore: p.minScore,
    maxScore: p.maxScore,
    critical: p.critical,
    evidenceRequired: p.evidenceRequired,
    flagIds: p.flagIds,
    items: items
      .filter((i) => i.pointId === p.id)
      .map((i) => ({
        id: i.id,
        name: i.name,
        kind: i.kind as 'measure' | 'check',
        method: i.method,
        instrument: i.instrument,
        resolution: i.resolution,
        nominal: i.nominal,
        unit: i.unit,
        lowerDeviation: i.lowerDeviation,
        upperDeviation: i.upperDeviation,
        bands: i.bands as FrozenPoint['items'][number]['bands'],
        weight: i.weight,
      })),
  }));
}

/**
 * With `both`, the items the teacher re-measures on one student's work: every item of a critical point, and of the
 * others each with the chance `share` per cent — drawn from the assignment, the student and the item, so the same
 * student always gets the same draw.
 */
export function drawChecks(points: FrozenPoint[], recorder: Recorder, share: number, seed: string): string[] {
  if (recorder !== 'both') return [];
  return points.flatMap((p) =>
    p.items
      .filter((i) => {
        if (p.critical === 1) return true;
        const roll = createHash('sha256').update(`${seed}:${i.id}`).digest().readUInt16BE(0) % 100;
        return roll < share;
      })
      .map((i) => i.id),
  );
}

/** Attempts for these students, made ahead of the open time (the minute it opens costs reads only). */
export async function createPracticalAttempts(
  db: Db,
  a: PracticalAssignmentRow,
  students: RosterStudent[],
  p: Pick<Principal, 'tenantId' | 'userId' | 'deptId'>,
): Promise<void> {
  const points = a.content as FrozenPoint[];
  const rows = students.map((s) => ({
    id: newId(),
    tenantId: a.tenantId,
    createUser: p.userId,
    createDept: p.deptId,
    updateUser: p.userId,
    practicalTeacherId: a.id,
    studentId: s.id,
    userId: s.userId,
    classId: s.classId,
    checkIds: drawChecks(points, a.recorder as Recorder, a.checkShare, `${a.id}:${s.id}`),
  }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insert(practicalStudent)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
}

/**
 * `add_batch`: a practical task given to classes, in the caller's transaction — the task frozen with its points and
 * items (editing the task later changes nothing here) and every student's attempt made.
 */
export async function assignPractical(
  db: Db,
  p: Principal,
  form: PracticalAssignForm,
): Promise<{ id: string; students: number; classes: number }> {
  const source = await practicalPolicy.readable(db, p, form.paperId);
  const classIds = [...new Set(form.classIds)];
  const live = await liveClassIds(db, p.tenantId, classIds);
  if (live.length !== classIds.length) throw badRequest('clazz.invalid');
  assertAssignable(await classScope(db, p), classIds);
  const content = await frozenContent(db, source.id);
  if (!content.some((point) => point.items.length)) throw badRequest('practical.empty', { name: source.title });
  const releaseRule = form.releaseRule ?? 'manual';
  const [row] = await db
    .insert(practicalTeacher)
    .values({
      id: newId(),
      tenantId: p.tenantId,
      createUser: p.userId,
      createDept: p.deptId,
      updateUser: p.userId,
      paperId: source.id,
      title: form.title ?? source.title,
      classIds,
      openTime: form.openTime,
      closeTime: form.closeTime,
      recorder: form.recorder ?? 'student',
      checkShare: form.checkShare ?? 20,
      releaseRule,
      releaseTime: releaseRule === 'after_close' ? form.closeTime : null,
      totalScore: content.reduce((sum, point) => sum + point.score, 0),
      passScore: source.passScore,
      task: {
        task: source.task,
        safety: source.safety,
        attachments: source.attachments,
        duration: source.duration,
      },
      content,
      remark: form.remark ?? '',
    })
    .returning();
  const students = await studentsOfClasses(db, p.tenantId, classIds);
  await createPracticalAttempts(db, row!, students, p);
  return { id: row!.id, students: students.length, classes: classIds.length };
}

/**
 * A student who joined a class after a task was given to it gets their record of every one still open, the first
 * time they look (我的实训), so nothing in the class module needs to know about practical assignments.
 */
export async function joinOpenPracticals(db: Db, p: Principal): Promise<void> {
  const me = await studentOfUser(db, p.tenantId, p.userId);
  if (!me) return;
  const missing = await db
    .select()
    .from(practicalTeacher)
    .where(
      and(
        eq(practicalTeacher.tenantId, p.tenantId),
        eq(practicalTeacher.isDeleted, 0),
        arrayContains(practicalTeacher.classIds, [me.classId]),
        gt(practicalTeacher.closeTime, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(practicalStudent)
            .where(
              and(
                eq(practicalStudent.practicalTeacherId, practicalTeacher.id),
                eq(practicalStudent.studentId, me.id),
                eq(practicalStudent.isDeleted, 0),
              ),
            ),
        ),
      ),
    );
  for (const a of missing) await createPracticalAttempts(db, a, [me], p);
}
