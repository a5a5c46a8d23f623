import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_BUDGET_MS, ChunkLoadError, lazyPage, retryImport } from './lazy.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chunk loading with retries', () => {
  it('retries a failed download and succeeds once it arrives', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('page');
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up with a ChunkLoadError within the 120 s budget, backing off up to 16 s between tries', async () => {
    const started = Date.now();
    const load = vi.fn(() => Promise.reject(new TypeError('offline')));
    const result = retryImport(load);
    const failed = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_BUDGET_MS);
    await failed;
    expect(Date.now() - started).toBeLessThanOrEqual(CHUNK_BUDGET_MS);
    // 1 + 2 + 4 + 8 + 16 + 16 … : ten tries fit in 120 s.
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(load.mock.calls.length).toBeLessThanOrEqual(11);
  });
});

describe('preloading a page', () => {
  it('starts one download, however many loaders ask, and asks again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => null }>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue({ default: () => null });
    const Page = lazyPage(load, 0);
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
