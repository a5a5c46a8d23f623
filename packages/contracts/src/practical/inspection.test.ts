import { describe, expect, it } from 'vitest';
import { type InspectionSpec, inspectionProblems, judgeCheck, judgeMeasure, readingsDisagree } from './inspection.ts';

/** Ø25 −0.02/+0.01, read on a micrometer (0.01 …) or a caliper (0.02). */
const shaft = (resolution = '0.01', more: Partial<InspectionSpec> = {}): InspectionSpec => ({
  kind: 'measure',
  nominal: '25.00',
  lowerDeviation: '-0.05',
  upperDeviation: '0.05',
  resolution,
  ...more,
});

describe('a measured value against its tolerance', () => {
  it('passes inside the limits and exactly on them, fails beyond; the deviation is worked out exactly', () => {
    expect(judgeMeasure(shaft(), '25.00')).toEqual({
      state: 'pass',
      value: '25.00',
      deviation: '0.00',
      remeasure: false,
      fraction: 1,
    });
    expect(judgeMeasure(shaft(), '25.05')).toMatchObject({ state: 'pass', deviation: '0.05' });
    expect(judgeMeasure(shaft(), '24.95')).toMatchObject({ state: 'pass', deviation: '-0.05' });
    expect(judgeMeasure(shaft(), '25.06')).toMatchObject({ state: 'fail', deviation: '0.06', fraction: 0 });
    expect(judgeMeasure(shaft(), '24.94')).toMatchObject({ state: 'fail', deviation: '-0.06', fraction: 0 });
  });

  it('flags a value within one resolution step of a limit, inside or out, for a second reading', () => {
    expect(judgeMeasure(shaft(), '25.04')).toMatchObject({ state: 'pass', remeasure: true });
    expect(judgeMeasure(shaft(), '25.05')).toMatchObject({ state: 'pass', remeasure: true });
    expect(judgeMeasure(shaft(), '25.06')).toMatchObject({ state: 'fail', remeasure: true });
    expect(judgeMeasure(shaft(), '25.07')).toMatchObject({ state: 'fail', remeasure: false });
    expect(judgeMeasure(shaft(), '25.03')).toMatchObject({ state: 'pass', remeasure: false });
    expect(judgeMeasure(shaft(), '24.96')).toMatchObject({ state: 'pass', remeasure: true });
    // A coarser instrument has a wider guard band.
    expect(judgeMeasure(shaft('0.02'), '25.03')).toMatchObject({ value: '25.04', remeasure: true });
  });

  it('reads the value to the instrument’s resolution before judging it', () => {
    // 25.051 on a micrometer reads 25.05: in tolerance; 25.055 reads 25.06: out.
    expect(judgeMeasure(shaft(), '25.051')).toMatchObject({ value: '25.05', state: 'pass' });
    expect(judgeMeasure(shaft(), '25.055')).toMatchObject({ value: '25.06', state: 'fail' });
    expect(judgeMeasure(shaft('0.02'), '25.013')).toMatchObject({ value: '25.02', deviation: '0.02' });
    expect(judgeMeasure(shaft(), '２５．０２')).toMatchObject({ value: '25.02', state: 'pass' });
  });

  it('judges one-sided tolerances: an upper limit only (Ra ≤ 3.2), a lower limit only', () => {
    const roughness: InspectionSpec = { kind: 'measure', nominal: '0', upperDeviation: '3.2', resolution: '0.1' };
    expect(judgeMeasure(roughness, '1.6')).toMatchObject({ state: 'pass', remeasure: false });
    expect(judgeMeasure(roughness, '0')).toMatchObject({ state: 'pass', remeasure: false });
    expect(judgeMeasure(roughness, '3.2')).toMatchObject({ state: 'pass', remeasure: true });
    expect(judgeMeasure(roughness, '3.4')).toMatchObject({ state: 'fail', remeasure: false });
    const depth: InspectionSpec = { kind: 'measure', nominal: '10', lowerDeviation: '0', resolution: '0.02' };
    expect(judgeMeasure(depth, '12.50')).toMatchObject({ state: 'pass' });
    expect(judgeMeasure(depth, '9.98')).toMatchObject({ state: 'fail', remeasure: true });
  });

  it('gives part marks by band: the closest band the value reaches, 0 in tolerance beyond every band', () => {
    const banded = shaft('0.01', {
      lowerDeviation: '-0.2',
      upperDeviation: '0.2',
      bands: [
        { within: '0.05', fraction: 1 },
        { within: '0.10', fraction: 0.5 },
      ],
    });
    expect(judgeMeasure(banded, '25.05').fraction).toBe(1);
    expect(judgeMeasure(banded, '24.95').fraction).toBe(1);
    expect(judgeMeasure(banded, '25.06').fraction).toBe(0.5);
    expect(judgeMeasure(banded, '24.90').fraction).toBe(0.5);
    expect(judgeMeasure(banded, '25.11')).toMatchObject({ state: 'pass', fraction: 0 });
    expect(judgeMeasure(banded, '25.21')).toMatchObject({ state: 'fail', fraction: 0 });
  });

  it('counts nothing recorded, or what is no number, as missing', () => {
    for (const recorded of [undefined, null, '', '  ', 'abc', '1e2']) {
      expect(judgeMeasure(shaft(), recorded)).toEqual({ state: 'missing', remeasure: false, fraction: 0 });
    }
  });
});

