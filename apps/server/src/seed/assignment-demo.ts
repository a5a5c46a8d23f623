import type { AnswerSave } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { MemoryStore } from '../core/kv/store.ts';
import { paperStudent, paperStudentQuestion, paperTeacher, setting } from '../db/schema/index.ts';
import { assignPaper } from '../modules/assignment/assignment/assignment.assign.ts';
import { assignmentContent, type ContentQuestion } from '../modules/assignment/assignment/assignment.content.ts';
import { type Layout, seedOf } from '../modules/assignment/assignment/assignment.layout.ts';
import { releaseScores } from '../modules/assignment/assignment/assignment.release.ts';
import { submitAttempt } from '../modules/assignment/attempt/attempt.submit.ts';
import { examPaper, writeAnswers } from '../modules/assignment/attempt/attempt.take.ts';
import { correct } from '../modules/assignment/marking/attempt.marking.ts';
import { seededRandom } from '../modules/paper/paper.api.ts';
import { demoPrincipal, demoTeacher } from './demo-principal.ts';

const DONE = 'seed.assignmentDemo';
const TEACHER = '70200';
/** 2024级1班: student01 … student10 (users 70301 …). */
const CLASS = '70140';
const PAPERS = { exam: '72100', practice: '72101' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A plausible answer from a student who gets a question right with probability `ability`. */
function answerOf(q: ContentQuestion, ability: number, random: () => number): AnswerSave['answer'] {
  const right = random() < ability;
  const options = q.items.map((i) => i.id);
  const key = q.items.filter((i) => i.isAnswer === 1).map((i) => i.id);
  switch (q.type) {
    case 'single':
      return right ? key[0]! : (options.find((o) => !key.includes(o)) ?? options[0]!);
    case 'multiple':
      return right
        ? key
        : random() < 0.5
          ? key.slice(0, 1)
          : [...key.slice(0, 1), ...options.filter((o) => !key.includes(o)).slice(0, 1)];
    case 'judge':
      return right === (q.answer === 'T') ? 'T' : 'F';
    case 'fill':
      return q.items.map((i) => (right ? i.content.replace(/<[^>]*>/g, '').split('|')[0]! : '不确定'));
    default:
      return right
        ? '先读主尺上游标零线左边的整毫米数，再找游标上与主尺对齐的刻线读出小数部分，两者相加。'
        : '用卡尺量一下再读数。';
  }
}

/**
 * The demo class's work, so each page has something to show on a fresh `npm start`: 机械基础期中考试 taken three
 * days ago by nine of the ten students of 2024级1班 (one absent), short answers marked by 王老师, scores released
 * (成绩分析, the students' results and wrong-answer books); 数学基础练习 open as practice for two weeks; and the
 * exam open again as 机械基础单元测验 for a week (student01 can take it at once). Seeded once.
 */
export async function seedAssignmentDemo(db: Db): Promise<void> {
  const [done] = await db.select({ key: setting.key }).from(setting).where(eq(setting.key, DONE));
  if (done) return;
  const teacher = await demoTeacher(db, TEACHER, 'teacher1');
  const now = Date.now();
  await db.transaction(async (tx) => {
    const exam = await assignPaper(tx, teacher, {
      paperId: PAPERS.exam,
      classIds: [CLASS],
      openTime: new Date(now - 3 * DAY),
      closeTime: new Date(now + HOUR),
      releaseRule: 'after_close',
    });
    const [a] = await tx.select().from(paperTeacher).where(eq(paperTeacher.id, exam.id));
    const content = await assignmentContent(tx, a!);
    const attempts = await tx
      .select()
      .from(paperStudent)
      .where(eq(paperStudent.paperTeacherId, exam.id))
      .orderBy(paperStudent.userId);
    const marks: { id: string; score: number; comment: string }[] = [];
    for (const [i, s] of attempts.slice(0, 9).entries()) {
      const ability = 0.35 + 0.07 * i;
      const random = seededRandom(seedOf(`demo:${s.userId}`));
      const student = demoPrincipal(s.userId, `student${String(i + 1).padStart(2, '0')}`);
      // The demo's assignments have no password and no network rule: the gate lets the seed through.
      await examPaper(tx, student, s.id, { ip: '127.0.0.1', store: new MemoryStore() });
      const [started] = await tx.select().from(paperStudent).where(eq(paperStudent.id, s.id));
      const answers = (s.layout as Layout)
        .map((e) => content.get(e.q)!)
        .filter((q) => q.type !== 'composite')
        .map((q, k) => ({ questionId: q.id, answer: answerOf(q, ability, random), seq: k + 1 }));
      await writeAnswers(tx, { s: started!, a: a! }, answers);
      await submitAttempt(tx, s.id, { by: 'student' });
      const pending = await tx
        .select({ id: paperStudentQuestion.id, questionId: paperStudentQuestion.paperTeacherQuestionId })
        .from(paperStudentQuestion)
        .where(and(eq(paperStudentQuestion.paperStudentId, s.id), eq(paperStudentQuestion.result, 'pending')));
      for (const p of pending) {
        const full = content.get(p.questionId)!.score;
        const score = Math.round(full * Math.min(1, ability + 0.1) * 2) / 2;
        marks.push({ id: p.id, score, comment: score >= full * 0.8 ? '步骤清楚' : '要写出读数的两个步骤' });
      }
      // As it happened three days ago, within the 90 minutes.
      const start = new Date(now - 3 * DAY + HOUR + i * 60_000);
      await tx
        .update(paperStudent)
        .set({
          startTime: start,
          endTime: new Date(start.getTime() + 90 * 60_000),
          submitTime: new Date(start.getTime() + (55 + i * 3) * 60_000),
        })
        .where(eq(paperStudent.id, s.id));
    }
    if (marks.length) await correct(tx, teacher, { marks });
    await tx
      .update(paperTeacher)
      .set({ closeTime: new Date(now - 3 * DAY + 4 * HOUR) })
      .where(eq(paperTeacher.id, exam.id));
    await releaseScores(tx, exam.id);

    await assignPaper(tx, teacher, {
      paperId: PAPERS.practice,
      classIds: [CLASS],
      kind: 'practice',
      openTime: new Date(now - HOUR),
      closeTime: new Date(now + 14 * DAY),
      releaseRule: 'immediate',
      reviewPolicy: 'analysis',
    });
    await assignPaper(tx, teacher, {
      paperId: PAPERS.exam,
      title: '机械基础单元测验',
      classIds: [CLASS],
      openTime: new Date(now - HOUR),
      closeTime: new Date(now + 7 * DAY),
      releaseRule: 'after_close',
    });
    await tx.insert(setting).values({ key: DONE, value: new Date().toISOString() }).onConflictDoNothing();
  });
}
