import {
  type AnswerSave,
  type AnswerValue,
  CHOICE_TYPES,
  type ExamPaper,
  isAnswered,
  type PracticeFeedback,
  type SaveAck,
  type SaveAnswers,
  type SavedAnswer,
} from '@shixun/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../core/access/principal.ts';
import type { Db } from '../../../core/db/client.ts';
import { newId } from '../../../core/db/ids.ts';
import { prepared, rawRows } from '../../../core/db/statements.ts';
import { badRequest, forbidden, notFound } from '../../../core/http/errors.ts';
import { scheduleJob } from '../../../core/jobs/runner.ts';
import type { KvStore } from '../../../core/kv/store.ts';
import { paperStudent, paperStudentQuestion, paperTeacher } from '../../../db/schema/index.ts';
import {
  type AssignmentRow,
  assignmentContent,
  type Content,
  examSections,
  feedbackKey,
  questionCount,
} from '../assignment/assignment.content.ts';
import { keyAccess } from '../assignment/assignment.keys.ts';
import type { Layout } from '../assignment/assignment.layout.ts';
import { assertNetwork, checkAccessPassword } from '../assignment/assignment.options.ts';
import { gradeAnswer } from './attempt.grade.ts';
import { type AttemptRow, autoSubmitJob, deadlineOf, submitAttempt } from './attempt.submit.ts';

/** A time as the API gives it. */
export const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An attempt with its assignment, as every call about taking one needs both. */
export interface Held {
  s: AttemptRow;
  a: AssignmentRow;
}

/** The caller's own live attempt, by placeholders (anyone else's attempt is, to them, one that does not exist). */
const callersAttempt = and(
  eq(paperStudent.id, sql.placeholder('id')),
  eq(paperStudent.tenantId, sql.placeholder('tenantId')),
  eq(paperStudent.userId, sql.placeholder('userId')),
  eq(paperStudent.isDeleted, 0),
);

/** The caller's own live attempt with its assignment, in one query built once (every call of an exam reads it). */
const ownAttemptQuery = prepared((db) =>
  db
    .select({ s: paperStudent, a: paperTeacher })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(callersAttempt)
    .prepare('exam_own_attempt'),
);

/** The caller's own live attempt with its assignment. */
export async function ownAttempt(db: Db, p: Principal, id: string): Promise<Held> {
  const [row] = await ownAttemptQuery(db).execute({ id, tenantId: p.tenantId, userId: p.userId });
  if (!row) throw notFound();
  return row;
}

/**
 * Locks an attempt read before the transaction (FOR UPDATE): the row is read again only if it changed since (another
 * tab started or submitted it), so 2,000 students opening or submitting at once each read it fully once.
 */
export async function lockAttempt(tx: Db, p: Principal, held: Held): Promise<AttemptRow> {
  const seen = held.s;
  const [now] = await tx
    .select({ state: paperStudent.state, endTime: paperStudent.endTime })
    .from(paperStudent)
    .where(eq(paperStudent.id, seen.id))
    .for('update');
  if (!now) throw notFound();
  return now.state === seen.state && now.endTime?.getTime() === seen.endTime?.getTime()
    ? seen
    : (await ownAttempt(tx, p, seen.id)).s;
}

/** The attempt's end: its start plus the time limit (and extra time), never past its close time (plus extra time). */
export function attemptEnd(a: AssignmentRow, s: AttemptRow, start: Date): Date {
  const extra = s.extraMinutes * 60_000;
  const close = new Date((s.closeTime ?? a.closeTime).getTime() + extra);
  if (a.duration <= 0) return close;
  const limit = new Date(start.getTime() + a.duration * 60_000 + extra);
  return limit < close ? limit : close;
}

