import type { FrozenItem, FrozenPoint, ItemRecord, PointRecord } from './attempt.ts';
import { type InspectionSpec, type Judgement, judgeCheck, judgeMeasure, readingsDisagree } from './inspection.ts';
import { oneDecimal, type PointResult, type PointSpec, scorePoint, scoreTask, type TaskResult } from './scoring.ts';

/** An item's outcome on an attempt: judged on the reading that stands (the teacher's, else the student's). */
export interface ItemJudged {
  item: FrozenItem;
  record: ItemRecord | undefined;
  judgement: Judgement;
  /** The student's reading is in the guard band and no second examiner has measured yet. */
  remeasure: boolean;
  /** Student and teacher readings differ by more than the resolution (a measuring-skill finding). */
  disagree: boolean;
}

export interface PointOutcome {
  point: FrozenPoint;
  items: ItemJudged[];
  result: PointResult;
  /** The teacher's score for it, if given (a judgement, or an adjustment of the rule's score). */
  given: number | null;
  comment: string;
  /** What stands: the teacher's score if given, else the rule's. */
  score: number;
}

export interface AttemptOutcome {
  points: PointOutcome[];
  task: TaskResult;
  remeasure: number;
  disagree: number;
}

export const specOf = (item: FrozenItem): InspectionSpec => ({
  kind: item.kind,
  nominal: item.nominal ?? undefined,
  lowerDeviation: item.lowerDeviation,
  upperDeviation: item.upperDeviation,
  resolution: item.resolution ?? undefined,
  bands: item.bands,
});

const pointSpec = (p: FrozenPoint): PointSpec => ({
  score: p.score,
  rule: p.rule,
  critical: p.critical === 1,
  bands: p.bands,
  min: p.minScore ?? undefined,
  max: p.maxScore ?? undefined,
});

/** One item judged from its record. */
export function judgeItem(item: FrozenItem, record: ItemRecord | undefined): ItemJudged {
  if (item.kind === 'check') {
    const passed = record?.teacherPassed ?? record?.passed;
    return {
      item,
      record,
      judgement: judgeCheck(passed === null || passed === undefined ? null : passed === 1),
      remeasure: false,
      disagree: false,
    };
  }
  const student = record?.studentValue ?? null;
  const teacher = record?.teacherValue ?? null;
  const judgement = judgeMeasure(specOf(item), teacher ?? student);
  return {
    item,
    record,
    judgement,
    remeasure: teacher === null && judgement.remeasure,
    disagree: student !== null && teacher !== null && readingsDisagree(specOf(item), student, teacher),
  };
}

/**
 * A whole attempt scored from its records: items judged, points by their rules (a teacher's score, held to the
 * point's bounds, replaces the rule's), the task by its points — a critical point failed fails it. The server stores
 * this; the workbench shows the same as values are typed.
 */
export function evaluateAttempt(
  points: FrozenPoint[],
  items: ItemRecord[],
  pointRecords: PointRecord[] = [],
): AttemptOutcome {
  const records = new Map(items.map((r) => [r.inspectionId, r]));
  const given = new Map(pointRecords.map((r) => [r.pointId, r]));
  const outcomes = points.map((point): PointOutcome => {
    const itemOutcomes = point.items.map((item) => judgeItem(item, records.get(item.id)));
    const record = given.get(point.id);
    const spec = pointSpec(point);
    const judged = itemOutcomes.map((o) => ({ weight: o.item.weight, judgement: o.judgement }));
    const teacher = record?.given ?? null;
    const byRule = scorePoint(spec, judged, teacher);
    // An adjustment of a rule's score is held to the point's range, as a judgement is to its bounds (scorePoint).
    const score =
      point.rule !== 'judgement' && teacher !== null
        ? oneDecimal(Math.min(point.score, Math.max(0, teacher)))
        : byRule.score;
    return {
      point,
      items: itemOutcomes,
      result: { ...byRule, remeasure: itemOutcomes.some((o) => o.remeasure) },
      given: teacher,
      comment: record?.comment ?? '',
      score,
    };
  });
  const task = scoreTask(outcomes.map((o) => ({ spec: pointSpec(o.point), result: { ...o.result, score: o.score } })));
  const all = outcomes.flatMap((o) => o.items);
  return {
    points: outcomes,
    task,
    remeasure: all.filter((o) => o.remeasure).length,
    disagree: all.filter((o) => o.disagree).length,
  };
}
