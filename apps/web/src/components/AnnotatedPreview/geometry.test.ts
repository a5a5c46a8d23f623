import { describe, expect, it } from 'vitest';
import {
  boxFromDrag,
  CENTRE_BOX,
  clamp01,
  clampBox,
  pointToFraction,
  toFraction,
  toPercentStyle,
  toPixels,
} from './geometry.ts';

const page = { width: 800, height: 1000 };

describe('annotation geometry', () => {
  it('clamps to 0–1, and treats what is not a number as 0', () => {
    expect(clamp01(-0.2)).toBe(0);
    expect(clamp01(1.5)).toBe(1);
    expect(clamp01(0.25)).toBe(0.25);
    expect(clamp01(Number.NaN)).toBe(0);
    expect(clamp01(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('turns pixels into fractions of the page, outside points onto its edge', () => {
    expect(toFraction(200, 800)).toBe(0.25);
    expect(toFraction(-30, 800)).toBe(0);
    expect(toFraction(900, 800)).toBe(1);
    // A page not laid out yet has no size: no division by zero.
    expect(toFraction(10, 0)).toBe(0);
    expect(pointToFraction({ x: 400, y: 250 }, page)).toEqual({ x: 0.5, y: 0.25 });
  });

  it('makes a box from a drag in any direction, clamped to the page', () => {
    expect(boxFromDrag({ x: 80, y: 100 }, { x: 480, y: 600 }, page)).toEqual({ x: 0.1, y: 0.1, w: 0.5, h: 0.5 });
    // Dragged up and to the left: the same box.
    expect(boxFromDrag({ x: 480, y: 600 }, { x: 80, y: 100 }, page)).toEqual({ x: 0.1, y: 0.1, w: 0.5, h: 0.5 });
    // Past the page's edge: stops at it.
    expect(boxFromDrag({ x: 400, y: 500 }, { x: 1200, y: 1400 }, page)).toEqual({ x: 0.5, y: 0.5, w: 0.5, h: 0.5 });
    expect(boxFromDrag({ x: -100, y: -100 }, { x: 80, y: 100 }, page)).toEqual({ x: 0, y: 0, w: 0.1, h: 0.1 });
  });

  it('takes a click for no box', () => {
    expect(boxFromDrag({ x: 100, y: 100 }, { x: 102, y: 103 }, page)).toBeNull();
  });

  it('keeps a box inside the page', () => {
    expect(clampBox({ x: 0.9, y: 0.8, w: 0.5, h: 0.5 })).toEqual({ x: 0.9, y: 0.8, w: 1 - 0.9, h: 1 - 0.8 });
    expect(clampBox({ x: -1, y: 2, w: 3, h: -1 })).toEqual({ x: 0, y: 1, w: 1, h: 0 });
  });

  it('scales a box with the page it is drawn on', () => {
    expect(toPixels({ x: 0.1, y: 0.2, w: 0.5, h: 0.25 }, page)).toEqual({
      left: 80,
      top: 200,
      width: 400,
      height: 250,
    });
    expect(toPixels({ x: 0.1, y: 0.2, w: 0.5, h: 0.25 }, { width: 400, height: 500 })).toEqual({
      left: 40,
      top: 100,
      width: 200,
      height: 125,
    });
    expect(toPercentStyle(CENTRE_BOX)).toEqual({ left: '40%', top: '40%', width: '20%', height: '20%' });
  });
});
