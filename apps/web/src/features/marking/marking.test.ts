import type { AttemptReview, MarkingQuestion, ReviewQuestion } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import {
  afterEnter,
  answerMarks,
  changedMarks,
  clampScore,
  fileLink,
  findQuestion,
  firstToMark,
  initialMark,
  leafQuestions,
  markedPercent,
  markingProgress,
  markingTotals,
  nextOf,
  orderQuestions,
  pointsScore,
  quickScores,
  reviewMarks,
  validScore,
} from './marking.ts';

describe('scores', () => {
  it('are bounded by the question’s score and kept in tenths', () => {
    expect(clampScore(12, 10)).toBe(10);
    expect(clampScore(-1, 10)).toBe(0);
    expect(clampScore(3.14, 10)).toBe(3.1);
    expect(validScore(10, 10)).toBe(true);
    expect(validScore(0, 10)).toBe(true);
    expect(validScore(2.5, 10)).toBe(true);
    expect(validScore(1.1 * 3, 10)).toBe(true);
    expect(validScore(10.5, 10)).toBe(false);
    expect(validScore(-0.5, 10)).toBe(false);
    expect(validScore(2.55, 10)).toBe(false);
    expect(validScore(null, 10)).toBe(false);
    expect(validScore(Number.NaN, 10)).toBe(false);
  });

  it('offer nothing, half and full marks', () => {
    expect(quickScores(10)).toEqual([0, 5, 10]);
    expect(quickScores(5)).toEqual([0, 2.5, 5]);
    expect(quickScores(3)).toEqual([0, 1.5, 3]);
    expect(quickScores(0)).toEqual([0]);
  });
});

describe('marks', () => {
  it('start from the teacher’s score, else the automatic one; none while awaiting a teacher', () => {
    expect(initialMark({ manualScore: 4, autoScore: 2, result: 'partial', comment: '好' })).toEqual({
      score: 4,
      comment: '好',
    });
    expect(initialMark({ manualScore: null, autoScore: 2, result: 'partial', comment: '' }).score).toBe(2);
    expect(initialMark({ manualScore: null, autoScore: null, result: 'pending', comment: '' }).score).toBeNull();
  });

  it('send only what changed and can be saved', () => {
    const stored = {
      a: { score: null, comment: '' },
      b: { score: 3, comment: '' },
      c: { score: 2, comment: 'ok' },
      d: { score: 1, comment: '' },
    };
    const edits = {
      a: { score: 4, comment: '  条理清楚 ' },
      b: { score: 3, comment: '' },
      c: { score: 2, comment: 'ok ' },
      d: { score: 12, comment: '' },
      e: { score: null, comment: 'x' },
    };
    expect(changedMarks(edits, stored, () => 10)).toEqual([{ id: 'a', score: 4, comment: '条理清楚' }]);
    expect(changedMarks({ b: { score: 0, comment: '' } }, stored, () => 10)).toEqual([
      { id: 'b', score: 0, comment: '' },
    ]);
  });
});

const mq = (id: string, fields: Partial<MarkingQuestion> = {}): MarkingQuestion => ({
  id,
  no: id,
  type: 'single',
  score: 2,
  stem: '',
  manual: false,
  answered: 10,
  toMark: 0,
  marked: 0,
  points: [],
  ...fields,
});

describe('questions', () => {
  const questions = [
    mq('1'),
    mq('2', { type: 'short', manual: true, toMark: 0, marked: 10 }),
    mq('3'),
    mq('4', { type: 'file', manual: true, toMark: 4, marked: 6 }),
  ];

  it('put those marked by hand first, in paper order', () => {
    expect(orderQuestions(questions).map((q) => q.id)).toEqual(['2', '4', '1', '3']);
  });

  it('open at the first with answers awaiting marking', () => {
    expect(firstToMark(orderQuestions(questions))).toBe('4');
    expect(firstToMark([mq('1'), mq('2')])).toBe('1');
    expect(firstToMark([])).toBeUndefined();
  });

  it('show how far marking has come', () => {
    expect(markedPercent({ answered: 10, toMark: 4 })).toBe(60);
    expect(markedPercent({ answered: 0, toMark: 0 })).toBe(100);
    expect(markingTotals(questions)).toEqual({ answered: 20, toMark: 4, percent: 80 });
    expect(markingTotals([mq('1')])).toEqual({ answered: 0, toMark: 0, percent: 100 });
  });

  it('say in the label what the bar shows: scored automatically, never "marked 0/1" under a full bar', () => {
    expect(markingProgress(mq('1', { answered: 1 }))).toEqual({ done: 1, of: 1, percent: 100, auto: true });
    // A teacher's mark on an automatically scored question (a correction) counts as marked.
    expect(markingProgress(mq('1', { answered: 2, marked: 1 })).auto).toBe(false);
    expect(markingProgress(mq('4', { type: 'file', manual: true, toMark: 4, marked: 6 }))).toEqual({
      done: 6,
      of: 10,
      percent: 60,
      auto: false,
    });
    // Blank answers to a question marked by hand are scored 0 at once: done, as the bar says.
    expect(markingProgress(mq('2', { type: 'short', manual: true, answered: 3, toMark: 1, marked: 1 }))).toMatchObject({
      done: 2,
      percent: 67,
    });
  });
});

