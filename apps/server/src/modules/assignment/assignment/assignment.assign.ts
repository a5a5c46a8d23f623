import { type AssignForm, type Blueprint, CHOICE_TYPES, type QuestionType } from '@shixun/contracts';
import { and, arrayContains, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { prepared } from '../../../core/db/statements.ts';
import { badRequest } from '../../../core/http/errors.ts';
import { paperStudent, paperTeacher, paperTeacherQuestion } from '../../../db/schema/index.ts';
import {
  assertAssignable,
  classScope,
  liveClassIds,
  type RosterStudent,
  studentOfUser,
  studentsOfClasses,
} from '../../academic/academic.api.ts';
import { type PaperRow, paperPolicy, paperQuestionRows, paperSections } from '../../paper/paper.api.ts';
import { snapshotOptionIds, snapshotQuestions, snapshotTypes } from '../../question/question.api.ts';
import { type Draw, drawnQuestions, type FrozenRow, freezePools } from './assignment.draw.ts';
import { assertKeyTiming } from './assignment.keys.ts';
import { type LayoutQuestion, layoutFor, seedOf } from './assignment.layout.ts';
import { storedPassword } from './assignment.options.ts';
import { scheduleRelease } from './assignment.release.ts';

type AssignmentRow = typeof paperTeacher.$inferSelect;
const CHUNK = 500;

function audit(p: Principal) {
  return { tenantId: p.tenantId, createUser: p.userId, createDept: p.deptId, updateUser: p.userId };
}

/**
 * `add_batch`: a paper given to classes (DOMAIN §3). In one transaction: the paper's questions are frozen
 * (question_inst), its sections copied, and every student of the classes gets their attempt with their own question
 * and option order — so the minute the exam opens costs reads only.
 */
export async function assignPaper(
  db: Db,
  p: Principal,
  form: AssignForm,
): Promise<{ id: string; students: number; classes: number }> {
  const source = await paperPolicy.readable(db, p, form.paperId);
  const classIds = [...new Set(form.classIds)];
  const live = await liveClassIds(db, p.tenantId, classIds);
  if (live.length !== classIds.length) throw badRequest('clazz.invalid');
  assertAssignable(await classScope(db, p), classIds);
  const students = await studentsOfClasses(db, p.tenantId, classIds);
  const id = await insertAssignment(db, p, source, form, classIds, students);
  return { id, students: students.length, classes: classIds.length };
}

/**
 * An assignment of a paper inserted with its frozen questions, and first attempts for these students — once whoever
 * calls has checked who may give the paper to whom (a teacher to their classes; a student practising a course paper
 * to themself, course.practice).
 */
export async function insertAssignment(
  db: Db,
  p: Principal,
  source: PaperRow,
  form: AssignForm,
  classIds: string[],
  students: RosterStudent[],
): Promise<string> {
  const [sections, placed] = await Promise.all([paperSections(db, source.id), paperQuestionRows(db, [source.id])]);
  const id = newId();
  const kind = form.kind ?? (source.paperType === 'practical' ? 'exam' : source.paperType);
  const keyTiming = form.keyTiming ?? (kind === 'practice' ? 'immediate' : 'after_close');
  assertKeyTiming(kind, keyTiming);
  const perStudent = source.composeMode === 'random' && (source.blueprint as Blueprint | null)?.perStudent === 1;
  const frozen = perStudent
    ? await freezePools(db, p, source, orderedSections(sections))
    : { rows: await frozenPaper(db, p, sections, placed), draw: null, total: source.totalScore };
  if (!frozen.rows.length) throw badRequest('assignment.empty', { name: source.title });

  const [row] = await db
    .insert(paperTeacher)
    .values({
      ...audit(p),
      id,
      paperId: source.id,
      title: form.title ?? source.title,
      kind,
      classIds,
      openTime: form.openTime,
      closeTime: form.closeTime,
      duration: form.duration ?? source.duration,
      attempts: form.attempts ?? source.attempts,
      graceSeconds: form.graceSeconds ?? 60,
      // Early finishers of an exam must not see the key while others still write: exams release after the close.
      releaseRule: form.releaseRule ?? (kind === 'exam' ? 'after_close' : 'immediate'),
      reviewPolicy: form.reviewPolicy ?? source.reviewPolicy,
      keyTiming,
      multipleScoring: source.multipleScoring,
      shuffleQuestions: form.shuffleQuestions ?? source.shuffleQuestions,
      shuffleOptions: form.shuffleOptions ?? source.shuffleOptions,
      totalScore: frozen.total,
      passScore: source.passScore,
      perStudent: perStudent ? 1 : 0,
      draw: frozen.draw,
      remark: form.remark ?? source.remark,
      accessPassword: storedPassword(form.accessPassword) ?? null,
      allowedNetworks: form.allowedNetworks ?? [],
      gradingMethod: form.gradingMethod ?? 'highest',
      blindMarking: form.blindMarking ?? 0,
      sections: orderedSections(sections).map((s) => ({
        id: s.id,
        parentId: s.parentId,
        name: s.name,
        remark: s.remark,
        sort: s.sort,
      })),
    })
    .returning();
  for (let i = 0; i < frozen.rows.length; i += CHUNK) {
    await db
      .insert(paperTeacherQuestion)
      .values(frozen.rows.slice(i, i + CHUNK).map((r, k) => ({ ...audit(p), ...r, paperTeacherId: id, sort: i + k })));
  }

  await createAttempts(db, row!, students, p);
  await scheduleRelease(db, row!);
  return id;
}

/** Sections parents first, each followed by its subsections, in their order. */
function orderedSections<S extends { id: string; parentId: string; sort: number }>(rows: S[]): S[] {
  const out: S[] = [];
  const walk = (parent: string) => {
    for (const s of rows.filter((r) => r.parentId === parent).sort((a, b) => a.sort - b.sort)) {
      out.push(s);
      walk(s.id);
    }
  };
  walk('0');
  return out;
}

/**
 * A paper composed once (by hand or by one draw), frozen: its questions snapshotted, in paper order — by section as
 * the paper lists them, then each question's place, a composite's children after it.
 */
async function frozenPaper(
  db: Db,
  p: Principal,
  sections: { id: string; parentId: string; sort: number }[],
  placed: Awaited<ReturnType<typeof paperQuestionRows>>,
): Promise<FrozenRow[]> {
  if (!placed.length) return [];
  const taken = await snapshotQuestions(
    db,
    p,
    placed.filter((r) => r.parentId === '0').map((r) => r.questionId),
  );
  const sectionOrder = new Map(orderedSections(sections).map((s, i) => [s.id, i]));
  const tops = placed
    .filter((r) => r.parentId === '0')
    .sort((a, b) => (sectionOrder.get(a.titleId) ?? 0) - (sectionOrder.get(b.titleId) ?? 0) || a.sort - b.sort);
  const rowIds = new Map(placed.map((r) => [r.id, newId()]));
  const inOrder: typeof placed = [];
  const place = (r: (typeof placed)[number]) => {
    inOrder.push(r);
    for (const c of placed.filter((c) => c.parentId === r.id)) place(c);
  };
  for (const r of tops) place(r);
  const typeOf = await snapshotTypes(db, [...taken.values()]);
  return inOrder.map((r) => {
    const instId = taken.get(r.questionId)!;
    return {
      id: rowIds.get(r.id)!,
      questionInstId: instId,
      questionId: r.questionId,
      parentId: r.parentId === '0' ? '0' : rowIds.get(r.parentId)!,
      titleId: r.titleId,
      type: typeOf.get(instId) ?? 'short',
      score: r.score,
    };
  });
}

/** An assignment's questions as layouts need them: in paper order, choices with their option ids. */
async function layoutQuestions(db: Db, assignmentId: string): Promise<LayoutQuestion[]> {
  const rows = await db
    .select()
    .from(paperTeacherQuestion)
    .where(and(eq(paperTeacherQuestion.paperTeacherId, assignmentId), eq(paperTeacherQuestion.isDeleted, 0)))
    .orderBy(asc(paperTeacherQuestion.sort));
  const choiceInsts = rows.filter((r) => CHOICE_TYPES.includes(r.type as QuestionType)).map((r) => r.questionInstId);
  const options = await snapshotOptionIds(db, choiceInsts);
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    titleId: r.titleId,
    optionIds: CHOICE_TYPES.includes(r.type as QuestionType) ? (options.get(r.questionInstId) ?? []) : undefined,
  }));
}

