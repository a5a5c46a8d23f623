import { describe, expect, it } from 'vitest';
import { formatClock, parseClock, segmentLink, segmentRange } from './segment-link.ts';

describe('segment links', () => {
  it('formats seconds as a player does', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(135)).toBe('02:15');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3735)).toBe('1:02:15');
    expect(formatClock(-5)).toBe('00:00');
  });

  it('reads typed times back', () => {
    expect(parseClock('02:15')).toBe(135);
    expect(parseClock('1:02:15')).toBe(3735);
    expect(parseClock('90')).toBe(90);
    expect(parseClock('2:x')).toBeNaN();
    expect(parseClock('')).toBeNaN();
  });

  it('shows time ranges as clocks and page ranges as the caller words them', () => {
    const pages = (a: number, b: number) => `第 ${a}–${b} 页`;
    expect(segmentRange({ kind: 'time', start: 135, end: 220 }, pages)).toBe('02:15–03:40');
    expect(segmentRange({ kind: 'page', start: 2, end: 5 }, pages)).toBe('第 3–5 页');
    expect(segmentRange({ kind: 'page', start: 2, end: 3 }, pages)).toBe('第 3–3 页');
  });

  it('links to the study page at the segment', () => {
    expect(segmentLink({ courseId: '1', topicId: '2', coursewareId: '3', start: 135, kind: 'time' })).toBe(
      '/jd/study_online/course_sub?courseId=1&topicId=2&coursewareId=3&t=135',
    );
    // Pages 3–5 open at page 3.
    expect(segmentLink({ courseId: '1', topicId: '2', coursewareId: '3', start: 2, kind: 'page' })).toBe(
      '/jd/study_online/course_sub?courseId=1&topicId=2&coursewareId=3&t=3',
    );
  });
});
