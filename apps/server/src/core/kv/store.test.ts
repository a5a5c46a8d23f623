import { describe, expect, it } from 'vitest';
import { type KvStore, MemoryStore, RedisStore } from './store.ts';

const redisUrl = process.env.TEST_REDIS_URL;

function contract(name: string, make: () => Promise<KvStore>) {
  describe(name, () => {
    it('gives a value back once, then never again', async () => {
      const store = await make();
      try {
        await store.set('k1', 'v1', 60);
        expect(await store.get('k1')).toBe('v1');
        expect(await store.get('k1')).toBe('v1');
        expect(await store.take('k1')).toBe('v1');
        expect(await store.get('k1')).toBeNull();
        expect(await store.take('k1')).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('forgets a value after its time to live', async () => {
      const store = await make();
      try {
        await store.set('k2', 'v2', 1);
        await new Promise((r) => setTimeout(r, 1100));
        expect(await store.get('k2')).toBeNull();
        expect(await store.take('k2')).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('counts events in a window that ends a fixed time after the first', async () => {
      const store = await make();
      try {
        expect(await store.incr('n1', 1)).toBe(1);
        expect(await store.incr('n1', 1)).toBe(2);
        expect(await store.incr('n2', 1)).toBe(1);
        await new Promise((r) => setTimeout(r, 1100));
        expect(await store.incr('n1', 1)).toBe(1);
      } finally {
        await store.close();
      }
    });
  });
}

contract('MemoryStore', async () => new MemoryStore());
// The Redis store runs wherever a Redis is configured for tests (always in CI).
describe.skipIf(!redisUrl)('RedisStore', () => {
  contract('against a real Redis', () => RedisStore.connect(redisUrl!, `test:${process.pid}:`));
});
