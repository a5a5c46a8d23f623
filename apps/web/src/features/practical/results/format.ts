import type { PracticalResults } from '@shixun/contracts';

/** One inspection item of the results, as the contract gives it. */
export type ResultItem = PracticalResults['items'][number];
export type ResultPoint = PracticalResults['points'][number];
export type ResultKnowledge = PracticalResults['knowledge'][number];

/** Cpk against industry's usual thresholds: ≥ 1.33 capable, 1–1.33 marginal, under 1 not capable. */
export type CpkLevel = 'low' | 'marginal' | 'capable';

export function cpkLevel(cpk: number | null): CpkLevel | null {
  if (cpk === null) return null;
  if (cpk < 1) return 'low';
  if (cpk < 1.33) return 'marginal';
  return 'capable';
}

/** A measured figure as the tables show it: at most four decimals, no trailing zeros; null → "—". */
export function measureText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return String(Math.round(value * 10_000) / 10_000);
}

/** A deviation or shift with its sign, as drawings write them: "+0.1", "-0.033", "0". */
export function signed(value: string | number | null): string {
  if (value === null) return '—';
  const n = Number(value);
  const text = typeof value === 'string' ? value.trim() : measureText(value);
  return n > 0 && !text.startsWith('+') ? `+${text}` : text;
}

/** "30.00 -0.033/0 mm": the nominal size and its deviations; a pass/fail check has none ("—"). */
export function toleranceText(
  item: Pick<ResultItem, 'nominal' | 'lowerDeviation' | 'upperDeviation' | 'unit'>,
): string {
  if (item.nominal === null) return '—';
  return `${item.nominal} ${signed(item.lowerDeviation)}/${signed(item.upperDeviation)} ${item.unit}`.trim();
}

/** Decimals enough to tell a bin's bounds apart: those of its width (0.02 → 2, 0.5 → 1, 2 → 0). */
function decimalsOf(width: number): number {
  const text = String(Math.round(width * 1e6) / 1e6);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** Each bin's label, "29.96–29.98": the bounds without the float noise of adding up widths. */
export function binLabels(bins: ResultItem['bins']): string[] {
  const first = bins[0];
  if (!first) return [];
  const places = decimalsOf(first.to - first.from);
  return bins.map((b) => `${b.from.toFixed(places)}–${b.to.toFixed(places)}`);
}

/** Slack for values read from decimals and limits computed in micrometres: both are exact to well under this. */
const SLACK = 1e-9;

/** Whether a value lies beyond the item's tolerance (the limits themselves pass, as the judging has it). */
export function outsideLimits(value: number, item: Pick<ResultItem, 'lower' | 'upper'>): boolean {
  const { lower, upper } = item;
  return (lower != null && value < lower - SLACK) || (upper != null && value > upper + SLACK);
}

/**
 * Which bins hold a value beyond the tolerance. Decided by the values, not the bins' bounds: the bin that starts at
 * the upper limit holds the limit itself, which passes. A value goes to its bin the way the server's histogram put
 * it there (contracts' `histogram`: bins on multiples of the width, a millionth of it for float noise).
 */
export function binsOutside(item: Pick<ResultItem, 'bins' | 'values' | 'lower' | 'upper'>): boolean[] {
  const { bins } = item;
  const out = bins.map(() => false);
  const first = bins[0];
  if (!first) return out;
  const width = first.to - first.from;
  const eps = width / 1e6;
  for (const v of item.values) {
    if (!outsideLimits(v, item)) continue;
    const i = Math.min(bins.length - 1, Math.max(0, Math.floor((v - first.from + eps) / width)));
    out[i] = true;
  }
  return out;
}

/** The item shown in the histogram at first: the first measured one with values (items fail most first). */
export function defaultItem(items: ResultItem[]): ResultItem | undefined {
  const measured = items.filter((i) => i.kind === 'measure');
  return measured.find((i) => i.values.length > 0) ?? measured[0];
}
