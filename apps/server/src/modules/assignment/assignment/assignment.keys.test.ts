import type { AttemptReview, ExamPaper, WrongbookEntry } from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperStudent, paperTeacher } from '../../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';
import { examCalls } from '../assignment.fixtures.ts';

// Issue 25 §1: a student sees a key (and is told right or wrong in re-practice) only when the review policy shows it
// and no classmate can still answer — the window, every extra time and reopening over — or in a practice whose
// teacher chose keys at once. Each review policy × situation × what a student can reach.

let t: TestApp;
const T = '581001';
let wang: string;
let s1: string;
let s2: string;
let classId: string;
let paperId: string;
let practiceId: string;
let single: string;

const { call, data } = examCalls(() => t);
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  const org = await schoolWithClasses(t, admin);
  classId = org.class1;
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  await academicApi(t, admin).call('PUT', `teacher/relas/${wangId}`, {
    payload: { teacherId: wangId, selectedRelas: [classId] },
  });
  await addStudent(t, admin, classId, 'S001', '张一');
  await addStudent(t, admin, classId, 'S002', '张二');
  wang = (await t.login('wang', '123456', T)).access_token;
  s1 = (await t.login('S001', '123456', T)).access_token;
  s2 = (await t.login('S002', '123456', T)).access_token;

  const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '机械基础' } }))).id;
  const question = await data(
    await call(wang, 'POST', '/api/exam/pc/question/save', {
      payload: {
        libId,
        type: 'single',
        stem: '<p>公差带的位置由什么确定？</p>',
        analysis: '<p>基本偏差确定位置</p>',
        items: [
          { content: '<p>基本偏差</p>', isAnswer: 1 },
          { content: '<p>标准公差</p>', isAnswer: 0 },
        ],
        score: 2,
      },
    }),
  );
  const paper = async (paperType: string) => {
    const id = (
      await data(
        await call(wang, 'POST', '/api/exam/pc/paper/save', {
          payload: { title: `${paperType} 试卷`, paperType, attempts: 2 },
        }),
      )
    ).id;
    const titleId = (
      await data(await call(wang, 'POST', '/api/exam/pc/paper/title/save', { payload: { paperId: id, name: '一' } }))
    ).id;
    await data(
      await call(wang, 'POST', '/api/exam/pc/paper/title/importQuestion', {
        payload: { paperId: id, titleId, questionIds: [question.id] },
      }),
    );
    return id as string;
  };
  paperId = await paper('exam');
  practiceId = await paper('practice');
});
afterAll(() => t.close());

const assign = async (payload: object) =>
  (
    await data(
      await call(wang, 'POST', 'paper_teacher/add_batch', {
        payload: {
          paperId,
          classIds: [classId],
          openTime: minutes(-1).toISOString(),
          closeTime: minutes(60).toISOString(),
          releaseRule: 'immediate',
          attempts: 1,
          ...payload,
        },
      }),
    )
  ).id as string;

const myAttempt = async (token: string, assignmentId: string) => {
  const mine = await data(await call(token, 'GET', 'paper_student/my'));
  return mine.find((m: { id: string }) => m.id === assignmentId).attempt.id as string;
};

/** Opens the attempt and answers the single choice wrong (the second option); hands it in unless told not to. */
async function answerWrong(token: string, attemptId: string, submit = true) {
  const paper: ExamPaper = await data(
    await call(token, 'GET', 'paper_student_question/exam_paper', {
      query: { paperStudentId: attemptId },
    }),
  );
  const q = paper.sections[0]!.questions[0]!;
  single = q.id;
  const wrong = q.items.find((i) => i.content.includes('标准公差'))!.id;
  const body = { paperStudentId: attemptId, answers: [{ questionId: q.id, answer: wrong, seq: 1 }] };
  await data(
    await call(token, 'POST', `paper_student_question/${submit ? 'submit_exam' : 'save_answers'}`, {
      payload: body,
    }),
  );
}

/** Nobody answers any more: the window, the grace and every attempt's time are over. */
async function close(id: string) {
  await t.db
    .update(paperTeacher)
    .set({ closeTime: minutes(-2), graceSeconds: 0 })
    .where(eq(paperTeacher.id, id));
  await t.db
    .update(paperStudent)
    .set({ endTime: minutes(-2) })
    .where(and(eq(paperStudent.paperTeacherId, id), eq(paperStudent.state, 'in_progress')));
}

type Situation = 'open' | 'extra time running' | 'second attempt' | 'closed';

/** An assignment in the situation, with student 1's first attempt handed in (wrong) and released. */
async function arrange(policy: string, situation: Situation): Promise<{ id: string; attemptId: string }> {
  const id = await assign({ reviewPolicy: policy, attempts: situation === 'second attempt' ? 2 : 1 });
  const attemptId = await myAttempt(s1, id);
  await answerWrong(s1, attemptId);
  if (situation === 'extra time running') {
    await data(
      await call(wang, 'POST', 'paper_teacher/exception', {
        payload: { paperStudentId: await myAttempt(s2, id), kind: 'extend', minutes: 30, reason: '补考' },
      }),
    );
    await close(id);
  }
  if (situation === 'closed') await close(id);
  return { id, attemptId };
}

