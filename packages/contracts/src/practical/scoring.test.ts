import { describe, expect, it } from 'vitest';
import { judgeCheck, judgeMeasure } from './inspection.ts';
import { type ItemOutcome, type PointSpec, scorePoint, scoreTask } from './scoring.ts';

const pass = (weight = 1): ItemOutcome => ({ weight, judgement: judgeCheck(true) });
const fail = (weight = 1): ItemOutcome => ({ weight, judgement: judgeCheck(false) });
const missing = (weight = 1): ItemOutcome => ({ weight, judgement: judgeCheck(undefined) });
const part = (fraction: number, weight = 1): ItemOutcome => ({
  weight,
  judgement: { state: 'pass', remeasure: false, fraction },
});
const point = (rule: PointSpec['rule'], more: Partial<PointSpec> = {}): PointSpec => ({
  score: 10,
  rule,
  critical: false,
  ...more,
});

describe('an assessment point’s score', () => {
  it('all or nothing: full when every item passes, else 0', () => {
    expect(scorePoint(point('all'), [pass(), pass()])).toMatchObject({ score: 10, passed: true, complete: true });
    expect(scorePoint(point('all'), [pass(), fail()])).toMatchObject({ score: 0, passed: false, complete: true });
    expect(scorePoint(point('all'), [pass(), missing()])).toMatchObject({ score: 0, passed: false, complete: false });
    expect(scorePoint(point('all'), [])).toMatchObject({ score: 0, passed: false, complete: true });
  });

  it('proportional to the weighted share of credit, to one decimal; bands’ part marks count', () => {
    expect(scorePoint(point('proportional'), [pass(2), fail(1)])).toMatchObject({ score: 6.7, share: 2 / 3 });
    expect(scorePoint(point('proportional'), [part(0.5), pass()]).score).toBe(7.5);
    expect(scorePoint(point('proportional', { score: 5 }), [pass(), fail(), fail()]).score).toBe(1.7);
    expect(scorePoint(point('proportional'), [fail(), fail()]).score).toBe(0);
  });

  it('banded: the share picks the band', () => {
    const bands = [
      { atLeast: 0.6, fraction: 0.5 },
      { atLeast: 0.9, fraction: 1 },
    ];
    const spec = point('banded', { bands });
    expect(scorePoint(spec, [pass(), pass(), pass(), pass(), pass()]).score).toBe(10);
    expect(scorePoint(spec, [pass(), pass(), pass(), fail(), fail()]).score).toBe(5);
    expect(scorePoint(spec, [pass(), pass(), fail(), fail(), fail()]).score).toBe(0);
  });

  it('judgement: the examiner’s score held to the bounds; the proportional score offered until given', () => {
    const spec = point('judgement', { min: 2, max: 8 });
    expect(scorePoint(spec, [pass(), fail()])).toMatchObject({ score: 0, suggested: 5 });
    expect(scorePoint(spec, [pass(), pass()]).suggested).toBe(8);
    expect(scorePoint(spec, [pass(), fail()], 7.25).score).toBe(7.3);
    expect(scorePoint(spec, [pass(), fail()], 9).score).toBe(8);
    expect(scorePoint(spec, [pass(), fail()], 0).score).toBe(2);
    expect(scorePoint(point('judgement'), [pass()], 10).score).toBe(10);
  });

  it('waits for a second reading when an item is in the guard band', () => {
    const spec = {
      kind: 'measure' as const,
      nominal: '25',
      lowerDeviation: '-0.05',
      upperDeviation: '0.05',
      resolution: '0.01',
    };
    const near = { weight: 1, judgement: judgeMeasure(spec, '25.05') };
    expect(scorePoint(point('all'), [near, pass()])).toMatchObject({ score: 10, remeasure: true });
  });
});

describe('a task’s score', () => {
  it('is the sum of its points; a failed critical point fails the task, keeping what was earned to show', () => {
    const safety = point('all', { score: 5, critical: true });
    const size = point('proportional', { score: 10 });
    const ok = scoreTask([
      { spec: safety, result: scorePoint(safety, [pass()]) },
      { spec: size, result: scorePoint(size, [pass(), fail()]) },
    ]);
    expect(ok).toEqual({ score: 10, earned: 10, criticalFailed: [], complete: true, remeasure: false });
    const unsafe = scoreTask([
      { spec: size, result: scorePoint(size, [pass(), pass()]) },
      { spec: safety, result: scorePoint(safety, [fail()]) },
    ]);
    expect(unsafe).toEqual({ score: 0, earned: 10, criticalFailed: [1], complete: true, remeasure: false });
  });

  it('does not fail on a critical point not yet recorded', () => {
    const safety = point('all', { score: 5, critical: true });
    const result = scoreTask([{ spec: safety, result: scorePoint(safety, [missing()]) }]);
    expect(result).toMatchObject({ score: 0, criticalFailed: [], complete: false });
  });

  it('adds to one decimal without drift', () => {
    const p = point('proportional', { score: 0.3 });
    const r = scorePoint(p, [pass()]);
    expect(
      scoreTask([
        { spec: p, result: r },
        { spec: p, result: r },
        { spec: p, result: r },
      ]).score,
    ).toBe(0.9);
  });
});