/** Starts a not-started attempt inside its window: its end is fixed by the server's clock and its timer scheduled. */
async function start(db: Db, a: AssignmentRow, s: AttemptRow): Promise<AttemptRow> {
  const now = new Date();
  if (now < a.openTime) throw badRequest('exam.notOpen', { time: a.openTime });
  const close = new Date((s.closeTime ?? a.closeTime).getTime() + s.extraMinutes * 60_000);
  if (now >= close) throw badRequest('exam.closed');
  const endTime = attemptEnd(a, s, now);
  const [changed] = await db
    .update(paperStudent)
    .set({ state: 'in_progress', startTime: now, endTime, updateTime: now })
    .where(and(eq(paperStudent.id, s.id), eq(paperStudent.state, 'not_started')))
    .returning({ state: paperStudent.state, startTime: paperStudent.startTime, endTime: paperStudent.endTime });
  if (!changed) return s;
  const started = { ...s, ...changed, updateTime: now };
  await scheduleJob(
    db,
    autoSubmitJob,
    { paperStudentId: s.id },
    { key: s.id, runAt: deadlineOf(started, a.graceSeconds)! },
  );
  return started;
}

const savedAnswersQuery = prepared((db) =>
  db
    .select({
      questionId: paperStudentQuestion.paperTeacherQuestionId,
      answer: paperStudentQuestion.answer,
      seq: paperStudentQuestion.seq,
      flagged: paperStudentQuestion.flagged,
    })
    .from(paperStudentQuestion)
    .where(eq(paperStudentQuestion.paperStudentId, sql.placeholder('id')))
    .prepare('exam_saved_answers'),
);

/** Who opens a paper from where: the client's address (as Fastify sees it) and the access password, if given. */
export interface Gate {
  ip: string;
  store: KvStore;
  password?: string;
}

/**
 * `exam_paper`: the student's own paper, started now if it was not (inside the window). An attempt past its end and
 * grace is submitted here if the timer has not yet done it, so nobody finds an open attempt after time. Opening it
 * (starting or resuming) is refused outside the assignment's allowed networks; starting one asks for its access
 * password (`start`), resuming one already started does not.
 */
export async function examPaper(db: Db, p: Principal, attemptId: string, gate: Gate): Promise<ExamPaper> {
  // Resuming (the common case) only reads; starting, or closing an attempt found past its time, writes under a lock.
  const held = await ownAttempt(db, p, attemptId);
  const a = held.a;
  let s = held.s;
  if (s.state === 'not_started' || s.state === 'in_progress') assertNetwork(a, gate.ip);
  if (s.state === 'not_started') await checkAccessPassword(gate.store, p, a, gate.password);
  const due = (x: AttemptRow) => {
    const deadline = deadlineOf(x, a.graceSeconds);
    return x.state === 'in_progress' && deadline !== null && deadline.getTime() <= Date.now();
  };
  if (s.state === 'not_started' || due(s)) {
    s = await db.transaction(async (tx) => {
      let locked = await lockAttempt(tx, p, held);
      if (locked.state === 'not_started') locked = await start(tx, a, locked);
      if (due(locked)) locked = await submitAttempt(tx, locked.id, { by: 'auto' }, { s: locked, a });
      return locked;
    });
  }
  const content = await assignmentContent(db, a);
  const answers = await savedAnswersQuery(db).execute({ id: s.id });
  return {
    attempt: {
      id: s.id,
      state: s.state as ExamPaper['attempt']['state'],
      attemptNo: s.attemptNo,
      startTime: iso(s.startTime),
      endTime: iso(s.endTime),
      serverTime: new Date().toISOString(),
    },
    assignment: {
      id: a.id,
      title: a.title,
      kind: a.kind as ExamPaper['assignment']['kind'],
      keyTiming: a.keyTiming as ExamPaper['assignment']['keyTiming'],
      duration: a.duration,
      totalScore: Number(a.totalScore),
      questionCount: questionCount(content),
      remark: a.remark,
    },
    sections: examSections(content, a, s.layout as Layout),
    answers: Object.fromEntries(
      answers.map((r): [string, SavedAnswer] => [
        r.questionId,
        { answer: r.answer as SavedAnswer['answer'], seq: r.seq, flagged: r.flagged },
      ]),
    ),
  };
}