/** First attempts for these students, each with their own order (seeded by assignment and student: stable). */
export async function createAttempts(
  db: Db,
  assignment: AssignmentRow,
  students: RosterStudent[],
  p: Pick<Principal, 'tenantId' | 'userId' | 'deptId'>,
  attemptNo = 1,
): Promise<string[]> {
  if (!students.length) return [];
  const questions = await layoutQuestions(db, assignment.id);
  const draw = assignment.draw as Draw | null;
  const rows = students.map((s) => {
    const seed = seedOf(`${assignment.id}:${s.id}:${attemptNo}`);
    return {
      tenantId: assignment.tenantId,
      createUser: p.userId,
      createDept: p.deptId,
      updateUser: p.userId,
      id: newId(),
      paperTeacherId: assignment.id,
      studentId: s.id,
      userId: s.userId,
      classId: s.classId,
      attemptNo,
      layout: layoutFor(draw ? drawnQuestions(draw, questions, seed) : questions, {
        shuffleQuestions: assignment.shuffleQuestions === 1,
        shuffleOptions: assignment.shuffleOptions === 1,
        seed,
      }),
    };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(paperStudent)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
  }
  return rows.map((r) => r.id);
}

/** Open work of a class that this student has no attempt at (what 我的考试 checks on every visit). */
const notJoinedQuery = prepared((db) =>
  db
    .select()
    .from(paperTeacher)
    .where(
      and(
        eq(paperTeacher.tenantId, sql.placeholder('tenantId')),
        eq(paperTeacher.isDeleted, 0),
        arrayContains(paperTeacher.classIds, sql.placeholder('classIds')),
        gt(paperTeacher.closeTime, sql`now()`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paperStudent)
            .where(
              and(
                eq(paperStudent.paperTeacherId, paperTeacher.id),
                eq(paperStudent.studentId, sql.placeholder('studentId')),
                eq(paperStudent.isDeleted, 0),
              ),
            ),
        ),
      ),
    )
    .prepare('exam_not_joined'),
);

/**
 * A student who joined a class after work was assigned to it gets their attempt at work still open, the first time
 * they look (我的考试), so nothing in the class module needs to know about assignments.
 */
export async function joinOpenAssignments(db: Db, p: Principal): Promise<void> {
  const me = await studentOfUser(db, p.tenantId, p.userId);
  if (!me) return;
  const missing = await notJoinedQuery(db).execute({
    tenantId: p.tenantId,
    classIds: [me.classId],
    studentId: me.id,
  });
  for (const a of missing) await createAttempts(db, a, [me], p);
}
