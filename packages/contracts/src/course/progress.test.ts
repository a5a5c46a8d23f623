import { describe, expect, it } from 'vitest';
import { beatCap, creditRanges, MAX_BEAT_GAP, MAX_STUDY_RATE, mergeRanges, watchedSeconds } from './progress.ts';

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

describe('credited ranges (the heartbeat)', () => {
  it('credits only what is new: overlaps with stored ranges count once, adjacent ranges join', () => {
    expect(creditRanges([[0, 30]], [[20, 50]], 100)).toEqual({ ranges: [[0, 50]], credited: 20 });
    expect(creditRanges([[0, 30]], [[30, 40]], 100)).toEqual({ ranges: [[0, 40]], credited: 10 });
    expect(creditRanges([[10, 20]], [[0, 40]], 100)).toEqual({ ranges: [[0, 40]], credited: 30 });
  });

  it('a seek forward does not credit the gap it jumps over', () => {
    expect(
      creditRanges(
        [[0, 15]],
        [
          [15, 20],
          [300, 310],
        ],
        100,
      ),
    ).toEqual({
      ranges: [
        [0, 20],
        [300, 310],
      ],
      credited: 15,
    });
  });

  it('caps what one beat credits at the clock time since the last beat × the rate: a drag to the end is not watching', () => {
    // 15 s since the last beat at 2× at most: 30 s of a "watched" [0, 600).
    expect(beatCap(15)).toBe(30);
    expect(creditRanges([], [[0, 600]], beatCap(15))).toEqual({ ranges: [[0, 30]], credited: 30 });
    // A long silence counts MAX_BEAT_GAP seconds of clock; a clock gone backwards counts none.
    expect(beatCap(3600)).toBe(MAX_BEAT_GAP * MAX_STUDY_RATE);
    expect(beatCap(-5)).toBe(0);
    expect(creditRanges([[0, 10]], [[5, 100]], 0)).toEqual({ ranges: [[0, 10]], credited: 0 });
  });
});
