import type { Assignment, AssignmentState, Attempt, AttemptState, Paper, PaperType } from '@shixun/contracts';

/** 考试安排's resource and query key: every change to an assignment refreshes what is cached under it. */
export const ASSIGNMENT_KEY = 'paper_teacher';
/** Attempts' query key (the live progress list, 按学生阅卷). */
export const ATTEMPT_KEY = 'paper_student';

/** 阅卷 of an assignment (by question unless `mode` says otherwise; `attempt` opens one student's answers). */
export const markingPath = (assignmentId: string, extra: { mode?: 'student'; attempt?: string } = {}) => {
  const query = new URLSearchParams({ assignment: assignmentId });
  if (extra.mode) query.set('mode', extra.mode);
  if (extra.attempt) query.set('attempt', extra.attempt);
  return `/paper/marking?${query.toString()}`;
};
/** 考试安排 with the assign form open on this paper (the paper list's 发布). */
export const assignPath = (paperId: string) => `/paper/assignment?paperId=${encodeURIComponent(paperId)}`;

export const STATE_COLORS: Record<AssignmentState, string> = {
  scheduled: 'default',
  open: 'processing',
  closed: 'warning',
  released: 'success',
};

export const ATTEMPT_COLORS: Record<AttemptState, string> = {
  not_started: 'default',
  in_progress: 'processing',
  submitted: 'cyan',
  marking: 'orange',
  marked: 'green',
};

export const KIND_COLORS: Record<PaperType, string> = { exam: 'red', practice: 'blue', homework: 'green' };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A new assignment's window: open from the current minute (work given now is open at once; one given for later has
 * its time set), for one day.
 */
export function defaultWindow(now: Date): { open: Date; close: Date } {
  const open = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
  return { open, close: new Date(open.getTime() + DAY) };
}

/** The kind an assignment of this paper starts as (a practical paper is given as an exam). */
export const kindOf = (paperType: Paper['paperType']): PaperType => (paperType === 'practical' ? 'exam' : paperType);

/** Settings a new assignment takes from its paper: the teacher may change each before assigning. */
export function paperDefaults(paper: Paper) {
  const kind = kindOf(paper.paperType);
  return {
    title: paper.title,
    kind,
    duration: paper.duration,
    attempts: paper.attempts,
    shuffleQuestions: paper.shuffleQuestions === 1 ? (1 as const) : (0 as const),
    shuffleOptions: paper.shuffleOptions === 1 ? (1 as const) : (0 as const),
    reviewPolicy: paper.reviewPolicy,
    keyTiming: kind === 'practice' ? ('immediate' as const) : ('after_close' as const),
    remark: paper.remark,
    // An exam's scores wait for its close, so nobody reads the key while others still write; practice is immediate.
    releaseRule: kind === 'exam' ? ('after_close' as const) : ('immediate' as const),
  };
}

/** First attempts by state, from an assignment's progress. */
export function progressSummary(p: Assignment['progress']) {
  const inProgress = Math.max(0, p.started - p.submitted);
  return {
    students: p.students,
    notStarted: Math.max(0, p.students - p.started),
    inProgress,
    submitted: p.submitted,
    marked: p.marked,
    /** Answers (not attempts) awaiting a teacher. */
    toMark: p.toMark,
    /** Share of students who handed in, 0–100. */
    submittedPercent: p.students ? Math.round((p.submitted / p.students) * 100) : 0,
  };
}

/** The live progress refreshes itself while students may be writing: the assignment is open, or someone still is. */
export const isLive = (a: Pick<Assignment, 'state' | 'progress'>) =>
  a.state === 'open' || a.progress.started > a.progress.submitted;

/** Scores not released yet (a manual rule's, or an after-close rule's before its close): 公布成绩 applies. */
export const canRelease = (a: Pick<Assignment, 'releaseTime'>) => a.releaseTime === null;

/** Some student may still answer (the window, extra time or a reopening is not over): keys wait for it. */
export const stillAnswerable = (a: Pick<Assignment, 'answerableUntil'>, now = Date.now()) =>
  new Date(a.answerableUntil).getTime() > now;

/** The end of a student's window: their own close time (reopened) or the assignment's, plus extra minutes. */
export function closeOf(attempt: Pick<Attempt, 'closeTime' | 'extraMinutes'>, a: Pick<Assignment, 'closeTime'>): Date {
  return new Date(new Date(attempt.closeTime ?? a.closeTime).getTime() + attempt.extraMinutes * 60_000);
}

/** What a teacher may do about an attempt now (延时, 重新开放, 收卷, 查看答卷). */
export function attemptActions(
  attempt: Pick<Attempt, 'state' | 'closeTime' | 'extraMinutes'>,
  a: Pick<Assignment, 'closeTime'>,
  now: Date,
) {
  const windowOpen = now < closeOf(attempt, a);
  return {
    extend: attempt.state === 'in_progress' || (attempt.state === 'not_started' && windowOpen),
    reopen: attempt.state === 'not_started' && !windowOpen,
    forceSubmit: attempt.state === 'in_progress',
    review: attempt.state !== 'not_started',
  };
}

/** Milliseconds left until `end` (never below 0); null without an end. */
export function timeLeft(end: string | null, now: number): number | null {
  if (!end) return null;
  return Math.max(0, new Date(end).getTime() - now);
}

const two = (n: number) => String(n).padStart(2, '0');

/** A countdown: `H:MM:SS` from an hour up, else `MM:SS`. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The attempts among these that 收卷 applies to. */
export const inProgressOf = <T extends Pick<Attempt, 'state'>>(rows: T[]) =>
  rows.filter((r) => r.state === 'in_progress');
