import type { ExamPaper, MarkingQuestion } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  academicApi,
  addStudent,
  addTeacher,
  schoolWithClasses,
  teachingTenant,
} from '../../academic/academic.fixtures.ts';
import { examCalls } from '../assignment.fixtures.ts';

// Issue 26 §1: 阅卷 shows a short answer's scoring points (要点) with what each is worth here, to markers only.

let t: TestApp;
const T = '582601';
let wang: string;
let li: string;
let s1: string;
let assignmentId: string;
let attemptId: string;

const { call, data, refused } = examCalls(() => t);
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const marking = (token: string, lang = 'zh') =>
  call(token, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: assignmentId }, lang });

beforeAll(async () => {
  t = await startTestApp();
  const admin = await teachingTenant(t, T);
  const org = await schoolWithClasses(t, admin);
  const wangId = await addTeacher(t, admin, 'wang', '王老师');
  const liId = await addTeacher(t, admin, 'li', '李老师');
  // Both teach the class; only 王老师 gave the assignment.
  for (const id of [wangId, liId])
    await academicApi(t, admin).call('PUT', `teacher/relas/${id}`, {
      payload: { teacherId: id, selectedRelas: [org.class1] },
    });
  await addStudent(t, admin, org.class1, 'S001', '张一');
  wang = (await t.login('wang', '123456', T)).access_token;
  li = (await t.login('li', '123456', T)).access_token;
  s1 = (await t.login('S001', '123456', T)).access_token;

  const libId = (await data(await call(wang, 'POST', 'question_lib/submit', { payload: { name: '机械基础' } }))).id;
  const short = await data(
    await call(wang, 'POST', '/api/exam/pc/question/save', {
      payload: {
        libId,
        type: 'short',
        stem: '<p>简述游标卡尺的读数方法。</p>',
        answer: '<p>先读主尺，再读游标。</p>',
        items: [
          { content: '读主尺整毫米数', score: 2 },
          { content: '读游标对齐刻线', score: 3 },
        ],
        score: 5,
      },
    }),
  );
  const paperId = (
    await data(await call(wang, 'POST', '/api/exam/pc/paper/save', { payload: { title: '要点', paperType: 'exam' } }))
  ).id;
  const titleId = (
    await data(await call(wang, 'POST', '/api/exam/pc/paper/title/save', { payload: { paperId, name: '一' } }))
  ).id;
  await data(
    await call(wang, 'POST', '/api/exam/pc/paper/title/importQuestion', {
      payload: { paperId, titleId, questionIds: [short.id] },
    }),
  );
  // The paper scores the question 10, not the bank's 5: the points keep their shares (4 and 6).
  const listed = await data(await call(wang, 'GET', 'paper_question/list', { query: { paperId } }));
  const row = (listed.records ?? listed)[0];
  await data(await call(wang, 'POST', 'paper_question/submit', { payload: { id: row.id, score: 10 } }));

  assignmentId = (
    await data(
      await call(wang, 'POST', 'paper_teacher/add_batch', {
        payload: {
          paperId,
          classIds: [org.class1],
          openTime: minutes(-1).toISOString(),
          closeTime: minutes(60).toISOString(),
          releaseRule: 'immediate',
          reviewPolicy: 'analysis',
          attempts: 1,
        },
      }),
    )
  ).id;
  const mine = await data(await call(s1, 'GET', 'paper_student/my'));
  attemptId = mine.find((m: { id: string }) => m.id === assignmentId).attempt.id;
  const paper: ExamPaper = await data(
    await call(s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: attemptId } }),
  );
  const q = paper.sections[0]!.questions[0]!;
  await data(
    await call(s1, 'POST', 'paper_student_question/submit_exam', {
      payload: { paperStudentId: attemptId, answers: [{ questionId: q.id, answer: '先读主尺', seq: 1 }] },
    }),
  );
});
afterAll(() => t.close());

describe('scoring points in 阅卷', () => {
  it("reach the assignment's marker with each point's share of the question's score there", async () => {
    const [q]: MarkingQuestion[] = await data(await marking(wang));
    expect(q).toMatchObject({ type: 'short', score: 10, manual: true, answered: 1, toMark: 1 });
    expect(q!.points.map((p) => [p.content, p.score])).toEqual([
      ['读主尺整毫米数', 4],
      ['读游标对齐刻线', 6],
    ]);
    // Ticking the first point gives 4: a mark the server takes, up to the question's 10.
    const page = await data(
      await call(wang, 'GET', 'paper_student_question/answers', {
        query: { paperTeacherQuestionId: q!.id, current: 1, size: 20 },
      }),
    );
    const answerId = page.records[0].id;
    await data(
      await call(wang, 'POST', 'paper_student_question/submit_correct', {
        payload: { marks: [{ id: answerId, score: 4 }] },
      }),
    );
    await refused(
      await call(wang, 'POST', 'paper_student_question/submit_correct', {
        payload: { marks: [{ id: answerId, score: 10.5 }] },
      }),
      400,
    );
    // A batch is one unit: a mark it refuses keeps the batch's earlier marks from being written too.
    await refused(
      await call(wang, 'POST', 'paper_student_question/submit_correct', {
        payload: {
          marks: [
            { id: answerId, score: 6 },
            { id: answerId, score: 10.5 },
          ],
        },
      }),
      400,
    );
    const answers = await data(
      await call(wang, 'GET', 'paper_student_question/answers', {
        query: { paperTeacherQuestionId: q!.id, current: 1, size: 20 },
      }),
    );
    expect(answers.records[0].manualScore).toBe(4);
    const [after]: MarkingQuestion[] = await data(await marking(wang));
    expect(after).toMatchObject({ toMark: 0, marked: 1 });
  });

  it('never reach anyone else: 401, 403 for a student, not found for another teacher or tenant', async () => {
    await refused(
      await t.app.inject({
        method: 'GET',
        url: `/api/jd/pc/paper_teacher_question/marking?paperTeacherId=${assignmentId}`,
      }),
      401,
    );
    await refused(await marking(s1), 403);
    await refused(await marking(li), 404);
    await refused(await call(wang, 'GET', 'paper_teacher_question/marking', { query: { paperTeacherId: 'x' } }), 400);
    // A teacher of another school (tenant) who may mark there.
    const otherAdmin = await teachingTenant(t, '582602');
    await addTeacher(t, otherAdmin, 'zhao', '赵老师');
    const zhao = (await t.login('zhao', '123456', '582602')).access_token;
    await refused(await marking(zhao), 404);
  });

  it("are not in the student's own review, even with keys and analysis shown", async () => {
    const review = await call(s1, 'GET', 'paper_student_question/review', { query: { paperStudentId: attemptId } });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.body).not.toContain('读游标对齐刻线');
  });
});