describe('scoring points', () => {
  const points = [
    { id: 'p1', content: '读主尺', score: 0.1 },
    { id: 'p2', content: '读游标', score: 0.2 },
    { id: 'p3', content: '相加', score: 2 },
  ];
  it('make the mark of those ticked, added in tenths', () => {
    expect(pointsScore(points, ['p1', 'p2'])).toBe(0.3);
    expect(pointsScore(points, ['p3', 'p1'])).toBe(2.1);
    expect(pointsScore(points, [])).toBe(0);
    expect(pointsScore(points, ['gone'])).toBe(0);
  });
});

describe('answer order', () => {
  it('goes on to the next', () => {
    expect(nextOf(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextOf(['a', 'b', 'c'], 'c')).toBeUndefined();
    expect(nextOf(['a'], 'x')).toBeUndefined();
  });

  it('goes on past the end of a page to the next page, and stops after the last', () => {
    expect(afterEnter(['a', 'b'], 'a', { current: 1, pages: 3 })).toEqual({ id: 'b' });
    expect(afterEnter(['a', 'b'], 'b', { current: 1, pages: 3 })).toEqual({ page: 2 });
    expect(afterEnter(['a', 'b'], 'b', { current: 3, pages: 3 })).toBeNull();
    expect(afterEnter(['a', 'b'], 'x', { current: 1, pages: 3 })).toBeNull();
  });
});

const rq = (id: string, fields: Partial<ReviewQuestion> = {}): ReviewQuestion => ({
  id,
  no: id,
  type: 'short',
  score: 5,
  stem: '',
  blanks: 0,
  answerId: `ans-${id}`,
  answer: 'text',
  result: 'pending',
  earned: 0,
  autoScore: null,
  manualScore: null,
  comment: '',
  items: [],
  children: [],
  ...fields,
});

describe('a reviewed attempt', () => {
  const review = {
    sections: [
      {
        id: 's1',
        name: '一',
        remark: '',
        score: 10,
        questions: [rq('1', { type: 'single', result: 'right', autoScore: 2 })],
      },
      {
        id: 's2',
        name: '二',
        remark: '',
        score: 10,
        questions: [
          rq('2', {
            type: 'composite',
            answerId: null,
            children: [rq('2a'), rq('2b', { answerId: null, answer: null })],
          }),
          rq('3', { manualScore: 4, result: 'partial', comment: '再具体些' }),
        ],
      },
    ],
  } as unknown as AttemptReview;

  it('lists its answerable questions in paper order', () => {
    expect(leafQuestions(review.sections).map((q) => q.id)).toEqual(['1', '2a', '2b', '3']);
    expect(findQuestion(review, '2b')?.id).toBe('2b');
    expect(findQuestion(review, 'nope')).toBeUndefined();
    expect(findQuestion(undefined, '1')).toBeUndefined();
  });

  it('gives the marks of its answers', () => {
    expect(reviewMarks(review)).toEqual({
      'ans-1': { score: 2, comment: '' },
      'ans-2a': { score: null, comment: '' },
      'ans-3': { score: 4, comment: '再具体些' },
    });
    expect(
      answerMarks([
        {
          id: 'x',
          paperStudentId: 'p',
          studentName: '',
          studentNo: '',
          className: '',
          answer: 'a',
          result: 'wrong',
          autoScore: 0,
          manualScore: null,
          comment: '',
          markTime: null,
        },
      ]),
    ).toEqual({ x: { score: 0, comment: '' } });
  });
});

describe('fileLink', () => {
  it('links stored files by their name', () => {
    expect(fileLink('/api/blade-resource/oss/file/abc/%E6%8A%A5%E5%91%8A.docx')).toEqual({
      href: '/api/blade-resource/oss/file/abc/%E6%8A%A5%E5%91%8A.docx',
      name: '报告.docx',
    });
    expect(fileLink('https://bucket.example.com/a/b.pdf?sig=1')).toEqual({
      href: 'https://bucket.example.com/a/b.pdf?sig=1',
      name: 'b.pdf',
    });
    expect(fileLink(JSON.stringify({ link: '/files/x.png', originalName: '图.png' }))).toEqual({
      href: '/files/x.png',
      name: '图.png',
    });
  });

  it('never links other schemes', () => {
    expect(fileLink('javascript:alert(1)').href).toBeUndefined();
    expect(fileLink('//evil.example.com/x').href).toBeUndefined();
    expect(fileLink('data:text/html,hi').href).toBeUndefined();
  });
});