/** An answer of the right shape for its question (an option of its own, a blank per blank …), else 400. */
function assertAnswerFits(content: Content, layout: Set<string>, save: AnswerSave): void {
  const q = content.get(save.questionId);
  if (!q || !layout.has(save.questionId) || q.type === 'composite') throw badRequest('exam.question.invalid');
  const a = save.answer;
  if (a === null) return;
  const options = new Set(q.items.map((i) => i.id));
  const fits =
    q.type === 'single'
      ? typeof a === 'string' && (a === '' || options.has(a))
      : q.type === 'multiple'
        ? Array.isArray(a) && a.every((x) => options.has(x))
        : q.type === 'judge'
          ? typeof a === 'string' && ['', 'T', 'F'].includes(a)
          : q.type === 'fill'
            ? Array.isArray(a) && a.length <= q.items.length
            : q.type === 'file'
              ? Array.isArray(a)
              : typeof a === 'string';
  if (!fits || (CHOICE_TYPES.includes(q.type) && Array.isArray(a) && new Set(a).size !== a.length))
    throw badRequest('exam.answer.invalid');
}

/**
 * `submit_exam`: the last answers flushed and the attempt submitted and graded in one transaction; submitting twice
 * does nothing. Returns the attempt with its assignment as they end up.
 */
export async function submitExam(db: Db, p: Principal, body: SaveAnswers): Promise<Held> {
  const held = await ownAttempt(db, p, body.paperStudentId);
  const s = await db.transaction(async (tx) => {
    const s = await lockAttempt(tx, p, held);
    if (s.state !== 'in_progress') return s;
    await writeAnswers(tx, { s, a: held.a }, body.answers);
    return submitAttempt(tx, s.id, { by: 'student' }, { s, a: held.a });
  });
  return { s, a: held.a };
}

/** What a save needs of the caller's attempt and its assignment (not the whole rows: this is the hottest call). */
const saveTargetQuery = prepared((db) =>
  db
    .select({
      s: {
        id: paperStudent.id,
        state: paperStudent.state,
        endTime: paperStudent.endTime,
        layout: paperStudent.layout,
      },
      a: { id: paperTeacher.id, updateTime: paperTeacher.updateTime, graceSeconds: paperTeacher.graceSeconds },
    })
    .from(paperStudent)
    .innerJoin(paperTeacher, eq(paperTeacher.id, paperStudent.paperTeacherId))
    .where(callersAttempt)
    .prepare('exam_save_target'),
);

/**
 * Autosave: each answer written with its client sequence number — a save older than the stored one changes
 * nothing — and acknowledged only once committed. Past the end plus grace, or after submission, saves are refused.
 */
export async function saveAnswers(db: Db, p: Principal, body: SaveAnswers): Promise<SaveAck> {
  const [target] = await saveTargetQuery(db).execute({
    id: body.paperStudentId,
    tenantId: p.tenantId,
    userId: p.userId,
  });
  if (!target) throw notFound();
  await writeAnswers(db, target, body.answers);
  return {
    acked: body.answers.map((a) => ({ questionId: a.questionId, seq: a.seq })),
    serverTime: new Date().toISOString(),
    endTime: iso(target.s.endTime),
  };
}

/**
 * Writes answers into an attempt in progress (autosave, and the last flush of a submission), checked against the
 * attempt as read, in one statement that takes them only if the attempt is still open when it runs: it share-locks
 * the attempt row, so a submission (FOR UPDATE) waits for saves in flight and no save lands after it.
 */
