import { absolute, decimal, formatDecimal, type Micros, parseDecimal, placesOf, roundTo } from './decimal.ts';

/**
 * 检查项: how one inspection item of a practical task is judged. A `measure` item is a value read on an instrument
 * (a diameter with a micrometer) against its nominal value and deviations; a `check` item is passed or not (毛刺已去除).
 * Decimals are strings (decimal.ts).
 */
export interface InspectionSpec {
  kind: 'measure' | 'check';
  /** measure: the nominal value (25.00) and the deviations that make its limits (−0.02 / +0.01). One may be absent: a
   * one-sided tolerance (Ra ≤ 3.2 has only an upper one). */
  nominal?: string;
  lowerDeviation?: string | null;
  upperDeviation?: string | null;
  /** measure: the instrument's resolution (caliper 0.02, micrometer 0.01): a value is read to it. */
  resolution?: string;
  /**
   * measure, optional: part marks by how close the value is to the nominal (as skills competitions mark
   * "measurement" aspects), e.g. within ±0.05 → 1, within ±0.10 → 0.5; closer bands first. A value in tolerance
   * outside every band gets 0; without bands a value in tolerance gets 1.
   */
  bands?: { within: string; fraction: number }[];
}

/** An item's outcome, worked out from the value recorded. */
export interface Judgement {
  /** missing: nothing recorded yet; pass: in tolerance (limits included) or checked; fail otherwise. */
  state: 'missing' | 'pass' | 'fail';
  /** The value as read: rounded to the resolution and written with its decimals (25.013 on a 0.02 caliper: 25.02). */
  value?: string;
  /** value − nominal, with the resolution's decimals. */
  deviation?: string;
  /**
   * Within one resolution step of a limit (either side): what the instrument reads cannot tell in from out, so a
   * second examiner re-measures (acceptance limits of GB/T 3177, ISO 14253-1) before the result stands.
   */
  remeasure: boolean;
  /** The share of the item's credit, 0–1. */
  fraction: number;
}

export interface Limits {
  lower?: Micros;
  upper?: Micros;
}

const MISSING: Judgement = { state: 'missing', remeasure: false, fraction: 0 };

/** The limits of a measure item: nominal plus each deviation given. */
export function limitsOf(spec: InspectionSpec): Limits {
  const nominal = decimal(spec.nominal ?? '0');
  const at = (deviation: string | null | undefined) => (deviation ? nominal + decimal(deviation) : undefined);
  return { lower: at(spec.lowerDeviation), upper: at(spec.upperDeviation) };
}

/**
 * What is wrong with an item's definition, as message keys (practical.inspection.*): a measure item needs a nominal
 * value, a resolution above zero and at least one deviation, the lower below the upper; bands must widen and their
 * shares shrink, each within (0, 1].
 */
export function inspectionProblems(spec: InspectionSpec): string[] {
  if (spec.kind === 'check') return [];
  const problems: string[] = [];
  const nominal = spec.nominal === undefined ? undefined : parseDecimal(spec.nominal);
  const resolution = spec.resolution === undefined ? undefined : parseDecimal(spec.resolution);
  const lower = spec.lowerDeviation ? parseDecimal(spec.lowerDeviation) : null;
  const upper = spec.upperDeviation ? parseDecimal(spec.upperDeviation) : null;
  if (nominal === undefined) problems.push('practical.inspection.nominal');
  if (resolution === undefined || resolution <= 0n) problems.push('practical.inspection.resolution');
  if (lower === undefined || upper === undefined) problems.push('practical.inspection.deviation');
  else if (lower === null && upper === null) problems.push('practical.inspection.noTolerance');
  else if (lower !== null && upper !== null && lower >= upper) problems.push('practical.inspection.order');
  let previous: { within: Micros; fraction: number } | undefined;
  for (const band of spec.bands ?? []) {
    const within = parseDecimal(band.within);
    const fine = within !== undefined && within > 0n && band.fraction > 0 && band.fraction <= 1;
    if (!fine || (previous && (within <= previous.within || band.fraction >= previous.fraction))) {
      problems.push('practical.inspection.bands');
      break;
    }
    previous = { within, fraction: band.fraction };
  }
  return problems;
}

/**
 * Judges a value recorded for a measure item (as typed: full-width digits are fine). A value that is no decimal is
 * missing — the form says so before it is saved.
 */
export function judgeMeasure(spec: InspectionSpec, recorded: string | undefined | null): Judgement {
  const typed = recorded?.trim() ? parseDecimal(recorded) : undefined;
  if (typed === undefined) return MISSING;
  const step = decimal(spec.resolution ?? '0.01');
  const places = placesOf(step);
  const value = roundTo(typed, step);
  const nominal = decimal(spec.nominal ?? '0');
  const { lower, upper } = limitsOf(spec);
  const inside = (lower === undefined || value >= lower) && (upper === undefined || value <= upper);
  const near = (limit: Micros | undefined) => limit !== undefined && absolute(value - limit) <= step;
  const offset = absolute(value - nominal);
  const band = spec.bands?.find((b) => offset <= decimal(b.within));
  const fraction = !inside ? 0 : spec.bands?.length ? (band?.fraction ?? 0) : 1;
  return {
    state: inside ? 'pass' : 'fail',
    value: formatDecimal(value, places),
    deviation: formatDecimal(value - nominal, places),
    remeasure: near(lower) || near(upper),
    fraction,
  };
}

/** Judges a check item: ticked passed or failed, or not yet. */
export function judgeCheck(passed: boolean | undefined | null): Judgement {
  if (passed === undefined || passed === null) return MISSING;
  return { state: passed ? 'pass' : 'fail', remeasure: false, fraction: passed ? 1 : 0 };
}

/**
 * Dual entry: the student's and the teacher's readings of one item disagree when they differ by more than the
 * instrument's resolution (one step either way is the instrument, not the student).
 */
export function readingsDisagree(spec: InspectionSpec, student: string, teacher: string): boolean {
  const step = decimal(spec.resolution ?? '0.01');
  const a = parseDecimal(student);
  const b = parseDecimal(teacher);
  if (a === undefined || b === undefined) return false;
  return absolute(roundTo(a, step) - roundTo(b, step)) > step;
}
