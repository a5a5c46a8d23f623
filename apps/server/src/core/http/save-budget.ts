import { SAVE_BODY_LIMIT } from '@shixun/contracts';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { principalOf } from '../access/guard.ts';
import { AppError } from './errors.ts';

/**
 * What one student may send to an autosave (the exam's save_answers and submit_exam, the workbench's
 * submit_paper_answer), so that a student who floods them (a broken client, a script) slows nobody else down: a body
 * limit and a token bucket per student on each instance, shared by every autosave route.
 *
 * The bucket is checked before the body is read or parsed and before any query (the student is known from the
 * guard, which caches sessions): the check is a map lookup. A save costs one token per started 32 kB of body. The
 * exam player sends at most one save at a time, 800 ms after the last change, and after a failure waits 1–15 s:
 * typing an essay in one tab costs about 1–3 tokens a second, a reconnect's backlog ~10 per 256 kB batch. So 4 tokens
 * a second with room for 100 at once never stops a real student (not with two tabs, not after a reconnect), while a
 * flood gets 429 after its first 100 small saves (or six largest ones) — about 3 MB, a few milliseconds of work.
 */
export const BUDGET_TOKENS = 100;
export const BUDGET_PER_SECOND = 4;
const BYTES_PER_TOKEN = 32 * 1024;
/** Buckets idle this long are full again and can be forgotten. */
const FORGET_MS = (BUDGET_TOKENS / BUDGET_PER_SECOND) * 1000;

interface Bucket {
  tokens: number;
  at: number;
}

export class SaveBudget {
  private readonly buckets = new Map<string, Bucket>();
  private swept = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes `cost` tokens from `key`'s bucket: 0 when granted, else the whole seconds until they would be. */
  take(key: string, cost: number): number {
    const now = this.now();
    if (now - this.swept > FORGET_MS) this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: BUDGET_TOKENS, at: now };
    bucket.tokens = Math.min(BUDGET_TOKENS, bucket.tokens + ((now - bucket.at) / 1000) * BUDGET_PER_SECOND);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return 0;
    }
    return Math.ceil((cost - bucket.tokens) / BUDGET_PER_SECOND);
  }

  private sweep(now: number): void {
    this.swept = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > FORGET_MS) this.buckets.delete(key);
  }
}

/** A save's cost from its declared length (a body without one is charged as the largest allowed). */
export function saveCost(contentLength: string | undefined): number {
  const bytes = Number(contentLength);
  return 1 + Math.floor((Number.isFinite(bytes) && bytes >= 0 ? bytes : SAVE_BODY_LIMIT) / BYTES_PER_TOKEN);
}

/** Refused before it is read, a body up to this size is drained and the connection kept; a larger one closes it. */
const UNREAD_BODY_KEPT = 64 * 1024;
/**
 * A refusal is answered after this pause. Refusing costs what any request costs the framework (~0.2 ms), so a loop
 * that sends again as soon as it is answered (a script, a broken client) would still take a core's worth of refusals;
 * answered a second late, it sends one request per connection a second. The exam player never gets here.
 */
const REFUSAL_DELAY_MS = 1000;

/** One per process: a student's saves reach one instance per connection, and each instance guards itself. */
const budget = new SaveBudget();

/**
 * onRequest, after the guard, before the body is read: a student over budget gets 429 with Retry-After, a second
 * late; a body declared over the limit gets 413. A large body refused this way is not read just to be thrown away:
 * the connection closes after the answer (the exam player keeps its saves far below; to it a cut connection is one
 * more failure to retry).
 */
async function admit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  const wait = budget.take(principalOf(req).userId, saveCost(req.headers['content-length']));
  if (wait) {
    reply.header('retry-after', String(wait));
    // Without a declared length, a body counts as large.
    if (Number.isNaN(length) || length > UNREAD_BODY_KEPT) reply.header('connection', 'close');
    await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
    throw new AppError(429, 'exam.save.throttled', { seconds: wait });
  }
  if (length > SAVE_BODY_LIMIT) {
    reply.header('connection', 'close');
    throw new AppError(413, 'http.bodyTooLarge', { size: `${SAVE_BODY_LIMIT / 1024} KB` });
  }
}

/** The route options of every autosave: the body limit, and the student's budget checked before the body is read. */
export const saveBudget = {
  // Also for a body sent without its length, counted as it arrives.
  bodyLimit: SAVE_BODY_LIMIT,
  onRequest: admit,
} satisfies RouteShorthandOptions;
