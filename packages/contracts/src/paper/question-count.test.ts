import { describe, expect, it } from 'vitest';
import type { QuestionType } from '../question/question-types.ts';
import { countAnswerable, countPaperQuestions, isAnswerable } from './question-count.ts';

interface Q {
  type: QuestionType;
  children: Q[];
}
const q = (type: QuestionType, children: Q[] = []): Q => ({ type, children });

describe('countAnswerable', () => {
  it('counts a composite as its parts, not itself', () => {
    // 6 plain questions and a composite of 2 parts: the teacher saw 7, the student 8 — the rule says 8.
    const questions = [...Array.from({ length: 6 }, () => q('single')), q('composite', [q('fill'), q('short')])];
    expect(countAnswerable(questions)).toBe(8);
  });

  it('leaves out practical work and an empty composite', () => {
    expect(['single', 'fill', 'short', 'file'].every((t) => isAnswerable(t as QuestionType))).toBe(true);
    expect(isAnswerable('practical') || isAnswerable('composite')).toBe(false);
    expect(countAnswerable([q('practical'), q('composite'), q('judge')])).toBe(1);
    expect(countAnswerable([q('composite', [q('practical'), q('multiple')])])).toBe(1);
  });

  it('sums sections and their sub-sections', () => {
    const sections = [
      { questions: [q('single')], children: [{ questions: [q('composite', [q('fill'), q('fill')])] }] },
      { questions: [q('file'), q('short')] },
    ];
    expect(countPaperQuestions(sections)).toBe(5);
    expect(countPaperQuestions([])).toBe(0);
  });
});
