/**
 * Measured values, nominal values and tolerances are decimals: 25.00 − 0.02 must be exactly 24.98, which binary
 * floating point does not give (25 - 0.02 = 24.98 only by luck; 0.1 + 0.2 ≠ 0.3). They travel as strings and are
 * worked on as whole numbers of millionths (bigint): exact for every instrument a workshop has (a micrometer reads
 * 0.001 mm) and for the sums a tolerance needs.
 */
export type Micros = bigint;

const PLACES = 6;
const ONE: Micros = 10n ** BigInt(PLACES);

/** The largest magnitude accepted: 999,999.999999 (a length in mm, a resistance in Ω …). */
const MAX: Micros = 1_000_000n * ONE - 1n;

/** Full-width digits, point and signs typed with a Chinese input method (２５．０２, －0.1) read as ASCII. */
function halfWidth(text: string): string {
  return text
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[．。]/g, '.')
    .replace(/[－—]/g, '-')
    .replace(/＋/g, '+');
}

/**
 * A decimal as written (`25.02`, `-0.1`, `+.5`, `２５．０２`), exactly, or undefined when it is not one: more than six
 * decimals, an exponent, thousands separators, a magnitude of a million or more.
 */
export function parseDecimal(text: string): Micros | undefined {
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(halfWidth(text.trim()));
  if (!m) return undefined;
  const [, sign, whole = '', fraction = ''] = m;
  if (!whole && !fraction) return undefined;
  if (fraction.length > PLACES) return undefined;
  const value = BigInt(whole || '0') * ONE + BigInt(fraction.padEnd(PLACES, '0') || '0');
  if (value > MAX) return undefined;
  return sign === '-' ? -value : value;
}

/** A decimal known to be valid (a stored value): throws on anything else. */
export function decimal(text: string): Micros {
  const value = parseDecimal(text);
  if (value === undefined) throw new Error(`not a decimal: ${text}`);
  return value;
}

/** Decimals a step needs to be written: 0.02 → 2, 0.001 → 3, 0.5 → 1, 1 → 0. */
export function placesOf(step: Micros): number {
  let places = PLACES;
  let rest = step < 0n ? -step : step;
  while (places > 0 && rest % 10n === 0n) {
    rest /= 10n;
    places--;
  }
  return places;
}

/** Written with exactly `places` decimals (rounded half away from zero when it has more): 24.98, -0.10, 25. */
export function formatDecimal(value: Micros, places = placesOf(value)): string {
  const rounded = roundTo(value, 10n ** BigInt(PLACES - places));
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  const whole = (abs / ONE).toString();
  const fraction = (abs % ONE).toString().padStart(PLACES, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/**
 * To the nearest multiple of `step` (an instrument's resolution: a caliper reads 0.02, so 25.013 is read 25.02 and
 * 25.009 is 25.00), halves away from zero, as a reading between two marks is taken to the farther one.
 */
export function roundTo(value: Micros, step: Micros): Micros {
  if (step <= 0n) throw new Error('a step is positive');
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rounded = ((abs * 2n + step) / (2n * step)) * step;
  return negative ? -rounded : rounded;
}

export const absolute = (value: Micros): Micros => (value < 0n ? -value : value);
