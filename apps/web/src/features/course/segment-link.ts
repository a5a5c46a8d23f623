import type { QuestionSegment } from '@shixun/contracts';

/** Seconds as a player shows them: 02:15, or 1:02:15 past an hour. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/**
 * A segment's range as text: "02:15–03:40" for time; for pages (`pages` words them: "第 3–5 页") the first and last
 * page — a page segment is stored like the heartbeat's pages, half-open: pages 3–5 are [2, 5), page 3 alone [2, 3).
 */
export function segmentRange(
  segment: Pick<QuestionSegment, 'kind' | 'start' | 'end'>,
  pages: (first: number, last: number) => string,
): string {
  return segment.kind === 'time'
    ? `${formatClock(segment.start)}–${formatClock(segment.end)}`
    : pages(segment.start + 1, segment.end);
}

/** The study page opened at the segment: its course, topic and courseware, and where to start (`t`: seconds, or a page from 1). */
export function segmentLink(
  segment: Pick<QuestionSegment, 'courseId' | 'topicId' | 'coursewareId' | 'start' | 'kind'>,
): string {
  const q = new URLSearchParams({
    courseId: segment.courseId,
    topicId: segment.topicId,
    coursewareId: segment.coursewareId,
    t: String(segment.kind === 'page' ? segment.start + 1 : segment.start),
  });
  return `/jd/study_online/course_sub?${q.toString()}`;
}

/** "mm:ss" or "h:mm:ss" (or plain seconds) typed in a form, as seconds; NaN when it is not a time. */
export function parseClock(text: string): number {
  const parts = text.trim().split(':');
  if (!parts.length || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return Number.NaN;
  return parts.reduce((total, p) => total * 60 + Number(p), 0);
}
