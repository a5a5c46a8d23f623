/**
 * A note's box is kept as fractions of its page (0–1), so it lands on the same spot at any zoom, on a phone or a
 * desk. These helpers turn pointer positions (pixels in the drawn page) into such boxes and back.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A drag shorter than this (in page fractions) is a click, not a box. */
export const MIN_BOX = 0.01;

/** The box the keyboard's "add" button places: a fifth of the page, centred. */
export const CENTRE_BOX: Box = { x: 0.4, y: 0.4, w: 0.2, h: 0.2 };

/** Into 0–1; anything not a number (a page not laid out yet: 0 / 0) is 0. */
export function clamp01(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(1, Math.max(0, n));
}

/** A pixel offset within a page of that many pixels, as a fraction of it. */
export function toFraction(px: number, size: number): number {
  return size > 0 ? clamp01(px / size) : 0;
}

/** A point in page pixels as fractions of the page. */
export function pointToFraction(p: Point, size: Size): Point {
  return { x: toFraction(p.x, size.width), y: toFraction(p.y, size.height) };
}

/** A box kept inside the page: its corner in 0–1, its size no further than the page's edge. */
export function clampBox(box: Box): Box {
  const x = clamp01(box.x);
  const y = clamp01(box.y);
  return { x, y, w: Math.min(clamp01(box.w), 1 - x), h: Math.min(clamp01(box.h), 1 - y) };
}

/** The box between two pointer positions (page pixels, either corner first), or null for a mere click. */
export function boxFromDrag(start: Point, end: Point, size: Size): Box | null {
  const a = pointToFraction(start, size);
  const b = pointToFraction(end, size);
  const box = clampBox({
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    w: Math.abs(a.x - b.x),
    h: Math.abs(a.y - b.y),
  });
  return box.w < MIN_BOX && box.h < MIN_BOX ? null : box;
}

/** Where a box is drawn on a page of that size, in pixels. */
export function toPixels(box: Box, size: Size): { left: number; top: number; width: number; height: number } {
  const b = clampBox(box);
  return { left: b.x * size.width, top: b.y * size.height, width: b.w * size.width, height: b.h * size.height };
}

/** The same box as CSS percentages of its page, which follow the page as it is resized without measuring it. */
export function toPercentStyle(box: Box): { left: string; top: string; width: string; height: string } {
  const b = clampBox(box);
  const pct = (n: number) => `${+(n * 100).toFixed(3)}%`;
  return { left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h) };
}
