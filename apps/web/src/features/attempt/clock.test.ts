import { describe, expect, it } from 'vitest';
import { clockOffset, dueWarnings, formatRemaining, remainingMs, urgency } from './clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('the countdown by the server’s clock', () => {
  it('measures the offset at the middle of the request', () => {
    // The device is 2 minutes slow; the request took 400 ms.
    const sent = at('2025-05-01T08:00:00.000Z');
    expect(clockOffset('2025-05-01T08:02:00.200Z', sent, sent + 400)).toBe(120_000);
    expect(clockOffset('not a time', sent, sent)).toBe(0);
  });

  it('counts down to the end by the server’s time, whatever the device’s clock says', () => {
    const end = '2025-05-01T09:30:00.000Z';
    // Server time 09:00 while the device reads 08:55 (5 minutes slow): 30 minutes left, not 35.
    const deviceNow = at('2025-05-01T08:55:00.000Z');
    const offset = clockOffset('2025-05-01T09:00:00.000Z', deviceNow, deviceNow);
    expect(remainingMs(end, offset, deviceNow)).toBe(30 * 60_000);
    // Ten device seconds later.
    expect(remainingMs(end, offset, deviceNow + 10_000)).toBe(30 * 60_000 - 10_000);
    // A device clock set an hour ahead changes nothing once the offset is measured again.
    const jumped = deviceNow + 3600_000;
    const remeasured = clockOffset('2025-05-01T09:00:10.000Z', jumped + 10_000, jumped + 10_000);
    expect(remainingMs(end, remeasured, jumped + 10_000)).toBe(30 * 60_000 - 10_000);
  });

  it('never goes below zero, and has no end without an end time', () => {
    expect(remainingMs('2025-05-01T09:00:00.000Z', 0, at('2025-05-01T09:05:00.000Z'))).toBe(0);
    expect(remainingMs(null, 0, 0)).toBeNull();
  });

  it('shows mm:ss, h:mm:ss and days', () => {
    expect(formatRemaining(65_000)).toEqual({ days: 0, clock: '01:05' });
    expect(formatRemaining(0)).toEqual({ days: 0, clock: '00:00' });
    // Part of a second still counts as a second left.
    expect(formatRemaining(59_001)).toEqual({ days: 0, clock: '01:00' });
    expect(formatRemaining(2 * 3600_000 + 3 * 60_000 + 4_000)).toEqual({ days: 0, clock: '2:03:04' });
    expect(formatRemaining(26 * 3600_000)).toEqual({ days: 1, clock: '02:00:00' });
  });

  it('warns at 5 minutes and at 1 minute, once each', () => {
    expect(dueWarnings(6 * 60_000, new Set())).toEqual([]);
    expect(dueWarnings(5 * 60_000, new Set())).toEqual([5]);
    expect(dueWarnings(4 * 60_000, new Set([5]))).toEqual([]);
    expect(dueWarnings(50_000, new Set([5]))).toEqual([1]);
    // Opened with 30 s left: both are due together (the caller warns once, of the nearer).
    expect(dueWarnings(30_000, new Set())).toEqual([5, 1]);
    expect(dueWarnings(0, new Set())).toEqual([]);
    expect(dueWarnings(null, new Set())).toEqual([]);
  });

  it('turns amber at 5 minutes and red at 1', () => {
    expect(urgency(null)).toBe('calm');
    expect(urgency(10 * 60_000)).toBe('calm');
    expect(urgency(5 * 60_000)).toBe('hurry');
    expect(urgency(60_000)).toBe('urgent');
  });
});
