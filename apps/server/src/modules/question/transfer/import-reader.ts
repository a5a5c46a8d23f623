import { Worker } from 'node:worker_threads';
import type { MessageKey, MessageParam } from '@shixun/contracts';
import { AppError } from '../../../core/http/errors.ts';
import { type FileKind, FileRefused, kindHint, type RefusalReason } from './office-file.ts';
import type { ReadFile, ReadOptions } from './read-file.ts';

/**
 * Reading a Word or Excel file is seconds of synchronous work inside mammoth and exceljs (2000 questions: 5 to 20 s,
 * as busy as the machine is), which on the request thread would stall every other user of the instance. Files are
 * therefore read by one worker thread, one at a time, each within a time and a memory budget: a file past either
 * is refused (400, the budget named) and the worker is replaced. The limits of office-file.ts and sheet-limits.ts
 * refuse most such files long before. An old .doc or .xls is first converted by LibreOffice, a child process
 * (formats/legacy-office.ts) ended at half the time budget, before the worker could be replaced under it.
 */

export const IMPORT_TIME_LIMIT_MS = 60_000;
/**
 * Far above what any file within the package limits needs, so that it only ends a runaway read. V8 ends the worker
 * cleanly when the heap grows past it bit by bit; one allocation far past it would still end the process.
 */
export const IMPORT_HEAP_LIMIT_MB = 1024;

const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** Built, the worker is dist/question-import-worker.js beside dist/main.js (build.mjs); from source, through tsx. */
const WORKER_URL = FROM_SOURCE
  ? new URL('./import-worker-dev.mjs', import.meta.url)
  : new URL('./question-import-worker.js', import.meta.url);

export interface Failure {
  message: string;
  stack?: string;
}

/** What the worker answers for one file (structured clone: plain data only). */
export type Outcome =
  | { read: ReadFile }
  | {
      refused: {
        kind: FileKind | undefined;
        reason: RefusalReason;
        detail: Record<string, string | number>;
        parserError?: Failure;
      };
    }
  | { appError: { status: AppError['status']; key: MessageKey; params: Record<string, MessageParam> } }
  | { failed: Failure };

interface Job {
  file: Buffer;
  name: string | undefined;
  options: ReadOptions;
  resolve: (read: ReadFile) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

export class ImportReader {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: Job | undefined;

  constructor(private readonly limits = { timeMs: IMPORT_TIME_LIMIT_MS, heapMb: IMPORT_HEAP_LIMIT_MB }) {}

  /** Reads an uploaded file (read-file.ts) in the worker; rejects with FileRefused, AppError or a server error. */
  read(file: Buffer, name?: string, options: ReadOptions = {}): Promise<ReadFile> {
    return new Promise((resolve, reject) => {
      this.queue.push({ file, name, options, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private next(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    this.worker ??= this.start();
    job.timer = setTimeout(() => {
      const seconds = this.limits.timeMs / 1000;
      this.replace(new FileRefused(kindHint(job.file, job.name), 'tooSlow', { seconds }));
    }, this.limits.timeMs);
    this.worker.postMessage({ file: job.file, name: job.name, options: job.options });
  }

  private start(): Worker {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb } });
    // Idle, it does not keep the process alive; a request waiting for it does.
    worker.unref();
    worker.on('message', (outcome: Outcome) => {
      if (worker === this.worker) this.settle(resultOf(outcome));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (worker !== this.worker) return;
      this.worker = undefined;
      const job = this.current;
      const tooBig = error.code === 'ERR_WORKER_OUT_OF_MEMORY' && job;
      this.settle(tooBig ? new FileRefused(kindHint(job.file, job.name), 'tooComplex') : error);
    });
    worker.on('exit', (code) => {
      if (worker !== this.worker) return;
      this.worker = undefined;
      this.settle(new Error(`the question import worker stopped (exit code ${code})`));
    });
    return worker;
  }

  /** Ends the file being read (over its time) with `error`; the next file gets a new worker. */
  private replace(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.settle(error);
  }

  private settle(result: ReadFile | Error): void {
    const job = this.current;
    if (!job) return;
    this.current = undefined;
    clearTimeout(job.timer);
    if (result instanceof Error) job.reject(result);
    else job.resolve(result);
    this.next();
  }
}

function resultOf(outcome: Outcome): ReadFile | Error {
  if ('read' in outcome) {
    const { read } = outcome;
    // Buffers arrive as plain Uint8Arrays.
    const pictures = read.pictures.map((p) => ({
      name: p.name,
      bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength),
    }));
    return { ...read, pictures };
  }
  if ('refused' in outcome) {
    const { kind, reason, detail, parserError } = outcome.refused;
    return new FileRefused(kind, reason, detail, parserError && errorOf(parserError));
  }
  if ('appError' in outcome)
    return new AppError(outcome.appError.status, outcome.appError.key, outcome.appError.params);
  return errorOf(outcome.failed);
}

/** An error of the worker, with its stack, for the log. */
function errorOf(failure: Failure): Error {
  const error = new Error(failure.message);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
