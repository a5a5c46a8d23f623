import type { FilejobStudent } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { acceptOfKinds, lateIfNow, sortRecords, timeLeft } from './rules.ts';

const now = Date.parse('2026-12-01T08:00:00Z');
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

describe('我的作业 rules', () => {
  it('counts the time left in days, hours and minutes, or closed', () => {
    expect(timeLeft(hours(51.5), now)).toEqual({ closed: false, days: 2, hours: 3, minutes: 30 });
    expect(timeLeft(hours(0.5), now)).toEqual({ closed: false, days: 0, hours: 0, minutes: 30 });
    expect(timeLeft(hours(-1), now).closed).toBe(true);
    expect(timeLeft('not a date', now).closed).toBe(true);
  });

  it('lists open homework first, nearest deadline on top, then closed ones latest first', () => {
    const r = (id: string, start: number, due: number) =>
      ({ id, startTime: hours(start), dueTime: hours(due) }) as FilejobStudent;
    const sorted = sortRecords([r('old', -100, -50), r('far', -1, 48), r('recent', -10, -1), r('near', -1, 2)], now);
    expect(sorted.map((x) => x.id)).toEqual(['near', 'far', 'recent', 'old']);
  });

  it('tells what a hand-in now would cost after the deadline', () => {
    const penalty = { latePolicy: 'penalty', penaltyPercent: 10, penaltyMaxDays: 5 } as FilejobStudent['job'];
    expect(lateIfNow({ dueTime: hours(1), job: penalty }, now)).toBeNull();
    expect(lateIfNow({ dueTime: hours(-25), job: penalty }, now)).toEqual({ refused: false, days: 2, penalty: 20 });
    expect(lateIfNow({ dueTime: hours(-24 * 9), job: penalty }, now)?.penalty).toBe(50);
    const refuse = { ...penalty, latePolicy: 'refuse' } as FilejobStudent['job'];
    expect(lateIfNow({ dueTime: hours(-1), job: refuse }, now)?.refused).toBe(true);
  });

  it('turns the allowed kinds into the picker filter', () => {
    expect(acceptOfKinds(['pdf', 'jpg'])).toBe('.pdf,.jpg,.jpeg');
    expect(acceptOfKinds([])).toBeUndefined();
  });
});
