import {
  type AssignmentResults,
  type AttemptState,
  type ResultQuestion,
  type ResultStudent,
  SUBMITTED_STATES,
} from '@shixun/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../core/access/principal.ts';
import type { Db } from '../../core/db/client.ts';
import { clazz, flag, paperStudent, paperStudentQuestion, questionInst, student, user } from '../../db/schema/index.ts';
import { managedAssignment } from './assignment.access.ts';
import { assignmentContent, numberedQuestions } from './assignment.content.ts';
import { assignmentState } from './assignment.resource.ts';

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * 成绩分析: the counted attempt of each student (their best submitted one), score statistics and distribution, each
 * class, each question's facility and discrimination (classical test theory: the top and bottom 27 %), and mastery
 * of each knowledge point by class.
 */
export async function assignmentResults(db: Db, p: Principal, id: string): Promise<AssignmentResults> {
  const a = await managedAssignment(db, p, id);
  const content = await assignmentContent(db, a);
  const total = Number(a.totalScore);
  const pass = Number(a.passScore);
  const attempts = await db
    .select({
      s: paperStudent,
      name: user.realName,
      no: student.studentNo,
      className: clazz.name,
    })
    .from(paperStudent)
    .innerJoin(student, eq(student.id, paperStudent.studentId))
    .innerJoin(user, eq(user.id, student.userId))
    .leftJoin(clazz, eq(clazz.id, paperStudent.classId))
    .where(and(eq(paperStudent.paperTeacherId, a.id), eq(paperStudent.isDeleted, 0)));

  // Each student's best submitted attempt, else their latest (absent).
  const best = new Map<string, (typeof attempts)[number]>();
  for (const r of attempts) {
    const held = best.get(r.s.studentId);
    const done = SUBMITTED_STATES.includes(r.s.state as AttemptState);
    const heldDone = held && SUBMITTED_STATES.includes(held.s.state as AttemptState);
    if (
      !held ||
      (done && (!heldDone || r.s.score > held.s.score)) ||
      (!done && !heldDone && r.s.attemptNo > held.s.attemptNo)
    )
      best.set(r.s.studentId, r);
  }
  const counted = [...best.values()].filter((r) => SUBMITTED_STATES.includes(r.s.state as AttemptState));
  const scores = counted.map((r) => r.s.score);
  const ranked = [...counted].sort((x, y) => y.s.score - x.s.score);
  const rankOf = new Map(ranked.map((r) => [r.s.id, 1 + ranked.findIndex((o) => o.s.score === r.s.score)]));

  const students: ResultStudent[] = [...best.values()]
    .map((r) => {
      const done = SUBMITTED_STATES.includes(r.s.state as AttemptState);
      return {
        paperStudentId: r.s.id,
        studentName: r.name,
        studentNo: r.no,
        classId: r.s.classId,
        className: r.className ?? '',
        score: done ? r.s.score : null,
        state: r.s.state as AttemptState,
        rank: done ? rankOf.get(r.s.id)! : null,
        passed: done && r.s.score >= pass,
      };
    })
    .sort((x, y) => (y.score ?? -1) - (x.score ?? -1) || x.studentNo.localeCompare(y.studentNo));

  const answers = counted.length
    ? await db
        .select({
          attempt: paperStudentQuestion.paperStudentId,
          question: paperStudentQuestion.paperTeacherQuestionId,
          result: paperStudentQuestion.result,
          score: paperStudentQuestion.score,
          answered: paperStudentQuestion.answer,
        })
        .from(paperStudentQuestion)
        .where(
          inArray(
            paperStudentQuestion.paperStudentId,
            counted.map((r) => r.s.id),
          ),
        )
    : [];
  const earned = new Map(answers.map((r) => [`${r.attempt}:${r.question}`, r]));

  // Discrimination: the top and bottom 27 % of the counted attempts by total score.
  const band = Math.max(1, Math.round(counted.length * 0.27));
  const top = ranked.slice(0, band).map((r) => r.s.id);
  const bottom = ranked.slice(-band).map((r) => r.s.id);
  const facilityOf = (ids: string[], q: { id: string; score: number }) =>
    q.score > 0 && ids.length
      ? ids.reduce((sum, s) => sum + Number(earned.get(`${s}:${q.id}`)?.score ?? 0), 0) / (ids.length * q.score)
      : null;

  const numbered = numberedQuestions(content, a);
  const questions: ResultQuestion[] = numbered.map(({ q, no }) => {
    const rows = counted.map((r) => earned.get(`${r.s.id}:${q.id}`));
    const count = (result: string) => rows.filter((x) => x?.result === result).length;
    const facility = facilityOf(
      counted.map((r) => r.s.id),
      q,
    );
    const up = facilityOf(top, q);
    const low = facilityOf(bottom, q);
    return {
      id: q.id,
      no,
      type: q.type,
      score: q.score,
      stem: q.stem,
      answered: rows.filter((x) => x && x.answered !== null).length,
      right: count('right'),
      partial: count('partial'),
      wrong: count('wrong'),
      blank: rows.filter((x) => !x || x.result === 'blank').length,
      facility: facility === null ? null : round(facility, 2),
      discrimination: counted.length >= 4 && up !== null && low !== null ? round(up - low, 2) : null,
    };
  });

  const classes = [...new Set(attempts.map((r) => r.s.classId))];
  const className = new Map(attempts.map((r) => [r.s.classId, r.className ?? '']));
  const byClass = classes.map((classId) => {
    const mine = [...best.values()].filter((r) => r.s.classId === classId);
    const done = mine.filter((r) => SUBMITTED_STATES.includes(r.s.state as AttemptState)).map((r) => r.s.score);
    const m = mean(done);
    return {
      classId,
      className: className.get(classId) ?? '',
      students: mine.length,
      submitted: done.length,
      mean: m === null ? null : round(m),
      passRate: done.length ? round(done.filter((s) => s >= pass).length / done.length, 3) : null,
    };
  });

  const insts = numbered.length
    ? await db
        .select({ id: questionInst.id, flagIds: questionInst.flagIds })
        .from(questionInst)
        .where(
          inArray(
            questionInst.id,
            numbered.map((n) => n.q.questionInstId),
          ),
        )
    : [];
  const flagsOf = new Map(insts.map((i) => [i.id, i.flagIds]));
  const flagIds = [...new Set(insts.flatMap((i) => i.flagIds))];
  const flagNames = flagIds.length
    ? await db.select({ id: flag.id, name: flag.name }).from(flag).where(inArray(flag.id, flagIds))
    : [];
  const mastery = (flagId: string, of: typeof counted) => {
    let got = 0;
    let possible = 0;
    for (const { q } of numbered) {
      if (!flagsOf.get(q.questionInstId)?.includes(flagId)) continue;
      for (const r of of) {
        got += Number(earned.get(`${r.s.id}:${q.id}`)?.score ?? 0);
        possible += q.score;
      }
    }
    return possible > 0 ? round(got / possible, 3) : null;
  };
  const knowledge = flagNames.map((f) => ({
    flagId: f.id,
    name: f.name,
    mastery: mastery(f.id, counted) ?? 0,
    byClass: classes.map((classId) => ({
      classId,
      mastery: mastery(
        f.id,
        counted.filter((r) => r.s.classId === classId),
      ),
    })),
  }));

  const distribution = Array.from({ length: 10 }, (_, i) => ({
    from: round((total * i) / 10),
    to: round((total * (i + 1)) / 10),
    count: scores.filter((s) => {
      const share = total > 0 ? s / total : 0;
      return i === 9 ? share >= 0.9 : share >= i / 10 && share < (i + 1) / 10;
    }).length,
  }));
  const m = mean(scores);
  const variance = m === null ? null : mean(scores.map((s) => (s - m) ** 2));
  const toMark = answers.filter((r) => r.result === 'pending').length;
  return {
    assignment: {
      id: a.id,
      title: a.title,
      kind: a.kind as AssignmentResults['assignment']['kind'],
      totalScore: total,
      passScore: pass,
      state: assignmentState(a),
    },
    summary: {
      students: best.size,
      submitted: counted.length,
      absent: best.size - counted.length,
      mean: m === null ? null : round(m),
      median: median(scores),
      max: scores.length ? Math.max(...scores) : null,
      min: scores.length ? Math.min(...scores) : null,
      stdev: variance === null ? null : round(Math.sqrt(variance), 2),
      passRate: scores.length ? round(scores.filter((s) => s >= pass).length / scores.length, 3) : null,
      toMark,
    },
    distribution,
    byClass,
    questions,
    knowledge,
    students,
  };
}
