import { useCallback, useRef, useState } from 'react';

/**
 * The content width of the element given the returned ref, followed as it changes (window, collapsed menu, a tree
 * beside the table). Undefined until measured, and where ResizeObserver does not exist (unit tests).
 */
export function useWidth<E extends HTMLElement>(): [(el: E | null) => void, number | undefined] {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver>(undefined);
  const ref = useCallback((el: E | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}
