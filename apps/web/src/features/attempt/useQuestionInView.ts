import { useEffect } from 'react';
import type { TopQuestion } from './paper.ts';
import type { Layout } from './useLayout.ts';

interface InView {
  layout: Layout;
  tops: TopQuestion[];
  /** The questions are on the page (the answers are loaded). */
  ready: boolean;
  setCurrent: (index: number) => void;
}

/** In the whole paper, the question in view is the one the answer sheet outlines. */
export function useQuestionInView({ layout, tops, ready, setCurrent }: InView): void {
  useEffect(() => {
    if (layout !== 'all' || !ready || typeof IntersectionObserver === 'undefined') return;
    const index = new Map(tops.map((q, i) => [`q-${q.question.id}`, i]));
    const observer = new IntersectionObserver(
      (seen) => {
        const top = seen
          .filter((s) => s.isIntersecting)
          .map((s) => index.get(s.target.getAttribute('data-top') ?? '') ?? -1)
          .filter((i) => i >= 0)
          .sort((a, b) => a - b)[0];
        if (top !== undefined) setCurrent(top);
      },
      { rootMargin: '-140px 0px -55% 0px' },
    );
    for (const el of document.querySelectorAll('[data-top]')) observer.observe(el);
    return () => observer.disconnect();
  }, [layout, tops, ready, setCurrent]);
}
