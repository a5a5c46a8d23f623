import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { job } from '../../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';

/**
 * The one job runner (ARCHITECTURE §7): a table swept with `FOR UPDATE SKIP LOCKED`. No library: the maintained
 * Node queues need Redis (BullMQ) or a PostgreSQL server with its own schema and LISTEN connections (pg-boss,
 * graphile-worker), none of which run on PGlite, the embedded default; this runs on both.
 *
 * Each job runs inside the transaction that claimed it: another instance skips the locked row, the job's writes and
 * its "done" commit together, and a crash rolls both back, so the job runs again elsewhere. Database effects happen
 * exactly once. A job must therefore be short (PGlite has one connection: a running job holds it); long work is
 * split into jobs of its own.
 */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** Runs inside the claiming transaction; `db` is that transaction. Throw to retry later. */
  run(ctx: { db: Db; attempt: number; log: FastifyBaseLogger }, payload: Payload): Promise<void>;
  /** Tries before it is marked failed (default 5); retries wait 5 s, 10 s, 20 s … up to 10 minutes. */
  maxAttempts?: number;
  /** Recurring: the runner keeps one pending run scheduled this many milliseconds after the last. */
  everyMs?: number;
}

export interface ScheduleOptions {
  /** When to run; default now. */
  runAt?: Date;
  /** One pending job per name and key: scheduling again while one waits does nothing (returns false). */
  key?: string;
}

/** Schedules a job through `db` — inside a transaction, it exists only if that transaction commits. */
export async function scheduleJob<P>(
  db: Db,
  def: JobDefinition<P>,
  payload: P,
  opts: ScheduleOptions = {},
): Promise<boolean> {
  const rows = await db
    .insert(job)
    .values({
      id: newId(),
      name: def.name,
      key: opts.key ?? null,
      payload: def.payload.parse(payload) as object,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: def.maxAttempts ?? 5,
    })
    .onConflictDoNothing()
    .returning({ id: job.id });
  return rows.length > 0;
}

/** Takes back a pending job (e.g. a timer whose attempt was submitted by hand). */
export async function cancelJob(db: Db, def: JobDefinition<unknown>, key: string): Promise<void> {
  await cancelJobs(db, def, [key]);
}

/** Takes back the pending jobs of these keys (e.g. the timers of a removed assignment's attempts). */
export async function cancelJobs(db: Db, def: JobDefinition<unknown>, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.delete(job).where(and(eq(job.name, def.name), inArray(job.key, keys), eq(job.state, 'pending')));
}

export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** (attempt - 1), 10 * 60_000);
}

export class JobRunner {
  private readonly defs = new Map<string, JobDefinition<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private polling = false;
  private halting = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
  ) {}

  define<P>(def: JobDefinition<P>): JobDefinition<P> {
    if (this.defs.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
    this.defs.set(def.name, def as JobDefinition<unknown>);
    return def;
  }

  /** Starts polling; recurring jobs get their first run scheduled. */
  async start(): Promise<void> {
    for (const def of this.defs.values()) {
      if (def.everyMs) await scheduleJob(this.db, def, {}, { key: 'recurring' });
    }
    this.polling = true;
    this.halting = false;
    this.tick();
  }

  /** Stops polling and waits for the job in hand (it commits or rolls back; nothing is left half done). */
  async stop(): Promise<void> {
    this.polling = false;
    this.halting = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs due jobs one after another until none is left; returns how many ran (tests call it directly). */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.halting && (await this.runOne())) ran++;
    return ran;
  }

  private tick(): void {
    this.running = this.runDue()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'job runner: sweep failed'))
      .finally(() => {
        if (this.polling) this.timer = setTimeout(() => this.tick(), this.pollMs);
      });
  }

  /** Claims the next due job this instance knows and runs it; false when there is none. */
  private async runOne(): Promise<boolean> {
    const names = [...this.defs.keys()];
    if (names.length === 0) return false;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(job)
        .where(and(eq(job.state, 'pending'), lte(job.runAt, sql`now()`), inArray(job.name, names)))
        .orderBy(asc(job.runAt), asc(job.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const def = this.defs.get(row.name)!;
      const attempt = row.attempts + 1;
      try {
        // A savepoint: a failing job's own writes are undone, its attempt count and error are kept.
        await tx.transaction((inner) => def.run({ db: inner, attempt, log: this.log }, def.payload.parse(row.payload)));
        await tx
          .update(job)
          .set({ state: 'done', attempts: attempt, finishTime: new Date() })
          .where(eq(job.id, row.id));
      } catch (err) {
        const failed = attempt >= row.maxAttempts;
        this.log.warn({ err, job: row.name, id: row.id, attempt }, failed ? 'job failed for good' : 'job will retry');
        await tx
          .update(job)
          .set({
            state: failed ? 'failed' : 'pending',
            attempts: attempt,
            lastError: String((err as Error)?.message ?? err).slice(0, 2000),
            runAt: new Date(Date.now() + retryDelayMs(attempt)),
            finishTime: failed ? new Date() : null,
          })
          .where(eq(job.id, row.id));
      }
      // The next run of a recurring job, whatever became of this one (a pending retry keeps the key taken).
      if (def.everyMs) await scheduleJob(tx, def, {}, { key: 'recurring', runAt: new Date(Date.now() + def.everyMs) });
      return true;
    });
  }
}
