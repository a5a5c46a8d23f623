import { Redis } from 'ioredis';

/**
 * Short-lived shared values (captchas). Redis when REDIS_URL is set — required when several instances run behind
 * a load balancer — else this process's memory, which is right for the embedded single-process default.
 */
export interface KvStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Read and delete in one step, so a value can be used once only. */
  take(key: string): Promise<string | null>;
  close(): Promise<void>;
}

export class MemoryStore implements KvStore {
  private readonly values = new Map<string, { value: string; expires: number }>();

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.sweep();
    this.values.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
  }

  async take(key: string): Promise<string | null> {
    const hit = this.values.get(key);
    this.values.delete(key);
    return hit && hit.expires > Date.now() ? hit.value : null;
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

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
