import { describe, expect, it } from 'vitest';
import { isAnswered } from './answered.ts';

describe('isAnswered', () => {
  it('counts text and lists with something in them', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered('A')).toBe(true);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(['', ' '])).toBe(false);
    expect(isAnswered(['', 'x'])).toBe(true);
  });
});
