import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { job } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { cancelJob, type JobDefinition, JobRunner, retryDelayMs, scheduleJob } from './runner.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`create table job_effect (label text not null, attempt int not null)`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from job_effect`);
  await t.db.delete(job);
});

const effects = async (db: Db = t.db) =>
  (await db.execute(sql`select label from job_effect order by label`)) as unknown as
    | { rows: { label: string }[] }
    | { label: string }[];
const labels = async () => {
  const res = await effects();
  return ('rows' in res ? res.rows : res).map((r) => r.label);
};

/** A job that records its label, as an exam timer records a submission. */
const record = (
  name: string,
  opts: Partial<JobDefinition<{ label: string }>> = {},
): JobDefinition<{ label: string }> => ({
  name,
  payload: z.object({ label: z.string() }),
  async run({ db, attempt }, { label }) {
    await db.execute(sql`insert into job_effect (label, attempt) values (${label}, ${attempt})`);
  },
  ...opts,
});

describe('job runner', () => {
  it('runs due jobs once, leaves future ones waiting, and keeps one pending job per key', async () => {
    const runner = new JobRunner(t.db, log);
    const def = runner.define(record('test.record'));
    await scheduleJob(t.db, def, { label: 'now' });
    await scheduleJob(t.db, def, { label: 'later' }, { runAt: new Date(Date.now() + 60_000) });
    expect(await scheduleJob(t.db, def, { label: 'keyed' }, { key: 'k1' })).toBe(true);
    expect(await scheduleJob(t.db, def, { label: 'keyed again' }, { key: 'k1' })).toBe(false);
    expect(await runner.runDue()).toBe(2);
    expect(await runner.runDue()).toBe(0);
    expect(await labels()).toEqual(['keyed', 'now']);
    // Once done, the key may be scheduled again.
    expect(await scheduleJob(t.db, def, { label: 'keyed 2' }, { key: 'k1' })).toBe(true);
    await cancelJob(t.db, def as JobDefinition<unknown>, 'k1');
    expect(await runner.runDue()).toBe(0);
  });

  it('is scheduled with the transaction that asks for it: a rollback schedules nothing', async () => {
    const runner = new JobRunner(t.db, log);
    const def = runner.define(record('test.tx'));
    await t.db
      .transaction(async (tx) => {
        await scheduleJob(tx, def, { label: 'rolled back' });
        throw new Error('no');
      })
      .catch(() => {});
    expect(await runner.runDue()).toBe(0);
  });

  it('retries a failing job with backoff, undoing its writes each time, then marks it failed', async () => {
    const runner = new JobRunner(t.db, log);
    let calls = 0;
    const def = runner.define({
      ...record('test.flaky'),
      maxAttempts: 3,
      async run({ db, attempt }, { label }) {
        calls++;
        await db.execute(sql`insert into job_effect (label, attempt) values (${label}, ${attempt})`);
        throw new Error(`attempt ${attempt} failed`);
      },
    });
    await scheduleJob(t.db, def, { label: 'flaky' });
    const started = Date.now();
    expect(await runner.runDue()).toBe(1);
    const [after1] = await t.db.select().from(job);
    expect(after1).toMatchObject({ state: 'pending', attempts: 1, lastError: 'attempt 1 failed' });
    expect(after1!.runAt.getTime() - started).toBeGreaterThanOrEqual(retryDelayMs(1) - 50);
    for (const attempt of [2, 3]) {
      await t.db.update(job).set({ runAt: new Date(0) });
      expect(await runner.runDue()).toBe(1);
      expect((await t.db.select().from(job))[0]).toMatchObject({ attempts: attempt });
    }
    expect((await t.db.select().from(job))[0]!.state).toBe('failed');
    expect(calls).toBe(3);
    expect(await labels()).toEqual([]);
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(20)]).toEqual([5_000, 10_000, 600_000]);
  });

  it('keeps a recurring job scheduled, and polls by itself once started', async () => {
    const runner = new JobRunner(t.db, log, 20);
    runner.define({ ...record('test.recurring'), payload: z.object({}), everyMs: 60_000, run: async () => {} });
    const def = runner.define(record('test.polled'));
    await runner.start();
    await scheduleJob(t.db, def, { label: 'polled' });
    await expect.poll(labels, { timeout: 5000 }).toEqual(['polled']);
    await runner.stop();
    const recurring = await t.db.select().from(job).where(eq(job.name, 'test.recurring'));
    expect(recurring.filter((r) => r.state === 'pending')).toHaveLength(1);
    expect(recurring.filter((r) => r.state === 'done')).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('job runner, two instances on one PostgreSQL', () => {
  it('runs each of 60 jobs exactly once between two instances', async () => {
    const second = (await t.secondDatabase())!;
    const [a, b] = [new JobRunner(t.db, log), new JobRunner(second.db, log)];
    const defs = [a, b].map((r) => r.define(record('test.shared')));
    for (let i = 0; i < 60; i++) await scheduleJob(t.db, defs[0]!, { label: `j${String(i).padStart(2, '0')}` });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(60);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    const done = await labels();
    expect(done).toHaveLength(60);
    expect(new Set(done).size).toBe(60);
  });

  it('an instance that dies in the middle of a job leaves it to the other, which runs it once', async () => {
    const second = (await t.secondDatabase())!;
    const victim = (await t.secondDatabase())!;
    let reached!: (pid: number) => void;
    const inJob = new Promise<number>((resolve) => {
      reached = resolve;
    });
    let proceed!: () => void;
    const cut = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    const dying = new JobRunner(victim.db, log);
    const def = dying.define({
      ...record('test.crash'),
      async run({ db }, { label }) {
        await db.execute(sql`insert into job_effect (label, attempt) values (${label}, 1)`);
        const res = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        reached(res.rows[0]!.pid);
        await cut;
        await db.execute(sql`select 1`);
      },
    });
    await scheduleJob(t.db, def, { label: 'survivor' });
    const crashed = dying.runDue().catch((e: unknown) => e);
    // The process dies here: the server cuts its connection while the job's transaction is open.
    await t.db.execute(sql`select pg_terminate_backend(${await inJob})`);
    proceed();
    expect(await crashed).toBeInstanceOf(Error);
    const heir = new JobRunner(second.db, log);
    heir.define(record('test.crash'));
    expect(await heir.runDue()).toBe(1);
    expect(await labels()).toEqual(['survivor']);
    expect((await t.db.select().from(job))[0]).toMatchObject({ state: 'done', attempts: 1 });
  });
});
