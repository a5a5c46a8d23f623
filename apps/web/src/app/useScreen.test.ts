import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenClass, useScreen } from './useScreen.ts';

describe('screen classes (SPEC §2)', () => {
  it('is 3 from 1200 px, 2 from 992, 1 from 768, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 390, 0].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0, 0]);
  });

  it('follows the window as it is resized', () => {
    const resize = (width: number) =>
      act(() => {
        window.innerWidth = width;
        window.dispatchEvent(new Event('resize'));
      });
    resize(1366);
    const { result } = renderHook(() => useScreen());
    expect(result.current).toBe(3);
    resize(1000);
    expect(result.current).toBe(2);
    resize(800);
    expect(result.current).toBe(1);
    resize(390);
    expect(result.current).toBe(0);
  });
});
