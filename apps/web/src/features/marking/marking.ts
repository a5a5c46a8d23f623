import type { AnswerResult, AttemptReview, MarkingAnswer, MarkingQuestion, ReviewQuestion } from '@shixun/contracts';

/** Query keys of 阅卷: every save refreshes what is cached under `marking`. */
export const MARKING_KEY = 'marking';
export const questionsKey = (assignmentId: string) => [MARKING_KEY, 'questions', assignmentId] as const;
export const answersKey = (questionId: string, current: number, size: number) =>
  [MARKING_KEY, 'answers', questionId, current, size] as const;
/** Answers a page of 按题阅卷 shows (the size a teacher may change). */
export const ANSWER_PAGE_SIZES = [10, 20, 50, 100];
export const reviewKey = (attemptId: string | undefined) => [MARKING_KEY, 'review', attemptId] as const;

/** A mark being given: the score (null: none yet) and the comment. */
export interface Mark {
  score: number | null;
  comment: string;
}

/** Scores are kept in tenths (the contracts' score). */
export const roundScore = (n: number) => Math.round(n * 10) / 10;

/** A typed score within 0 … the question's score, in tenths. */
export function clampScore(n: number, max: number): number {
  return Math.min(roundScore(max), Math.max(0, roundScore(n)));
}

/** A score the server takes for a question of this score. */
export function validScore(n: number | null | undefined, max: number): n is number {
  return (
    typeof n === 'number' &&
    Number.isFinite(n) &&
    n >= 0 &&
    n <= max + 1e-9 &&
    Math.abs(n * 10 - Math.round(n * 10)) < 1e-6
  );
}

/** The quick buttons: nothing, half, full marks (no repeats for a tiny score). */
export function quickScores(max: number): number[] {
  return [...new Set([0, roundScore(max / 2), roundScore(max)])];
}

/** The mark an answer has: the teacher's, else the automatic one; none while it awaits a teacher. */
export function initialMark(a: {
  manualScore: number | null;
  autoScore: number | null;
  result: AnswerResult;
  comment: string;
}): Mark {
  const score = a.manualScore ?? (a.result === 'pending' ? null : a.autoScore);
  return { score, comment: a.comment };
}

/** The marks that differ from what is stored and can be saved (a score given). */
export function changedMarks(
  edits: Record<string, Mark>,
  stored: Record<string, Mark>,
  maxOf: (id: string) => number,
): { id: string; score: number; comment: string }[] {
  return Object.entries(edits).flatMap(([id, mark]) => {
    const before = stored[id];
    const same = before && before.score === mark.score && before.comment.trim() === mark.comment.trim();
    if (same || !validScore(mark.score, maxOf(id))) return [];
    return [{ id, score: mark.score, comment: mark.comment.trim() }];
  });
}

/** Questions a teacher marks by hand first, then the rest; paper order within each. */
export function orderQuestions(questions: MarkingQuestion[]): MarkingQuestion[] {
  return [...questions.filter((q) => q.manual), ...questions.filter((q) => !q.manual)];
}

/** The question to open first: the first with answers awaiting marking, else the first. */
export function firstToMark(ordered: MarkingQuestion[]): string | undefined {
  return (ordered.find((q) => q.toMark > 0) ?? ordered[0])?.id;
}

/** Share of a question's answers marked, 0–100 (100 when nothing awaits). */
export function markedPercent(q: Pick<MarkingQuestion, 'answered' | 'toMark'>): number {
  if (!q.answered) return 100;
  return Math.round(((q.answered - q.toMark) / q.answered) * 100);
}

/**
 * How far a question's marking has come, as its label and bar both say it: answers with a score (a teacher's or an
 * automatic one) of those answered. `auto`: nothing of it waits for a teacher and no teacher marked it — it was
 * scored automatically, which the label says instead of "marked 0/1" under a full bar.
 */
export function markingProgress(q: Pick<MarkingQuestion, 'answered' | 'toMark' | 'marked' | 'manual'>): {
  done: number;
  of: number;
  percent: number;
  auto: boolean;
} {
  return {
    done: q.answered - q.toMark,
    of: q.answered,
    percent: markedPercent(q),
    auto: !q.manual && q.toMark === 0 && q.marked === 0,
  };
}

