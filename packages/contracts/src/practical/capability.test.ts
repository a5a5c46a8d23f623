import { describe, expect, it } from 'vitest';
import { capability, histogram } from './capability.ts';

describe('a class’s capability on one item', () => {
  it('centred: Cp = Cpk, by hand (σ = √0.0002)', () => {
    const c = capability([24.98, 25.0, 25.02, 25.0, 25.0], { lower: 24.95, upper: 25.05, nominal: 25 });
    expect(c.n).toBe(5);
    expect(c.mean).toBeCloseTo(25, 10);
    expect(c.sd).toBeCloseTo(0.0141421356, 8);
    expect(c.shift).toBeCloseTo(0, 10);
    expect(c.cp).toBeCloseTo(1.178511, 5);
    expect(c.cpk).toBeCloseTo(1.178511, 5);
  });

  it('shifted: Cp 1.667 (the spread fits), Cpk 1.0 (where it sits does not)', () => {
    const c = capability([25.01, 25.03, 25.02], { lower: 24.95, upper: 25.05, nominal: 25 });
    expect(c.mean).toBeCloseTo(25.02, 10);
    expect(c.sd).toBeCloseTo(0.01, 10);
    expect(c.shift).toBeCloseTo(0.02, 10);
    expect(c.cp).toBeCloseTo(5 / 3, 8);
    expect(c.cpu).toBeCloseTo(1, 8);
    expect(c.cpl).toBeCloseTo(7 / 3, 8);
    expect(c.cpk).toBeCloseTo(1, 8);
  });

  it('one-sided (Ra ≤ 3.2): only Cpu, and it is the Cpk', () => {
    const c = capability([1.6, 2.0, 2.4], { upper: 3.2, nominal: 0 });
    expect(c.sd).toBeCloseTo(0.4, 10);
    expect(c.cp).toBeUndefined();
    expect(c.cpl).toBeUndefined();
    expect(c.cpu).toBeCloseTo(1, 10);
    expect(c.cpk).toBeCloseTo(1, 10);
  });

  it('says nothing of capability from one value, or from values all alike', () => {
    expect(capability([25], { lower: 24.95, upper: 25.05, nominal: 25 })).toEqual({ n: 1, mean: 25, sd: 0, shift: 0 });
    expect(capability([25, 25], { lower: 24.95, upper: 25.05, nominal: 25 }).cpk).toBeUndefined();
    expect(capability([], { nominal: 25 })).toEqual({ n: 0, mean: 0, sd: 0, shift: -25 });
  });
});

describe('a histogram of measured values', () => {
  it('counts values in bins of the resolution, spanning the tolerance band', () => {
    const bins = histogram([25.0, 25.01, 25.01, 25.04], 0.01, { lower: 24.98, upper: 25.02 });
    expect(bins.map((b) => Math.round(b.from * 100) / 100)).toEqual([24.98, 24.99, 25, 25.01, 25.02, 25.03, 25.04]);
    expect(bins.map((b) => b.count)).toEqual([0, 0, 1, 2, 0, 0, 1]);
  });

  it('widens its bins to stay within the most it draws', () => {
    const bins = histogram([0, 1], 0.01, {}, 10);
    expect(bins.length).toBeLessThanOrEqual(10);
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(2);
    expect(histogram([], 0.01, {})).toEqual([]);
  });
});
