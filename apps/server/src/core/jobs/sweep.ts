import { and, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { job } from '../../db/schema/index.ts';
import type { JobDefinition } from './runner.ts';

/** Finished jobs are kept a week (failed ones a month, for whoever investigates), then swept once a day. */
export const sweepJobs: JobDefinition<Record<string, never>> = {
  name: 'jobs.sweep',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  everyMs: 24 * 60 * 60 * 1000,
  async run({ db }) {
    await db
      .delete(job)
      .where(
        or(
          and(eq(job.state, 'done'), lt(job.finishTime, sql`now() - interval '7 days'`)),
          and(eq(job.state, 'failed'), lt(job.finishTime, sql`now() - interval '30 days'`)),
        ),
      );
  },
};
