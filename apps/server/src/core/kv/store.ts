import { Redis } from 'ioredis';

/**
 * Short-lived shared values (captchas). Redis when REDIS_URL is set — required when several instances run behind
 * a load balancer — else this process's memory, which is right for the embedded single-process default.
 */
export interface KvStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Read without using up (a value checked now and taken later, once the work it guards has succeeded). */
  get(key: string): Promise<string | null>;
  /** Read and delete in one step, so a value can be used once only. */
  take(key: string): Promise<string | null>;
  /** Count one more event in a fixed window of ttlSeconds that starts with the first; returns the count so far. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryStore implements KvStore {
  private readonly values = new Map<string, { value: string; expires: number }>();

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.values.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }

  async get(key: string): Promise<string | null> {
    const hit = this.values.get(key);
    return hit && hit.expires > Date.now() ? hit.value : null;
  }

  async take(key: string): Promise<string | null> {
    const hit = this.values.get(key);
    this.values.delete(key);
    return hit && hit.expires > Date.now() ? hit.value : null;
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    this.sweep();
    const hit = this.values.get(key);
    const count = (hit ? Number(hit.value) : 0) + 1;
    this.values.set(key, { value: String(count), expires: hit?.expires ?? Date.now() + ttlSeconds * 1000 });
    return count;
  }

  async close(): Promise<void> {
    this.values.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.values) if (v.expires <= now) this.values.delete(k);
  }
}

export class RedisStore implements KvStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'shixun:',
  ) {}

  static async connect(url: string, prefix?: string): Promise<RedisStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    redis.on('error', () => {}); // reported through failing commands, not as an unhandled event
    await redis.connect();
    return new RedisStore(redis, prefix);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const k = this.prefix + key;
    // NX: only the first event of a window sets its end, so steady traffic cannot keep a window open for ever.
    const results = await this.redis.multi().incr(k).expire(k, ttlSeconds, 'NX').exec();
    const [err, count] = results?.[0] ?? [new Error('no reply'), 0];
    if (err) throw err;
    return Number(count);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
