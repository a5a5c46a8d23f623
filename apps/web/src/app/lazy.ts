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

/** React.lazy with retries: every route and page of the app is loaded through this. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; a page may take any props.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => retryImport(load));
}
