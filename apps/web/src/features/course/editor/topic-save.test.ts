import type { Course } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { withReleases } from './topic-save.ts';

const classes: Course['classes'] = [
  { id: '1', classId: 'c1', releases: { t1: '2026-03-01T00:00:00.000Z', gone: '2026-01-01T00:00:00.000Z' } },
  { id: '2', classId: 'c2', releases: {} },
];

describe('one topic’s release dates in the course form', () => {
  it('sets, replaces and takes away one topic’s date per class, keeping the other topics’ dates', () => {
    const live = new Set(['t1', 't2']);
    expect(withReleases(classes, 't2', { c1: '2026-04-01T08:00:00.000Z', c2: undefined }, live)).toEqual([
      { classId: 'c1', releases: { t1: '2026-03-01T00:00:00.000Z', t2: '2026-04-01T08:00:00.000Z' } },
      { classId: 'c2', releases: {} },
    ]);
    expect(withReleases(classes, 't1', { c1: undefined, c2: '2026-05-01T00:00:00.000Z' }, live)).toEqual([
      { classId: 'c1', releases: {} },
      { classId: 'c2', releases: { t1: '2026-05-01T00:00:00.000Z' } },
    ]);
  });

  it('drops the dates of topics no longer in the course (the server refuses them)', () => {
    const out = withReleases(classes, 't1', { c1: '2026-03-01T00:00:00.000Z' }, new Set(['t1']));
    expect(out[0]?.releases).toEqual({ t1: '2026-03-01T00:00:00.000Z' });
  });
});
