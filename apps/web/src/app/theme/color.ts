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

/** Relative luminance (WCAG 2.1) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `hex` made just dark enough (on a light background; light enough on a dark one) to reach `ratio` against
 * `background` — the same hue, so a theme keeps its colour while its text and the text on its fills can be read.
 * 4.5:1 is WCAG AA for body text, 3:1 for large text and for the outlines of controls.
 */
export function readable(hex: string, background: string, ratio = 4.5): string {
  const towards = luminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let weight = 0; weight <= 1; weight += 0.01) {
    const shade = mix(hex, towards, weight);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return towards;
}

/**
 * What is drawn with the theme colour `primary` on the light pages: filled buttons and the selected menu item with
 * white text on them, links and selected text on white and on the colour's light tints (selected rows and items),
 * all at least 4.5:1. A colour that already passes is kept.
 */
export function accessiblePrimary(primary: string): string {
  return readable(readable(primary, '#ffffff', 4.5), lighten(primary, 0.85), 4.5);
}
