import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A part of the app could not be downloaded, even after retrying (offline, or a new version replaced it). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
  }
}

/** SPEC §9: a script that has not loaded within 120 s has failed. */
export const CHUNK_BUDGET_MS = 120_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 16_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a dynamic import with growing pauses (1 s, 2 s, 4 s … 16 s) — a flaky connection in a classroom usually
 * recovers — and gives up with a ChunkLoadError before `budgetMs` has passed, so the user is told within 120 s.
 */
export async function retryImport<T>(load: () => Promise<T>, budgetMs = CHUNK_BUDGET_MS): Promise<T> {
  const started = Date.now();
  let delay = FIRST_DELAY_MS;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (Date.now() - started + delay > budgetMs) throw new ChunkLoadError(error);
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}

/** A lazily loaded page whose download can be started before React renders it. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; a page may take any props.
export type LazyPage<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => void };

/**
 * React.lazy with retries: every route and page of the app is loaded through this. `preload()` starts the download
 * early — a route's loader calls it at navigation, so a page's chunk arrives with the frame's instead of after it
 * (one round trip fewer on a slow link); React then finds the same download under way.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; a page may take any props.
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  budgetMs = CHUNK_BUDGET_MS,
): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  const start = () => {
    if (!loading) {
      loading = retryImport(load, budgetMs);
      // A failed download is tried again by the next caller (React's render shows the error), not remembered.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  return Object.assign(lazy(start), {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
