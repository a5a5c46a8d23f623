import type { Paper } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import {
  assignPath,
  attemptActions,
  canRelease,
  closeOf,
  defaultWindow,
  formatCountdown,
  inProgressOf,
  isLive,
  kindOf,
  markingPath,
  paperDefaults,
  progressSummary,
  stillAnswerable,
  timeLeft,
} from './logic.ts';

describe('defaultWindow', () => {
  it('opens at the current minute, so work given now is open at once, and closes a day later', () => {
    const now = new Date(2025, 2, 10, 9, 7, 31, 250);
    const { open, close } = defaultWindow(now);
    expect([open.getHours(), open.getMinutes(), open.getSeconds(), open.getMilliseconds()]).toEqual([9, 7, 0, 0]);
    expect(open.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(close.getTime() - open.getTime()).toBe(24 * 60 * 60_000);
  });
});

const paper = (fields: Partial<Paper>): Paper =>
  ({
    id: 'p1',
    title: '机械基础期中考试',
    paperType: 'exam',
    duration: 90,
    attempts: 1,
    shuffleQuestions: 1,
    shuffleOptions: 0,
    reviewPolicy: 'answers',
    remark: '闭卷',
    ...fields,
  }) as Paper;

describe('paperDefaults', () => {
  it('takes the paper’s settings; an exam’s scores wait for its close', () => {
    expect(paperDefaults(paper({}))).toEqual({
      title: '机械基础期中考试',
      kind: 'exam',
      duration: 90,
      attempts: 1,
      shuffleQuestions: 1,
      shuffleOptions: 0,
      reviewPolicy: 'answers',
      keyTiming: 'after_close',
      remark: '闭卷',
      releaseRule: 'after_close',
    });
  });

  it('releases practice at once and gives a practical paper as an exam', () => {
    expect(paperDefaults(paper({ paperType: 'practice', duration: 0, attempts: 0 }))).toMatchObject({
      kind: 'practice',
      duration: 0,
      attempts: 0,
      releaseRule: 'immediate',
      keyTiming: 'immediate',
    });
    expect(kindOf('practical')).toBe('exam');
    expect(kindOf('homework')).toBe('homework');
  });
});

describe('progress', () => {
  const progress = { students: 40, started: 30, submitted: 25, marked: 20, toMark: 7 };

  it('counts first attempts by state', () => {
    expect(progressSummary(progress)).toEqual({
      students: 40,
      notStarted: 10,
      inProgress: 5,
      submitted: 25,
      marked: 20,
      toMark: 7,
      submittedPercent: 63,
    });
    expect(progressSummary({ students: 0, started: 0, submitted: 0, marked: 0, toMark: 0 }).submittedPercent).toBe(0);
  });

  it('stays live while open or while someone still writes', () => {
    expect(isLive({ state: 'open', progress })).toBe(true);
    expect(isLive({ state: 'closed', progress })).toBe(true);
    expect(isLive({ state: 'closed', progress: { ...progress, started: 25 } })).toBe(false);
    expect(isLive({ state: 'scheduled', progress: { ...progress, started: 0, submitted: 0 } })).toBe(false);
  });

  it('offers release until scores are out', () => {
    expect(canRelease({ releaseTime: null })).toBe(true);
    expect(canRelease({ releaseTime: '2025-03-10T10:00:00.000Z' })).toBe(false);
    // Released while students can still answer, the dialog says so (their keys wait).
    const until = { answerableUntil: '2025-03-10T10:00:00.000Z' };
    expect(stillAnswerable(until, Date.parse('2025-03-10T09:59:59.000Z'))).toBe(true);
    expect(stillAnswerable(until, Date.parse('2025-03-10T10:00:00.000Z'))).toBe(false);
  });
});

describe('attemptActions', () => {
  const a = { closeTime: '2025-03-10T10:00:00.000Z' };
  const before = new Date('2025-03-10T09:00:00.000Z');
  const after = new Date('2025-03-10T11:00:00.000Z');
  const attempt = (state: 'not_started' | 'in_progress' | 'marking', more = {}) => ({
    state,
    closeTime: null,
    extraMinutes: 0,
    ...more,
  });

  it('extends and collects attempts in progress', () => {
    expect(attemptActions(attempt('in_progress'), a, after)).toEqual({
      extend: true,
      reopen: false,
      forceSubmit: true,
      review: true,
    });
  });

  it('reopens for a student who missed the window, extends one who still may start', () => {
    expect(attemptActions(attempt('not_started'), a, after)).toMatchObject({ extend: false, reopen: true });
    expect(attemptActions(attempt('not_started'), a, before)).toMatchObject({ extend: true, reopen: false });
    // A student's own window (reopened, or extra minutes) counts, not the assignment's.
    const reopened = attempt('not_started', { closeTime: '2025-03-10T12:00:00.000Z' });
    expect(attemptActions(reopened, a, after)).toMatchObject({ extend: true, reopen: false });
    const extended = attempt('not_started', { extraMinutes: 90 });
    expect(closeOf(extended, a).toISOString()).toBe('2025-03-10T11:30:00.000Z');
    expect(attemptActions(extended, a, after).reopen).toBe(false);
  });

  it('leaves handed-in attempts to review only', () => {
    expect(attemptActions(attempt('marking'), a, after)).toEqual({
      extend: false,
      reopen: false,
      forceSubmit: false,
      review: true,
    });
    expect(inProgressOf([attempt('marking'), attempt('in_progress'), attempt('not_started')])).toHaveLength(1);
  });
});

describe('countdown', () => {
  it('counts down to the end, never below zero', () => {
    const now = Date.parse('2025-03-10T09:00:00.000Z');
    expect(timeLeft('2025-03-10T09:01:05.000Z', now)).toBe(65_000);
    expect(timeLeft('2025-03-10T08:59:00.000Z', now)).toBe(0);
    expect(timeLeft(null, now)).toBeNull();
  });

  it('shows minutes and seconds, hours when there are some', () => {
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(59_999)).toBe('00:59');
    expect(formatCountdown(2 * 3600_000 + 3 * 60_000 + 4_000)).toBe('2:03:04');
  });
});

describe('paths', () => {
  it('link marking and the assign form', () => {
    expect(markingPath('7')).toBe('/paper/marking?assignment=7');
    expect(markingPath('7', { mode: 'student', attempt: '9' })).toBe(
      '/paper/marking?assignment=7&mode=student&attempt=9',
    );
    expect(assignPath('12')).toBe('/paper/assignment?paperId=12');
  });
});
