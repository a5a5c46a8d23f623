import { daysLate, type FilejobFrozen, latePenalty } from '@shixun/contracts';

/** How a hand-in at `now` stands against the student's deadline. */
export type Timing =
  | { kind: 'onTime' }
  | { kind: 'late'; lateDays: number; penalty: number }
  | { kind: 'refused' }
  /** A student who has handed in may replace it until the deadline only: what was there at the deadline stays. */
  | { kind: 'closed' };

/**
 * The fair-deadline rule (issue 30): on time until the deadline (the student's own when extended). After it, a
 * hand-in whose every file began uploading before the deadline still counts as on time until the grace is over
 * (a large file on a slow line); otherwise the job's late policy decides — refused, accepted and marked late, or
 * accepted with a penalty for each day started (capped). Replacing an existing hand-in ends at the deadline.
 */
export function judgeTiming(input: {
  now: Date;
  due: Date;
  graceMinutes: number;
  uploadStarts: Date[];
  handedBefore: boolean;
  rules: Pick<FilejobFrozen, 'latePolicy' | 'penaltyPercent' | 'penaltyMaxDays'>;
}): Timing {
  const { now, due } = input;
  if (now <= due) return { kind: 'onTime' };
  const graceEnd = due.getTime() + input.graceMinutes * 60_000;
  if (now.getTime() <= graceEnd && input.uploadStarts.every((t) => t <= due)) return { kind: 'onTime' };
  if (input.handedBefore) return { kind: 'closed' };
  if (input.rules.latePolicy === 'refuse') return { kind: 'refused' };
  const lateDays = daysLate(due, now);
  return { kind: 'late', lateDays, penalty: latePenalty(input.rules, lateDays) };
}

/** The score after the late penalty, to one decimal as scores are kept. */
export function finalScore(score: number | null, penalty: number): number | null {
  return score === null ? null : Math.round((score * (100 - penalty)) / 10) / 10;
}