describe('a pass/fail check', () => {
  it('passes when ticked, fails when not, is missing until recorded', () => {
    expect(judgeCheck(true)).toEqual({ state: 'pass', remeasure: false, fraction: 1 });
    expect(judgeCheck(false)).toEqual({ state: 'fail', remeasure: false, fraction: 0 });
    expect(judgeCheck(undefined).state).toBe('missing');
    expect(judgeCheck(null).state).toBe('missing');
  });
});

describe('an item’s definition', () => {
  it('needs a nominal value, a resolution and a tolerance in order; bands that widen as they give less', () => {
    expect(inspectionProblems(shaft())).toEqual([]);
    expect(inspectionProblems({ kind: 'check' })).toEqual([]);
    expect(inspectionProblems({ kind: 'measure', resolution: '0' })).toEqual([
      'practical.inspection.nominal',
      'practical.inspection.resolution',
      'practical.inspection.noTolerance',
    ]);
    expect(inspectionProblems(shaft('0.01', { lowerDeviation: '0.05', upperDeviation: '-0.05' }))).toEqual([
      'practical.inspection.order',
    ]);
    expect(inspectionProblems(shaft('0.01', { upperDeviation: 'x' }))).toEqual(['practical.inspection.deviation']);
    expect(inspectionProblems(shaft('0.01', { lowerDeviation: null }))).toEqual([]);
    const bands = (b: { within: string; fraction: number }[]) => inspectionProblems(shaft('0.01', { bands: b }));
    expect(
      bands([
        { within: '0.02', fraction: 1 },
        { within: '0.04', fraction: 0.5 },
      ]),
    ).toEqual([]);
    expect(
      bands([
        { within: '0.04', fraction: 1 },
        { within: '0.02', fraction: 0.5 },
      ]),
    ).toEqual(['practical.inspection.bands']);
    expect(
      bands([
        { within: '0.02', fraction: 0.5 },
        { within: '0.04', fraction: 1 },
      ]),
    ).toEqual(['practical.inspection.bands']);
    expect(bands([{ within: '0', fraction: 1 }])).toEqual(['practical.inspection.bands']);
    expect(bands([{ within: '0.02', fraction: 1.5 }])).toEqual(['practical.inspection.bands']);
  });
});

describe('two readings of one item (student, then teacher)', () => {
  it('disagree only beyond one resolution step', () => {
    expect(readingsDisagree(shaft(), '25.02', '25.03')).toBe(false);
    expect(readingsDisagree(shaft(), '25.02', '25.04')).toBe(true);
    expect(readingsDisagree(shaft('0.02'), '25.02', '25.04')).toBe(false);
    expect(readingsDisagree(shaft(), '25.02', '')).toBe(false);
  });
});
