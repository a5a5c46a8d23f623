import { useCallback, useEffect, useState } from 'react';

const isFull = () => Boolean(document.fullscreenElement);

/**
 * Full screen through the Fullscreen API (SPEC §2). Esc leaves it through the browser and the state follows. F11 is
 * taken over by the same API: the browser's own F11 mode is invisible to a page, so the button could neither show
 * it nor leave it.
 */
export function useFullscreen(): { full: boolean; supported: boolean; toggle: () => void } {
  const [full, setFull] = useState(isFull);
  const supported = Boolean(document.fullscreenEnabled);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  useEffect(() => {
    const sync = () => setFull(isFull());
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F11' || !supported) return;
      e.preventDefault();
      toggle();
    };
    document.addEventListener('fullscreenchange', sync);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      window.removeEventListener('keydown', onKey);
    };
  }, [supported, toggle]);

  return { full, supported, toggle };
}
