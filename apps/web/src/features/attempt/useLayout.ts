import { useState } from 'react';

/** One question per screen, or the whole paper. */
export type Layout = 'one' | 'all';

const LAYOUT_KEY = 'shixun.exam.layout';

function storedLayout(): Layout | undefined {
  try {
    const v = localStorage.getItem(LAYOUT_KEY);
    return v === 'one' || v === 'all' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The layout last chosen on this device; at first the whole paper on a wide screen, one per screen on a narrow one. */
export function useLayout(wide: boolean): [Layout, (next: Layout) => void] {
  const [layout, setLayoutState] = useState<Layout>(() => storedLayout() ?? (wide ? 'all' : 'one'));
  const setLayout = (next: Layout) => {
    setLayoutState(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  };
  return [layout, setLayout];
}
