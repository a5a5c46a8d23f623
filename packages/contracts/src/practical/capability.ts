/**
 * "Class SPC": what a class's measured values of one inspection item say — their mean and spread against the
 * tolerance, and the process capability indices industry uses (Cp, Cpk; one-sided tolerances get Cpu or Cpl only).
 * Statistics in floating point: they describe, they decide nothing (pass/fail is decimal.ts's exact arithmetic).
 */
export interface Capability {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 for fewer than two values. */
  sd: number;
  /** mean − nominal. */
  shift: number;
  /** (USL − LSL) / 6σ: how the spread fits the tolerance, wherever it sits. Both limits and σ > 0 needed. */
  cp?: number;
  /** (USL − mean) / 3σ and (mean − LSL) / 3σ. */
  cpu?: number;
  cpl?: number;
  /** The smaller of cpu and cpl: how it fits where it sits (≥ 1.33 capable, 1–1.33 marginal, < 1 not). */
  cpk?: number;
}

export function capability(values: number[], limits: { lower?: number; upper?: number; nominal: number }): Capability {
  const n = values.length;
  const mean = n ? values.reduce((s, v) => s + v, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : 0;
  const result: Capability = { n, mean, sd, shift: mean - limits.nominal };
  if (n < 2 || sd === 0) return result;
  const { lower, upper } = limits;
  if (upper !== undefined) result.cpu = (upper - mean) / (3 * sd);
  if (lower !== undefined) result.cpl = (mean - lower) / (3 * sd);
  if (upper !== undefined && lower !== undefined) result.cp = (upper - lower) / (6 * sd);
  const sides = [result.cpu, result.cpl].filter((x): x is number => x !== undefined);
  if (sides.length) result.cpk = Math.min(...sides);
  return result;
}

export interface Bin {
  /** The bin holds values in [from, to). */
  from: number;
  to: number;
  count: number;
}

/**
 * Values counted in bins `step` wide (a multiple of the instrument's resolution), from the lower of the smallest value
 * and the lower limit to the higher of the largest value and the upper limit, so the tolerance band always shows.
 * At most `maxBins` bins: the step is doubled until they fit.
 */
export function histogram(
  values: number[],
  step: number,
  span: { lower?: number; upper?: number },
  maxBins = 30,
): Bin[] {
  const all = [...values, ...[span.lower, span.upper].filter((x): x is number => x !== undefined)];
  if (!all.length || step <= 0) return [];
  // Bins start on a multiple of the step; a little slack keeps a value on a boundary out of float noise.
  const eps = step / 1e6;
  let width = step;
  const binsFor = (w: number) => ({
    start: Math.floor((Math.min(...all) + eps) / w) * w,
    count: Math.floor((Math.max(...all) + eps) / w) - Math.floor((Math.min(...all) + eps) / w) + 1,
  });
  while (binsFor(width).count > maxBins) width *= 2;
  const { start, count } = binsFor(width);
  const bins = Array.from({ length: count }, (_, i) => ({
    from: start + i * width,
    to: start + (i + 1) * width,
    count: 0,
  }));
  for (const v of values) {
    const i = Math.min(count - 1, Math.max(0, Math.floor((v - start + eps) / width)));
    bins[i]!.count++;
  }
  return bins;
}
