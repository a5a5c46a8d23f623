import type { ExamPaper } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { courseCalls, courseSchool, UNKNOWN } from './course.fixtures.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof courseSchool>>;
const { call, data, refused, course, topic } = courseCalls(() => t);
let coursePaperId: string;
let lockedPaperId: string;
let byPaper: string;
let theCourse: string;

/** A practice paper of 王老师 with one single choice (基本偏差 right, 标准公差 wrong). */
async function practicePaper(title: string): Promise<string> {
  const libId = (await data(await call(s.wang, 'POST', 'question_lib/submit', { payload: { name: title } }))).id;
  const question = await data(
    await call(s.wang, 'POST', '/api/exam/pc/question/save', {
      payload: {
        libId,
        type: 'single',
        stem: '<p>公差带的位置由什么确定？</p>',
        items: [
          { content: '<p>基本偏差</p>', isAnswer: 1 },
          { content: '<p>标准公差</p>', isAnswer: 0 },
        ],
        score: 2,
      },
    }),
  );
  const id = (
    await data(await call(s.wang, 'POST', '/api/exam/pc/paper/save', { payload: { title, paperType: 'practice' } }))
  ).id;
  const titleId = (
    await data(await call(s.wang, 'POST', '/api/exam/pc/paper/title/save', { payload: { paperId: id, name: '一' } }))
  ).id;
  await data(
    await call(s.wang, 'POST', '/api/exam/pc/paper/title/importQuestion', {
      payload: { paperId: id, titleId, questionIds: [question.id] },
    }),
  );
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  s = await courseSchool(t, '596001', '596002');
  const courseId = await course(s.wang, { classes: [{ classId: s.org.class1 }] });
  const first = await topic(s.wang, courseId, '第一章 公差');
  const second = await topic(s.wang, courseId, '第二章 配合', '0', { locked: 1 });
  await data(
    await call(s.wang, 'POST', 'courseware/submit', {
      payload: { courseSubId: first, name: '要点', kind: 'richtext', content: '<p>公差</p>' },
    }),
  );
  const paperId = await practicePaper('公差练习');
  const onTopic = async (courseSubId: string) => {
    await data(
      await call(s.wang, 'POST', 'course_paper/add_batch', { payload: { courseId, courseSubId, paperIds: [paperId] } }),
    );
    const list = await data(await call(s.wang, 'GET', 'course_paper/list', { query: { courseSubId } }));
    return list.records[0].id as string;
  };
  coursePaperId = await onTopic(first);
  // Complete only by a full mark in the topic's paper.
  byPaper = (
    await data(
      await call(s.wang, 'POST', 'courseware/submit', {
        payload: {
          courseSubId: first,
          name: '练习过关',
          kind: 'richtext',
          content: '<p>练习</p>',
          completion: { kind: 'paper', value: 100 },
        },
      }),
    )
  ).id;
  theCourse = courseId;
  lockedPaperId = await onTopic(second);
  await data(await call(s.wang, 'POST', 'course/publish', { payload: { id: courseId, published: 1 } }));
});
afterAll(() => t.close());

describe('practice from a course paper (course_paper/practice)', () => {
  it('starts or resumes the student’s practice; a wrong answer lands in their wrong-answer book', async () => {
    const started = await data(await call(s.s1, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }));
    expect(started.path).toBe(`/paper/exam/${started.attemptId}`);
    // Asked again before handing in: the same attempt.
    const again = await data(await call(s.s1, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }));
    expect(again.attemptId).toBe(started.attemptId);
    const paper: ExamPaper = await data(
      await call(s.s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: started.attemptId } }),
    );
    const q = paper.sections[0]!.questions[0]!;
    const wrong = q.items.find((i) => i.content.includes('标准公差'))!.id;
    await data(
      await call(s.s1, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: started.attemptId, answers: [{ questionId: q.id, answer: wrong, seq: 1 }] },
      }),
    );
    const book = await data(await call(s.s1, 'GET', '/api/exam/pc/wrongbook/page'));
    expect(book.records.length).toBe(1);
    const progress = async () =>
      (
        await data(await call(s.s1, 'GET', 'course_study/progress', { query: { courseId: theCourse } }))
      ).coursewares.find((c: { coursewareId: string }) => c.coursewareId === byPaper);
    expect((await progress()).completed).toBe(false);
    // Handed in: practising again is a new attempt of the same practice; a full mark completes "its paper passed".
    const next = await data(await call(s.s1, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }));
    expect(next.assignmentId).toBe(started.assignmentId);
    expect(next.attemptId).not.toBe(started.attemptId);
    const again2: ExamPaper = await data(
      await call(s.s1, 'GET', 'paper_student_question/exam_paper', { query: { paperStudentId: next.attemptId } }),
    );
    const q2 = again2.sections[0]!.questions[0]!;
    const right = q2.items.find((i) => i.content.includes('基本偏差'))!.id;
    await data(
      await call(s.s1, 'POST', 'paper_student_question/submit_exam', {
        payload: { paperStudentId: next.attemptId, answers: [{ questionId: q2.id, answer: right, seq: 1 }] },
      }),
    );
    expect((await progress()).completed).toBe(true);
    const beat = await call(s.s1, 'POST', 'course_study/heartbeat', { payload: { coursewareId: byPaper, ranges: [] } });
    expect((await data(beat)).completed).toBe(true);
    // The teacher's assignment lists do not hold a student's own practice.
    const teacherList = await data(await call(s.wang, 'GET', 'paper_teacher/list', { query: { size: '100' } }));
    expect(teacherList.records.some((r: { id: string }) => r.id === started.assignmentId)).toBe(false);
  });

  it('gives two first clicks at once one practice and one attempt', async () => {
    const other = (await t.login('S002', '123456', '596001')).access_token;
    const [a, b] = await Promise.all(
      [1, 2].map(async () =>
        data(await call(other, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } })),
      ),
    );
    expect(b.assignmentId).toBe(a.assignmentId);
    expect(b.attemptId).toBe(a.attemptId);
  });

  it('refuses a closed topic’s paper (403), teachers (403), students out of reach and unknown ids (404)', async () => {
    const other = (await t.login('S002', '123456', '596001')).access_token;
    await refused(
      await call(other, 'POST', 'course_paper/practice', { payload: { id: lockedPaperId }, lang: 'en' }),
      403,
      'Finish the previous topic “第一章 公差” before this one',
    );
    await refused(await call(s.wang, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }), 403);
    await refused(await call(s.s3, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }), 404);
    await refused(await call(s.outsider, 'POST', 'course_paper/practice', { payload: { id: coursePaperId } }), 404);
    await refused(await call(s.s1, 'POST', 'course_paper/practice', { payload: { id: UNKNOWN } }), 404);
  });
});
