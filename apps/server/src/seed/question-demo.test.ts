import { existsSync } from 'node:fs';
import path from 'node:path';
import { QUESTION_TYPES, type QuestionType, questionProblems } from '@shixun/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_TEACHER_PASSWORD, seedAcademicDemo } from './academic-demo.ts';
import { seedQuestionDemo } from './question-demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedAcademicDemo(t.db);
  await seedQuestionDemo(t.db, t.filesDir);
  await seedQuestionDemo(t.db, t.filesDir);
});
afterAll(() => t.close());

interface Row {
  id: string;
  type: QuestionType;
  stem: string;
  answer: string;
  items: { content: string; isAnswer: number }[];
  childCount: number;
  flagIds: string[];
}

describe('the demo question bank', () => {
  it('gives teacher1 two libraries of every type, with formulas, pictures and a composite reading question', async () => {
    const token = (await t.login('teacher1', DEMO_TEACHER_PASSWORD)).access_token;
    const libs = (await t.as(token, { method: 'GET', url: '/api/jd/pc/question_lib/list' })).json().data.records;
    expect(libs.map((l: { name: string; access: string }) => [l.name, l.access]).sort()).toEqual([
      ['数学与英语题库', 'own'],
      ['机械基础题库', 'own'],
    ]);
    let all: Row[] = [];
    for (const lib of libs) {
      const page = await t.as(token, {
        method: 'GET',
        url: '/api/exam/pc/question/page',
        query: { libId: lib.id, size: '200' },
      });
      const rows: Row[] = page.json().data.records;
      expect(new Set(rows.map((r) => r.type))).toEqual(new Set(QUESTION_TYPES));
      all = all.concat(rows);
    }
    const children = all.reduce((n, r) => n + r.childCount, 0);
    expect(all.length + children).toBeGreaterThanOrEqual(60);
    for (const r of all) expect(questionProblems(r), r.stem).toEqual([]);
    expect(all.some((r) => r.stem.includes('data-type="formula" data-latex="\\frac'))).toBe(true);
    expect(all.filter((r) => r.stem.includes('Read the passage'))[0]?.childCount).toBe(3);
    expect(all.every((r) => r.flagIds.length > 0)).toBe(true);
    const pictures = all.flatMap((r) => [...r.stem.matchAll(/src="\/files\/([^"]+)"/g)].map((m) => m[1]!));
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const key of pictures) expect(existsSync(path.join(t.filesDir, key))).toBe(true);
  });

  it('shares 机械基础 with teacher2 to read, and publishes 数学与英语', async () => {
    const token = (await t.login('teacher2', DEMO_TEACHER_PASSWORD)).access_token;
    const libs = (await t.as(token, { method: 'GET', url: '/api/jd/pc/question_lib/list' })).json().data.records;
    expect(libs.map((l: { name: string; access: string }) => [l.name, l.access]).sort()).toEqual([
      ['数学与英语题库', 'public'],
      ['机械基础题库', 'read'],
    ]);
    const text = await t.as(token, {
      method: 'GET',
      url: '/api/exam/pc/question/page',
      query: { text: '公差带的位置' },
    });
    expect(text.json().data.records.map((r: Row) => r.stem)).toEqual(['<p>公差带的位置由（ ）确定。</p>']);
  });
});
