import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { JobDefinition } from '../../../core/jobs/runner.ts';

/** An upload nobody has added to for this long is abandoned: its bytes and record go. */
export const UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;

/** When an upload was last touched: its newest file (the bytes change with every PATCH, the record when stored). */
async function touchedAt(files: string[]): Promise<number> {
  let newest = 0;
  for (const file of files) {
    const info = await stat(file).catch(() => null);
    if (info) newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}

/**
 * Removes uploads untouched for 24 h: incomplete ones (the student never came back), and the records of stored ones
 * (their result has long been fetched). Recurring, hourly, on the one job runner; the files are on this instance's
 * disk (tus.store.ts), so with several instances each would need the shared directory (not supported).
 * Defined by tus.routes.ts, which knows the directory.
 */
export function expireUploadsJob(dir: string): JobDefinition<Record<string, never>> {
  return {
    name: 'files.expireUploads',
    payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: 60 * 60 * 1000,
    async run({ log }) {
      const removed = await expireUploads(dir, Date.now() - UPLOAD_IDLE_MS);
      if (removed) log.info({ removed }, 'abandoned uploads removed');
    },
  };
}

/** Removes the uploads of `dir` last touched before `cutoff` (ms); answers how many. */
export async function expireUploads(dir: string, cutoff: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    const files = [path.join(dir, id), path.join(dir, `${id}.json`)];
    if ((await touchedAt(files)) >= cutoff) continue;
    for (const file of files) await rm(file, { force: true });
    removed++;
  }
  return removed;
}
