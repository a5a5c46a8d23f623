import { type QuestionDraft, scoreMismatch } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { MATHS, MECHANICS } from './question-demo-data.ts';

// Issue 26: the demo bank obeys the rule the editor, the server and every import hold questions to.
describe('the demo questions', () => {
  it('have scores that agree with their points, blanks and children', () => {
    const wrong: string[] = [];
    const walk = (d: Partial<QuestionDraft> & Pick<QuestionDraft, 'type' | 'stem'>) => {
      const children = d.children ?? [];
      // 2: what question-demo.ts gives a draft without a score.
      const mismatch = scoreMismatch(
        { type: d.type, score: d.score ?? 2, items: d.items ?? [] },
        d.type === 'composite' ? children.map((c) => c.score ?? 2) : undefined,
      );
      if (mismatch) wrong.push(`${d.stem.slice(0, 30)}: ${JSON.stringify(mismatch.params)}`);
      children.forEach(walk);
    };
    for (const d of [...MECHANICS, ...MATHS]) walk(d);
    expect(wrong).toEqual([]);
  });
});
