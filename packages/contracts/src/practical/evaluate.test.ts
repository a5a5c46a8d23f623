import { describe, expect, it } from 'vitest';
import type { FrozenItem, FrozenPoint, ItemRecord } from './attempt.ts';
import { evaluateAttempt } from './evaluate.ts';

const item = (id: string, extra: Partial<FrozenItem> = {}): FrozenItem => ({
  id,
  name: id,
  kind: 'measure',
  method: '',
  instrument: '',
  resolution: '0.01',
  nominal: '25.00',
  unit: 'mm',
  lowerDeviation: '-0.02',
  upperDeviation: '0.02',
  bands: [],
  weight: 1,
  ...extra,
});
const point = (id: string, items: FrozenItem[], extra: Partial<FrozenPoint> = {}): FrozenPoint => ({
  id,
  name: id,
  requirement: '',
  score: 10,
  rule: 'proportional',
  bands: [],
  minScore: null,
  maxScore: null,
  critical: 0,
  evidenceRequired: 0,
  flagIds: [],
  items,
  ...extra,
});
const rec = (inspectionId: string, r: Partial<ItemRecord>): ItemRecord => ({
  inspectionId,
  studentValue: null,
  teacherValue: null,
  passed: null,
  teacherPassed: null,
  note: '',
  evidence: [],
  seq: 1,
  ...r,
});

describe('evaluateAttempt', () => {
  const points = [
    point('size', [item('a'), item('b')]),
    point('safety', [item('goggles', { kind: 'check', nominal: null, resolution: null })], {
      critical: 1,
      rule: 'all',
    }),
  ];

  it('scores from the student readings and flags the guard band until the teacher re-measures', () => {
    const first = evaluateAttempt(points, [
      rec('a', { studentValue: '25.00' }),
      rec('b', { studentValue: '24.98' }),
      rec('goggles', { passed: 1 }),
    ]);
    // 24.98 is the lower limit itself: in tolerance, but within one step of it.
    expect(first.points[0]!.score).toBe(10);
    expect(first.remeasure).toBe(1);
    const second = evaluateAttempt(points, [
      rec('a', { studentValue: '25.00' }),
      rec('b', { studentValue: '24.98', teacherValue: '24.97' }),
      rec('goggles', { passed: 1 }),
    ]);
    expect(second.remeasure).toBe(0);
    expect(second.points[0]!.items[1]!.judgement.state).toBe('fail');
    expect(second.points[0]!.score).toBe(5);
    expect(second.task.score).toBe(15);
  });

  it('marks readings that disagree by more than the resolution', () => {
    const r = evaluateAttempt(points, [rec('a', { studentValue: '25.00', teacherValue: '24.98' })]);
    expect(r.disagree).toBe(1);
    expect(evaluateAttempt(points, [rec('a', { studentValue: '25.00', teacherValue: '24.99' })]).disagree).toBe(0);
  });

  it('fails the task on a failed critical point, the teacher’s check over the student’s', () => {
    const r = evaluateAttempt(points, [
      rec('a', { studentValue: '25.00' }),
      rec('b', { studentValue: '25.00' }),
      rec('goggles', { passed: 1, teacherPassed: 0 }),
    ]);
    expect(r.task.criticalFailed).toEqual([1]);
    expect(r.task.score).toBe(0);
    expect(r.task.earned).toBe(10);
  });

  it('holds an adjustment to the point’s range and a judgement to its bounds', () => {
    const judged = [point('j', [item('a')], { rule: 'judgement', minScore: 2, maxScore: 8 })];
    const records = [rec('a', { studentValue: '25.00' })];
    expect(evaluateAttempt(judged, records).points[0]!.score).toBe(0);
    expect(evaluateAttempt(judged, records, [{ pointId: 'j', given: 9, comment: 'x' }]).points[0]!.score).toBe(8);
    const adjusted = evaluateAttempt(points, records, [{ pointId: 'size', given: 12, comment: '很好' }]);
    expect(adjusted.points[0]!.score).toBe(10);
    expect(adjusted.points[0]!.comment).toBe('很好');
  });
});
