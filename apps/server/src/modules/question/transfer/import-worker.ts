import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../core/http/errors.ts';
import type { Failure, Outcome } from './import-reader.ts';
import { FileRefused } from './office-file.ts';
import { type ReadOptions, readImportFile } from './read-file.ts';

/** The import worker (import-reader.ts): reads one uploaded file at a time, off the thread that serves requests. */
interface Job {
  file: Uint8Array;
  name?: string;
  options: ReadOptions;
}

parentPort?.on('message', async (job: Job) => {
  parentPort?.postMessage(await outcomeOf(job));
});

async function outcomeOf(job: Job): Promise<Outcome> {
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    return { read: await readImportFile(file, job.name, job.options) };
  } catch (e) {
    if (e instanceof FileRefused) {
      const { kind, reason, detail } = e;
      const parserError = e.parserError === undefined ? undefined : failure(e.parserError);
      return { refused: { kind, reason, detail, parserError } };
    }
    if (e instanceof AppError) return { appError: { status: e.status, key: e.key, params: e.params } };
    return { failed: failure(e) };
  }
}

function failure(e: unknown): Failure {
  return e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
}
