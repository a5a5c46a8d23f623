import { decimal, type FrozenItem, formatDecimal, limitsOf, placesOf, specOf } from '@shixun/contracts';

/** The accepted range of a measured item as a teacher writes it: "24.979 ~ 25.000 mm", "≤ 3.2 μm". */
export function rangeText(item: FrozenItem): string {
  if (item.kind !== 'measure') return '';
  const { lower, upper } = limitsOf(specOf(item));
  const places = Math.max(
    ...[item.nominal, item.lowerDeviation, item.upperDeviation, item.resolution]
      .filter((s): s is string => Boolean(s))
      .map((s) => placesOf(decimal(s))),
  );
  const f = (v: bigint) => formatDecimal(v, places);
  const unit = item.unit ? ` ${item.unit}` : '';
  if (lower !== undefined && upper !== undefined) return `${f(lower)} ~ ${f(upper)}${unit}`;
  if (upper !== undefined) return `≤ ${f(upper)}${unit}`;
  return lower !== undefined ? `≥ ${f(lower)}${unit}` : '';
}

/** Nominal and deviations as on a drawing: "25.00 −0.021/0". */
export function toleranceText(item: FrozenItem): string {
  const sign = (d: string | null) =>
    d === null ? '—' : d.startsWith('-') ? `−${d.slice(1)}` : d === '0' ? '0' : `+${d.replace(/^\+/, '')}`;
  return `${item.nominal ?? ''} ${sign(item.upperDeviation)}/${sign(item.lowerDeviation)}`;
}
