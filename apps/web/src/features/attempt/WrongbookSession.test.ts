import type { PracticeFeedback } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { outcomeOf, tally } from './WrongbookSession.tsx';

describe('全部练习 summary', () => {
  it('counts right, wrong (partly right included: it stays to revise) and not checked (short answers too)', () => {
    const f = (result: PracticeFeedback['result']): PracticeFeedback => ({ result });
    const feedback = { a: f('right'), b: f('wrong'), c: f('partial'), d: f('pending') };
    expect(tally(['a', 'b', 'c', 'd', 'e'], feedback)).toEqual({ total: 5, right: 1, wrong: 2, unchecked: 2 });
    expect(outcomeOf(undefined)).toBe('blank');
    expect(outcomeOf(f('right'))).toBe('right');
  });
});