const bookEntry = async (): Promise<WrongbookEntry> =>
  (await data(await call(s1, 'GET', '/api/exam/pc/wrongbook/page'))).records[0];

describe.each(['score', 'answers', 'analysis'])('review policy %s', (policy) => {
  it.each<Situation>(['open', 'extra time running', 'second attempt', 'closed'])('%s', async (situation) => {
    const { id, attemptId } = await arrange(policy, situation);
    const over = situation === 'closed';
    const keys = over && policy === 'analysis';

    // The teacher's list says until when students can still answer.
    const row = await data(await call(wang, 'GET', 'paper_teacher/detail', { query: { id } }));
    expect(new Date(row.answerableUntil) > new Date()).toBe(!over);

    // Review: released at once, the key only when it may be seen.
    const review: AttemptReview = await data(
      await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: attemptId } }),
    );
    expect(review.policy).toBe(policy === 'score' ? 'score' : keys ? 'analysis' : 'answers');
    expect(review.keysFrom !== null).toBe(policy === 'analysis' && !over);
    const shown = review.sections.flatMap((s) => s.questions);
    expect(shown.length).toBe(policy === 'score' ? 0 : 1);
    for (const q of shown) {
      expect(q.key !== undefined).toBe(keys);
      expect(q.analysis !== undefined).toBe(keys);
      expect(q.items.some((i) => i.isAnswer !== undefined)).toBe(keys);
      expect(q.result).toBe('wrong');
    }

    // The wrong-answer book collected it; re-practice waits until nobody can answer, the key as the policy says.
    const entry = await bookEntry();
    expect(entry.paperStudentId).toBe(attemptId);
    expect(entry.practiceFrom !== null).toBe(!over);
    expect(entry.keyVisible).toBe(keys);
    const practice = await data(await call(s1, 'GET', '/api/exam/pc/wrongbook/practice', { query: { id: entry.id } }));
    expect(JSON.stringify(practice.question)).not.toContain('isAnswer');
    const right = practice.question.items.find((i: { content: string }) => i.content.includes('基本偏差')).id;
    const check = await call(s1, 'POST', '/api/exam/pc/wrongbook/check', { payload: { id: entry.id, answer: right } });
    if (!over) {
      expect(check.statusCode, check.body).toBe(403);
      expect(check.json().msg).toMatch(/^这道题所在的考试还有同学可以作答，.+ 后才能练习$/);
    } else {
      const feedback = await data(check);
      expect(feedback.result).toBe('right');
      expect(feedback.key !== undefined).toBe(keys);
      expect(feedback.rightOptionIds !== undefined).toBe(keys);
      expect(feedback.analysis !== undefined).toBe(keys);
    }

    // Exports of results stay the teacher's.
    expect((await call(s1, 'GET', `paper_teacher/results/${id}/export`)).statusCode).toBe(403);
  });
});

describe('practice', () => {
  const practice = (keyTiming: string, reviewPolicy = 'answers') =>
    assign({ paperId: practiceId, kind: 'practice', keyTiming, reviewPolicy });
  const check = (attemptId: string) =>
    call(s1, 'POST', 'paper_student_question/check', { payload: { paperStudentId: attemptId, questionId: single } });

  it('with keys at once: right or wrong, the key and analysis after each saved answer, never before', async () => {
    const id = await practice('immediate');
    const attemptId = await myAttempt(s1, id);
    const paper: ExamPaper = await data(
      await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attemptId } }),
    );
    expect(paper.assignment.keyTiming).toBe('immediate');
    single = paper.sections[0]!.questions[0]!.id;
    const unanswered = await check(attemptId);
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().msg).toBe('请先作答本题，再查看答案');
    await answerWrong(s1, attemptId, false);
    const feedback = await data(await check(attemptId));
    expect(feedback).toMatchObject({ result: 'wrong', analysis: '<p>基本偏差确定位置</p>' });
    expect(feedback.rightOptionIds).toHaveLength(1);
  });

  it('with keys after the close: no check while classmates can answer, then as the review policy says', async () => {
    for (const policy of ['answers', 'analysis']) {
      const id = await practice('after_close', policy);
      const attemptId = await myAttempt(s1, id);
      await answerWrong(s1, attemptId, false);
      const early = await check(attemptId);
      expect(early.statusCode).toBe(403);
      expect(early.json().msg).toMatch(/^还有同学可以作答，答案和解析将在 .+ 后公布$/);
      await close(id);
      // The attempt is past its time: the check answers from the saved answer.
      const feedback = await data(await check(attemptId));
      expect(feedback.result).toBe('wrong');
      expect(feedback.key !== undefined).toBe(policy === 'analysis');
    }
  });

  it('keys at once are for practice only', async () => {
    const res = await call(wang, 'POST', 'paper_teacher/add_batch', {
      payload: {
        paperId,
        classIds: [classId],
        openTime: minutes(-1).toISOString(),
        closeTime: minutes(60).toISOString(),
        keyTiming: 'immediate',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('只有练习可以在作答后立即显示答案');
    const id = await assign({});
    const edit = await call(wang, 'POST', 'paper_teacher/submit', { payload: { id, keyTiming: 'immediate' } });
    expect(edit.statusCode).toBe(400);
  });
});
