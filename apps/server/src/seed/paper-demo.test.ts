import type { PaperView } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedPaperDemo } from './paper-demo.ts';
import { seedQuestionDemo } from './question-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedQuestionDemo(t.db, t.filesDir);
  await seedPaperDemo(t.db);
  await seedPaperDemo(t.db);
});
afterAll(() => t.close());

describe('the demo papers', () => {
  it('give teacher1 an exam composed by hand and a practice drawn by a blueprint, totals right', async () => {
    const token = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const get = async (url: string) => {
      const res = await t.as(token, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const page = await get('/api/exam/pc/paper/page');
    expect(page.records.map((p: { title: string }) => p.title).sort()).toEqual(['数学基础练习', '机械基础期中考试']);
    for (const row of page.records) {
      const view = (await get(`/api/exam/pc/paper/title/tree/${row.id}`)) as PaperView;
      const sum = view.sections.reduce((s, x) => s + x.score, 0);
      expect(view.paper.totalScore).toBeGreaterThan(0);
      expect(sum).toBe(view.paper.totalScore);
      expect(view.sections.every((s) => s.questionCount > 0)).toBe(true);
      if (row.paperType === 'exam') {
        expect(view.sections.map((s) => s.name)).toEqual([
          '一、单项选择题',
          '二、多项选择题',
          '三、判断题',
          '四、填空题',
          '五、简答题',
        ]);
        expect(view.paper.passScore).toBe(Math.round(view.paper.totalScore * 0.6));
      } else {
        expect(view.paper).toMatchObject({ composeMode: 'random', blueprint: { seed: 20261125 } });
      }
    }
  });
});
