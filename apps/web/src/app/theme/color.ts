/** Small colour arithmetic for themes that derive their chrome from the chosen primary colour. */

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `hex` moved towards `other` by `weight` (0 = hex, 1 = other). */
export function mix(hex: string, other: string, weight: number): string {
  const a = channels(hex);
  const b = channels(other);
  return toHex(a.map((v, i) => v + (b[i]! - v) * weight));
}

export const darken = (hex: string, weight: number) => mix(hex, '#000000', weight);
export const lighten = (hex: string, weight: number) => mix(hex, '#ffffff', weight);

export function alpha(hex: string, a: number): string {
  const [r, g, b] = channels(hex);
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}
