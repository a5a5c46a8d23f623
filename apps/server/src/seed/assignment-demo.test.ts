import type { Assignment, AssignmentResults, MyAssignment, Page, ResultStudent } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedAssignmentDemo } from './assignment-demo.ts';
import { seedPaperDemo } from './paper-demo.ts';
import { seedQuestionDemo } from './question-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedQuestionDemo(t.db, t.filesDir);
  await seedPaperDemo(t.db);
  await seedAssignmentDemo(t.db);
  await seedAssignmentDemo(t.db);
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the demo class’s assignments', () => {
  it('give 成绩分析 a closed, marked, released exam, and student01 results, practice and an open exam', async () => {
    const teacher = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const list: Assignment[] = (await get(teacher, '/api/jd/pc/paper_teacher/page?size=50')).records;
    expect(list.map((a) => [a.title, a.kind, a.state]).sort()).toEqual([
      ['数学基础练习', 'practice', 'open'],
      ['机械基础单元测验', 'exam', 'open'],
      ['机械基础期中考试', 'exam', 'released'],
    ]);
    const closed = list.find((a) => a.state === 'released')!;
    expect(closed.progress).toMatchObject({ students: 10, submitted: 9, marked: 9, toMark: 0 });
    const results: AssignmentResults = await get(teacher, `/api/jd/pc/paper_teacher/results/${closed.id}`);
    expect(results.summary).toMatchObject({ students: 10, submitted: 9, absent: 1, toMark: 0 });
    expect(results.summary.mean).toBeGreaterThan(0);
    const students: Page<ResultStudent> = await get(
      teacher,
      `/api/jd/pc/paper_teacher/results/${closed.id}/students?size=50`,
    );
    expect(new Set(students.records.map((s) => s.score)).size).toBeGreaterThan(3);

    const student = (await t.login('student01', DEMO_STUDENT_PASSWORD)).access_token;
    const mine: MyAssignment[] = await get(student, '/api/jd/pc/paper_student/my');
    expect(mine.find((m) => m.title === '机械基础期中考试')!.attempt).toMatchObject({
      released: true,
      state: 'marked',
    });
    expect(mine.find((m) => m.title === '机械基础单元测验')).toMatchObject({ canTake: true });
    expect(mine.find((m) => m.kind === 'practice')).toMatchObject({ canTake: true });
    expect((await get(student, '/api/exam/pc/wrongbook/page')).total).toBeGreaterThan(0);
  });
});