/** The score of the ticked scoring points, added in tenths (0.1 + 0.2 is 0.3 here). */
export function pointsScore(points: { id: string; score: number }[], ticked: string[]): number {
  const tenths = points.filter((p) => ticked.includes(p.id)).reduce((sum, p) => sum + Math.round(p.score * 10), 0);
  return tenths / 10;
}

/** Over every question: answers, those awaiting a teacher, and how far marking has come (0–100). */
export function markingTotals(questions: MarkingQuestion[]) {
  const manual = questions.filter((q) => q.manual || q.toMark > 0);
  const answered = manual.reduce((n, q) => n + q.answered, 0);
  const toMark = questions.reduce((n, q) => n + q.toMark, 0);
  return { answered, toMark, percent: answered ? Math.round(((answered - toMark) / answered) * 100) : 100 };
}

/** The id after `current` in `ids` (none after the last). */
export function nextOf(ids: string[], current: string): string | undefined {
  const at = ids.indexOf(current);
  return at < 0 ? undefined : ids[at + 1];
}

/**
 * Where Enter goes after saving an answer's mark: the next answer on this page, else the first of the next page, else
 * nowhere (the last answer of the last page).
 */
export function afterEnter(
  ids: string[],
  id: string,
  page: { current: number; pages: number },
): { id: string } | { page: number } | null {
  const next = nextOf(ids, id);
  if (next) return { id: next };
  return ids.includes(id) && page.current < page.pages ? { page: page.current + 1 } : null;
}

/** Every answerable question of a reviewed attempt in paper order (a composite's children in its place). */
export function leafQuestions(sections: AttemptReview['sections']): ReviewQuestion[] {
  const out: ReviewQuestion[] = [];
  const walk = (q: ReviewQuestion) => {
    if (q.type === 'composite') q.children.forEach(walk);
    else out.push(q);
  };
  for (const s of sections) s.questions.forEach(walk);
  return out;
}

/** One question of a reviewed attempt by its id (a composite's child included). */
export function findQuestion(review: AttemptReview | undefined, id: string): ReviewQuestion | undefined {
  if (!review) return undefined;
  const stack = review.sections.flatMap((s) => s.questions);
  while (stack.length) {
    const q = stack.pop()!;
    if (q.id === id) return q;
    stack.push(...q.children);
  }
  return undefined;
}

/** A reviewed attempt's answers' marks by answer id (the answers to mark there). */
export function reviewMarks(review: AttemptReview | undefined): Record<string, Mark> {
  const out: Record<string, Mark> = {};
  for (const q of leafQuestions(review?.sections ?? []))
    if (q.answerId) out[q.answerId] = initialMark({ ...q, comment: q.comment });
  return out;
}

/** By-question answers' marks by answer id. */
export function answerMarks(answers: MarkingAnswer[] | undefined): Record<string, Mark> {
  return Object.fromEntries((answers ?? []).map((a) => [a.id, initialMark(a)]));
}

/**
 * A file answer's entry as a link: a stored file's address (or `{ link, name }` as JSON). Only web and site-relative
 * addresses become links, never `javascript:` and the like.
 */
export function fileLink(entry: string): { href?: string; name: string } {
  let link = entry;
  let name = '';
  if (entry.startsWith('{')) {
    try {
      const parsed = JSON.parse(entry) as { link?: unknown; name?: unknown; originalName?: unknown };
      link = typeof parsed.link === 'string' ? parsed.link : '';
      name =
        typeof parsed.originalName === 'string'
          ? parsed.originalName
          : typeof parsed.name === 'string'
            ? parsed.name
            : '';
    } catch {
      link = entry;
    }
  }
  const safe = /^https?:\/\//i.test(link) || (link.startsWith('/') && !link.startsWith('//'));
  if (!name) {
    const last = link.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? link;
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  return safe ? { href: link, name } : { name: name || entry };
}
