import { describe, expect, it } from 'vitest';
import { drawnQuestions } from '../assignment/assignment.draw.ts';
import { layoutFor, seedOf } from '../assignment/assignment.layout.ts';
import { type GradedQuestion, gradeAnswer } from './attempt.grade.ts';

const item = (id: string, isAnswer = 0, content = '', score = 0, config: unknown = {}) => ({
  id,
  content,
  isAnswer,
  score,
  config,
});
const single: GradedQuestion = { type: 'single', score: 2, answer: '', items: [item('a', 1), item('b')] };
const multiple: GradedQuestion = {
  type: 'multiple',
  score: 4,
  answer: '',
  items: [item('a', 1), item('b', 1), item('c'), item('d', 1)],
};

describe('grading', () => {
  it('grades single and true-or-false answers exactly, and a blank as blank', () => {
    expect(gradeAnswer(single, 'a', 'all')).toEqual({ result: 'right', autoScore: 2 });
    expect(gradeAnswer(single, 'b', 'all')).toEqual({ result: 'wrong', autoScore: 0 });
    expect(gradeAnswer(single, null, 'all')).toEqual({ result: 'blank', autoScore: 0 });
    const judge: GradedQuestion = { type: 'judge', score: 1, answer: 'F', items: [] };
    expect(gradeAnswer(judge, 'F', 'all').result).toBe('right');
    expect(gradeAnswer(judge, 'T', 'all').result).toBe('wrong');
  });

  it('grades multiple choice all-or-nothing, or partly for a correct subset with nothing for a wrong choice', () => {
    expect(gradeAnswer(multiple, ['d', 'a', 'b'], 'all')).toEqual({ result: 'right', autoScore: 4 });
    expect(gradeAnswer(multiple, ['a', 'b'], 'all')).toEqual({ result: 'wrong', autoScore: 0 });
    expect(gradeAnswer(multiple, ['a', 'b'], 'partial')).toEqual({ result: 'partial', autoScore: 2.7 });
    expect(gradeAnswer(multiple, ['a', 'c'], 'partial')).toEqual({ result: 'wrong', autoScore: 0 });
  });

  it('grades blanks by accepted answers under each blank’s rules, sharing the score by the blanks’ weights', () => {
    const fill: GradedQuestion = {
      type: 'fill',
      score: 3,
      answer: '',
      items: [item('x', 0, '<p>基孔制|基孔</p>', 2), item('y', 0, 'H7', 1, { ignoreWidth: true, ignoreSpace: true })],
    };
    expect(gradeAnswer(fill, [' 基孔制 ', 'ｈ ７'], 'all')).toEqual({ result: 'right', autoScore: 3 });
    expect(gradeAnswer(fill, ['基孔', 'H8'], 'all')).toEqual({ result: 'partial', autoScore: 2 });
    expect(gradeAnswer(fill, ['基轴制', ''], 'all')).toEqual({ result: 'wrong', autoScore: 0 });
    const strict: GradedQuestion = { ...fill, items: [item('z', 0, 'Fe', 3, { caseSensitive: true })] };
    expect(gradeAnswer(strict, ['fe'], 'all').result).toBe('wrong');
  });

  it('leaves short answers to a teacher unless blank', () => {
    const short: GradedQuestion = { type: 'short', score: 10, answer: '', items: [] };
    expect(gradeAnswer(short, '因为……', 'all')).toEqual({ result: 'pending', autoScore: null });
    expect(gradeAnswer(short, '  ', 'all')).toEqual({ result: 'blank', autoScore: 0 });
  });
});

describe('a student’s paper', () => {
  const questions = [
    { id: '1', parentId: '0', titleId: 's1', optionIds: ['a', 'b', 'c', 'd'] },
    { id: '2', parentId: '0', titleId: 's1' },
    { id: '3', parentId: '0', titleId: 's1' },
    { id: '4', parentId: '0', titleId: 's2' },
    { id: '5', parentId: '4', titleId: 's2' },
    { id: '6', parentId: '4', titleId: 's2' },
    { id: '7', parentId: '0', titleId: 's2' },
  ];
  it('keeps the paper’s order unless shuffling, and shuffles only within sections, children after their composite', () => {
    const plain = layoutFor(questions, { shuffleQuestions: false, shuffleOptions: false, seed: 1 });
    expect(plain.map((e) => e.q)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const orders = new Set<string>();
    for (const student of ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6']) {
      const mixed = layoutFor(questions, { shuffleQuestions: true, shuffleOptions: true, seed: seedOf(student) });
      const ids = mixed.map((e) => e.q);
      orders.add(ids.join());
      expect(new Set(ids.slice(0, 3))).toEqual(new Set(['1', '2', '3']));
      expect(ids.indexOf('5')).toBe(ids.indexOf('4') + 1);
      expect(ids.indexOf('6')).toBe(ids.indexOf('4') + 2);
      expect([...(mixed.find((e) => e.q === '1')?.o ?? [])].sort()).toEqual(['a', 'b', 'c', 'd']);
      // The same student gets the same paper again.
      expect(layoutFor(questions, { shuffleQuestions: true, shuffleOptions: true, seed: seedOf(student) })).toEqual(
        mixed,
      );
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('a draw per student', () => {
  const pool = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `row-${prefix}${i}`] as [string, string]);
  const draw = {
    rules: [
      { count: 2, pool: pool(6, 'a') },
      { count: 1, pool: pool(3, 'b') },
    ],
  };
  const questions = draw.rules.flatMap((r) =>
    r.pool.map(([, row]) => ({ id: row, parentId: '0', titleId: row.startsWith('row-a') ? 's1' : 's2' })),
  );
  it('gives each student their own questions from the frozen pools, the same again for the same seed', () => {
    const papers = new Set<string>();
    for (const student of ['1', '2', '3', '4', '5']) {
      const mine = drawnQuestions(draw, questions, seedOf(student)).map((q) => q.id);
      expect(mine).toHaveLength(3);
      expect(mine.slice(0, 2).every((id) => id.startsWith('row-a'))).toBe(true);
      expect(mine[2]!.startsWith('row-b')).toBe(true);
      expect(drawnQuestions(draw, questions, seedOf(student)).map((q) => q.id)).toEqual(mine);
      papers.add(mine.join());
    }
    expect(papers.size).toBeGreaterThan(1);
  });
});
