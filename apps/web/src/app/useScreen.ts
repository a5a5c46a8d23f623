import { useSyncExternalStore } from 'react';

/** Saber's screen classes (SPEC §2): 3 from 1200 px, 2 from 992, 1 from 768, else 0 (a phone). */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClass(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current screen class, re-rendering only when the window crosses a breakpoint. */
export function useScreen(): ScreenClass {
  return useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
}
