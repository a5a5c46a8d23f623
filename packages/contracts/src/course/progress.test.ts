import { describe, expect, it } from 'vitest';
import { mergeRanges, watchedSeconds } from './progress.ts';

describe('watched ranges', () => {
  it('merges overlapping and touching ranges, drops empty ones, keeps gaps', () => {
    expect(
      mergeRanges([
        [30, 40],
        [0, 10],
        [10, 15],
        [35, 50],
        [60, 60],
        [70, 65],
      ]),
    ).toEqual([
      [0, 15],
      [30, 50],
    ]);
  });

  it('counts seconds watched once, capped at the duration: a seek to the end is not watching', () => {
    expect(
      watchedSeconds([
        [0, 20],
        [10, 30],
      ]),
    ).toBe(30);
    expect(
      watchedSeconds(
        [
          [0, 5],
          [118, 130],
        ],
        120,
      ),
    ).toBe(7);
  });
});
