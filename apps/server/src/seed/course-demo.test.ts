import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedAssignmentDemo } from './assignment-demo.ts';
import { seedCourseDemo } from './course-demo.ts';
import { seedPaperDemo } from './paper-demo.ts';
import { seedQuestionDemo } from './question-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedQuestionDemo(t.db, t.filesDir);
  await seedPaperDemo(t.db);
  await seedAssignmentDemo(t.db);
  await seedCourseDemo(t.db, t.filesDir);
  await seedCourseDemo(t.db, t.filesDir);
});
afterAll(() => t.close());

describe('the demo course', () => {
  it('gives teacher1 机械制图与识图 with a three-level tree, a PDF, a video and a practice paper; student01 sees progress', async () => {
    const get = async (token: string, url: string, query: Record<string, string> = {}) => {
      const res = await t.as(token, { method: 'GET', url: url.startsWith('/') ? url : `/api/jd/pc/${url}`, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const teacher = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const { records } = await get(teacher, 'course/my_list');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: '机械制图与识图', published: 1, topicCount: 6, coursewareCount: 3 });
    const tree = await get(teacher, 'course_sub/tree', { courseId: records[0].id });
    expect(tree[0].children[0].children[0]).toMatchObject({ name: '1.1.1 正投影的特性', coursewareCount: 2 });
    expect(tree[1]).toMatchObject({ name: '第二章 零件图', locked: 1 });
    const wares = await get(teacher, 'courseware/list', { courseSubId: '76112' });
    expect(wares.records.map((w: { extension: string }) => w.extension)).toEqual(['pdf', 'webm']);
    for (const w of wares.records) {
      const file = await t.as(teacher, { method: 'GET', url: w.link });
      expect(file.statusCode, w.link).toBe(200);
    }
    const papers = await get(teacher, 'course_paper/list', { courseId: records[0].id });
    expect(papers.records[0]).toMatchObject({ paperTitle: '数学基础练习', paperType: 'practice' });

    const student = (await t.login('student01', DEMO_STUDENT_PASSWORD)).access_token;
    const mine = await get(student, 'course/student_course_list');
    expect(mine.records[0]).toMatchObject({ name: '机械制图与识图', completedCount: 1, percent: 33 });
    // A wrong answer of student01's links back to the video's segment that teaches its point.
    const wrong = await get(student, '/api/exam/pc/wrongbook/page', { size: '200' });
    const segments = await get(student, 'course_study/segments', {
      questionIds: wrong.records.map((w: { questionId: string }) => w.questionId).join(','),
    });
    expect(segments[0]).toMatchObject({ coursewareId: '76131', topicId: '76112', kind: 'time', start: 1, end: 6 });
    const outside = (await t.login('student11', DEMO_STUDENT_PASSWORD)).access_token;
    expect((await get(outside, 'course/student_course_list')).records).toHaveLength(0);
  });
});
