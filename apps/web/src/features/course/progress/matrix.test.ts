import { describe, expect, it } from 'vitest';
import { clock, steepestDrop, summarize, topicColumns, topicsWithoutWares } from './matrix.ts';

const student = (percent: number, completedCount: number) => ({
  studentId: String(percent),
  no: '',
  name: '',
  percent,
  completedCount,
  topics: [],
});

describe('class progress summary', () => {
  it('averages the overall per cent and counts who finished and who began', () => {
    expect(summarize({ students: [student(100, 4), student(50, 2), student(0, 0)] })).toEqual({
      students: 3,
      average: 50,
      finished: 1,
      started: 2,
    });
  });

  it('an empty class has nothing to average', () => {
    expect(summarize({ students: [] })).toEqual({ students: 0, average: 0, finished: 0, started: 0 });
  });

  it('a course without coursewares finishes nobody', () => {
    expect(summarize({ students: [student(0, 0)] }).finished).toBe(0);
  });
});

describe('topic columns', () => {
  it('each topic knows its chapter, sections follow theirs', () => {
    const cols = topicColumns([
      { id: 'a', name: '第一章', depth: 0 },
      { id: 'b', name: '1.1', depth: 1 },
      { id: 'c', name: '1.1.1', depth: 2 },
      { id: 'd', name: '第二章', depth: 0 },
    ]);
    expect(cols.map((c) => [c.index, c.chapter, c.depth])).toEqual([
      [0, '第一章', 0],
      [1, '第一章', 1],
      [2, '第一章', 2],
      [3, '第二章', 0],
    ]);
  });
});

describe('where a video loses its viewers', () => {
  it('finds the tenth with the largest fall', () => {
    expect(steepestDrop([100, 90, 90, 40, 35, 30, 30, 30, 20, 20])).toEqual({ tenth: 3, points: 50 });
  });

  it('no fall, no answer', () => {
    expect(steepestDrop([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeUndefined();
    expect(steepestDrop([100, 100, 100, 100, 100, 100, 100, 100, 100, 100])).toBeUndefined();
  });
});

describe('clock', () => {
  it('minutes and seconds, hours when long', () => {
    expect(clock(65)).toBe('1:05');
    expect(clock(3665)).toBe('1:01:05');
    expect(clock(0)).toBe('0:00');
  });
});

describe('topics without coursewares', () => {
  it('a topic counts its own and those below it', () => {
    const empty = topicsWithoutWares([
      {
        id: 'a',
        coursewareCount: 0,
        children: [
          { id: 'a1', coursewareCount: 2 },
          { id: 'a2', coursewareCount: 0 },
        ],
      },
      { id: 'b', coursewareCount: 0, children: [{ id: 'b1', coursewareCount: 0 }] },
    ]);
    expect([...empty].sort()).toEqual(['a2', 'b', 'b1']);
  });
});
