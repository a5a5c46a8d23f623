import type { Judgement } from './inspection.ts';

/**
 * How an assessment point (考核点) turns its items' outcomes into its score:
 * - `all`: all or nothing — every item passes, or 0;
 * - `proportional`: the score times the weighted share of the items' credit (a band's part marks count);
 * - `banded`: the weighted share picks a band (e.g. ≥ 90 % → all, ≥ 60 % → half, else 0);
 * - `judgement`: the examiner gives the score within bounds; the items inform it (the proportional score is offered).
 */
export const POINT_RULES = ['all', 'proportional', 'banded', 'judgement'] as const;
export type PointRule = (typeof POINT_RULES)[number];

export interface PointSpec {
  score: number;
  rule: PointRule;
  /** 否决项: failing this point fails the whole task (a safety violation), whatever else was scored. */
  critical: boolean;
  /** banded: shares (0–1) reached and the fraction of the score each gives, highest share first. */
  bands?: { atLeast: number; fraction: number }[];
  /** judgement: the lowest and highest score the examiner may give (default 0 and `score`). */
  min?: number;
  max?: number;
}

export interface ItemOutcome {
  weight: number;
  judgement: Judgement;
}

export interface PointResult {
  score: number;
  /** Every item passes. */
  passed: boolean;
  /** Every item has a value. */
  complete: boolean;
  /** An item waits for a second reading (inspection.ts: remeasure). */
  remeasure: boolean;
  /** The weighted share of the items' credit, 0–1. */
  share: number;
  /** judgement: the score the examiner is offered (proportional), until they give one. */
  suggested?: number;
}

/** Scores keep one decimal (0.5 a blank, as everywhere in the product). */
export const oneDecimal = (n: number): number => Math.round((n + Number.EPSILON) * 10) / 10;

/**
 * Scores one point from its items. `given` is the examiner's score for a judgement point (held to its bounds); a
 * judgement point without one scores 0 until it is given.
 */
export function scorePoint(spec: PointSpec, items: ItemOutcome[], given?: number | null): PointResult {
  const totalWeight = items.reduce((sum, i) => sum + i.weight, 0);
  const share = totalWeight > 0 ? items.reduce((sum, i) => sum + i.weight * i.judgement.fraction, 0) / totalWeight : 0;
  const passed = items.length > 0 && items.every((i) => i.judgement.state === 'pass');
  const complete = items.every((i) => i.judgement.state !== 'missing');
  const remeasure = items.some((i) => i.judgement.remeasure);
  const result = { passed, complete, remeasure, share };
  switch (spec.rule) {
    case 'all':
      return { ...result, score: passed ? spec.score : 0 };
    case 'proportional':
      return { ...result, score: oneDecimal(spec.score * share) };
    case 'banded': {
      const band = [...(spec.bands ?? [])].sort((a, b) => b.atLeast - a.atLeast).find((b) => share >= b.atLeast);
      return { ...result, score: oneDecimal(spec.score * (band?.fraction ?? 0)) };
    }
    case 'judgement': {
      const min = spec.min ?? 0;
      const max = spec.max ?? spec.score;
      const suggested = oneDecimal(Math.min(max, Math.max(min, spec.score * share)));
      const score = given === undefined || given === null ? 0 : oneDecimal(Math.min(max, Math.max(min, given)));
      return { ...result, score, suggested };
    }
  }
}

export interface TaskResult {
  /** The sum of the points' scores, or 0 when a critical point failed. */
  score: number;
  /** The points' sum before a critical failure set it to 0. */
  earned: number;
  /** Indexes of the critical points failed (with every item recorded): the task fails. */
  criticalFailed: number[];
  complete: boolean;
  remeasure: boolean;
}

/**
 * Scores a task from its points: a critical point failed (all its items recorded, not all passed) fails the task —
 * its score is 0, what was earned is kept to show.
 */
export function scoreTask(points: { spec: PointSpec; result: PointResult }[]): TaskResult {
  const earned = oneDecimal(points.reduce((sum, p) => sum + p.result.score, 0));
  const criticalFailed = points.flatMap((p, i) =>
    p.spec.critical && p.result.complete && !p.result.passed ? [i] : [],
  );
  return {
    score: criticalFailed.length ? 0 : earned,
    earned,
    criticalFailed,
    complete: points.every((p) => p.result.complete),
    remeasure: points.some((p) => p.result.remeasure),
  };
}
