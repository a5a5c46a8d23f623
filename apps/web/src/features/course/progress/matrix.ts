import type { ClassProgress } from '@shixun/contracts';

/** The class at a glance: how many students, their average overall %, how many finished, how many began at all. */
export interface ProgressSummary {
  students: number;
  average: number;
  finished: number;
  started: number;
}

/**
 * The summary of a class's progress. A student "finished" when they completed every courseware (percent 100 of a
 * course that has any); "started" when they completed at least one — a course without coursewares has neither.
 */
export function summarize(progress: Pick<ClassProgress, 'students'>): ProgressSummary {
  const { students } = progress;
  const total = students.reduce((sum, s) => sum + s.percent, 0);
  return {
    students: students.length,
    average: students.length ? Math.round(total / students.length) : 0,
    finished: students.filter((s) => s.percent >= 100 && s.completedCount > 0).length,
    started: students.filter((s) => s.completedCount > 0).length,
  };
}

/** A column of the matrix: the topic, its depth, and the chapter (root topic) it belongs to for the header's grouping. */
export interface TopicColumn {
  index: number;
  id: string;
  name: string;
  depth: number;
  chapter: string;
}

/**
 * The matrix's topic columns in course order, each knowing its chapter (the nearest topic of depth 0 before it), so
 * the header can say "第一章 › 1.1" and indent sections under their chapter.
 */
export function topicColumns(topics: ClassProgress['topics']): TopicColumn[] {
  let chapter = '';
  return topics.map((t, index) => {
    if (t.depth === 0) chapter = t.name;
    return { index, id: t.id, name: t.name, depth: t.depth, chapter };
  });
}

/**
 * Where a video loses its viewers: the tenth (0–9) after which the share of the class watching falls the most, and by
 * how many points; undefined when it never falls (nobody watched, or everyone watched to the end).
 */
export function steepestDrop(tenths: number[]): { tenth: number; points: number } | undefined {
  let best: { tenth: number; points: number } | undefined;
  for (let i = 1; i < tenths.length; i++) {
    const points = (tenths[i - 1] ?? 0) - (tenths[i] ?? 0);
    if (points > 0 && (!best || points > best.points)) best = { tenth: i, points };
  }
  return best;
}

/** "1:05" for 65 seconds, "1:01:05" past an hour: where a tenth of a video starts. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A topic of the course tree as far as counting coursewares goes. */
interface CountedTopic {
  id: string;
  coursewareCount: number;
  children?: CountedTopic[];
}

/**
 * The topics with no courseware in them or below them. The server counts such a topic complete (so it never holds up
 * the next one), which the matrix shows as "—", not as a 100 % nobody earned.
 */
export function topicsWithoutWares(tree: CountedTopic[]): Set<string> {
  const empty = new Set<string>();
  const count = (t: CountedTopic): number => {
    const total = t.coursewareCount + (t.children ?? []).reduce((sum, c) => sum + count(c), 0);
    if (total === 0) empty.add(t.id);
    return total;
  };
  for (const t of tree) count(t);
  return empty;
}