export async function writeAnswers(
  db: Db,
  {
    s,
    a,
  }: {
    s: Pick<AttemptRow, 'id' | 'state' | 'endTime' | 'layout'>;
    a: Pick<AssignmentRow, 'id' | 'updateTime' | 'graceSeconds'>;
  },
  answers: AnswerSave[],
): Promise<void> {
  if (s.state === 'not_started') throw badRequest('exam.attempt.invalid');
  if (s.state !== 'in_progress') throw badRequest('exam.submitted');
  const now = new Date();
  const deadline = deadlineOf(s, a.graceSeconds);
  if (deadline && deadline < now) throw badRequest('exam.timeUp');
  if (!answers.length) return;
  const content = await assignmentContent(db, a);
  const layout = new Set((s.layout as Layout).map((e) => e.q));
  for (const save of answers) assertAnswerFits(content, layout, save);
  // The latest of several saves of one question in a batch.
  const latest = new Map<string, AnswerSave>();
  for (const save of answers)
    if ((latest.get(save.questionId)?.seq ?? -1) < save.seq) latest.set(save.questionId, save);
  const rows = [...latest.values()].map((save) => ({
    id: newId(),
    question: save.questionId,
    answer: save.answer,
    seq: save.seq,
    flagged: save.flagged ?? 0,
  }));
  const at = now.toISOString();
  const [still] = await rawRows<{ open: number }>(
    db,
    sql`
    with open as (
      select id, tenant_id, user_id from paper_student
       where id = ${s.id} and state = 'in_progress'
         and (end_time is null or end_time >= ${at}::timestamptz - make_interval(secs => ${a.graceSeconds}))
         for share
    ), saved as (
      insert into paper_student_question
        (id, tenant_id, paper_student_id, paper_teacher_question_id, answer, seq, flagged, save_time, create_user,
         update_user)
      select v.id, o.tenant_id, o.id, v.question, v.answer, v.seq, v.flagged, ${at}::timestamptz, o.user_id, o.user_id
        from open o,
             jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as v(id bigint, question bigint, answer jsonb, seq int, flagged int)
      on conflict (paper_student_id, paper_teacher_question_id) do update
         set answer = excluded.answer, seq = excluded.seq, flagged = excluded.flagged,
             save_time = excluded.save_time, update_time = excluded.save_time
       -- Equal numbers: the same edit sent again, or two devices that both made edit n — the later write stands.
       where paper_student_question.seq <= excluded.seq
    )
    select count(*)::int as open from open`,
  );
  // Submitted (or closed by its timer) between the read and the write.
  if (!still?.open) throw badRequest('exam.submitted');
}

/**
 * Practice gives immediate feedback (DOMAIN §3) where the teacher chose keys at once: once a question's answer is
 * saved, its student may see whether it is right, the key and the analysis. Otherwise feedback waits until no
 * classmate can still answer (assignment.keys.ts); exams and homework never give it here.
 */
export async function practiceFeedback(
  db: Db,
  p: Principal,
  attemptId: string,
  questionId: string,
): Promise<PracticeFeedback> {
  const { s, a } = await ownAttempt(db, p, attemptId);
  if (a.kind !== 'practice') throw forbidden('exam.practiceOnly');
  const entry = (s.layout as Layout).find((e) => e.q === questionId);
  const q = (await assignmentContent(db, a)).get(questionId);
  if (!entry || !q || q.type === 'composite') throw badRequest('exam.question.invalid');
  const access = await keyAccess(db, a);
  if (!access.feedback) throw forbidden('exam.keyLater', { time: access.from! });
  const [saved] = await db
    .select({ answer: paperStudentQuestion.answer })
    .from(paperStudentQuestion)
    .where(
      and(eq(paperStudentQuestion.paperStudentId, s.id), eq(paperStudentQuestion.paperTeacherQuestionId, questionId)),
    );
  if (!saved || !isAnswered(saved.answer as AnswerValue)) throw badRequest('exam.answerFirst');
  const { result } = gradeAnswer(q, saved.answer as AnswerValue, a.multipleScoring);
  return { result, ...(access.key ? { ...feedbackKey(q, entry.o), analysis: q.analysis } : {}) };
}
