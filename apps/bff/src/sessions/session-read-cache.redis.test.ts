import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionRecord, TEST_IDLE_MS as IDLE_MS, testUser, uniqueUserId } from '../testing/session-records.js';
import { connectTestRedis, TEST_REDIS_URL, type TestRedis } from '../testing/test-redis.js';
import { RedisSessionStore } from './redis-session-store.js';
import { SessionReadCache } from './session-read-cache.js';
import { newSessionId } from './session-manager.js';
import type { SessionRecord } from './session-store.js';

/**
 * Lets the invalidation of a write just made reach the other instance. A read that an
 * invalidation crosses is (rightly) not cached, so tests that count cached reads wait first.
 */
const invalidationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 50));

function record(now: number, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return sessionRecord(now, { tenants: [{ id: 'alfa', name: 'Alfa s.r.o.' }], ...overrides });
}

/** One BFF instance: its own Redis connection, tracked cache and store over the shared Redis. */
async function instance(keyPrefix: string) {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  const cache = new SessionReadCache(client, keyPrefix);
  await cache.start();
  const store = new RedisSessionStore(client, keyPrefix, IDLE_MS, Date.now, cache);
  const reads = vi.spyOn(client, 'get');
  return {
    client,
    cache,
    store,
    /** How many session reads went to Redis since the last call. */
    redisReads: () => {
      const count = reads.mock.calls.length;
      reads.mockClear();
      return count;
    },
    close: async () => {
      await cache.close();
      await client.quit();
    },
  };
}

describe('tracked session reads (Redis CLIENT TRACKING)', () => {
  let redis: TestRedis;
  let first: Awaited<ReturnType<typeof instance>>;
  let second: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    redis = await connectTestRedis();
    first = await instance(redis.keyPrefix);
    second = await instance(redis.keyPrefix);
  });
  afterEach(() => {
    first.redisReads();
    second.redisReads();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await redis.close();
  });

  it('serves repeated reads of an unchanged session without a Redis round trip, each caller its own copy', async () => {
    expect(first.cache.active).toBe(true);
    const id = newSessionId();
    await second.store.create(id, record(Date.now()));
    await invalidationsDelivered();
    const read = await first.store.get(id);
    expect(first.redisReads()).toBe(1);
    const again = await first.store.get(id);
    expect(first.redisReads()).toBe(0);
    expect(again).toEqual(read);
    expect(again).not.toBe(read);
  });

  it('sees another instance’s logout, token renewal and tenant choice right away', async () => {
    const id = newSessionId();
    const original = record(Date.now());
    await first.store.create(id, original);
    await invalidationsDelivered();
    await first.store.get(id);
    await first.store.get(id);
    expect(first.redisReads()).toBe(1);

    // Another instance renews the tokens: the invalidation arrives within milliseconds.
    await second.store.replaceTokens(id, 'refresh-1', {
      accessToken: 'access-2',
      accessExpiresAt: original.accessExpiresAt + 300,
      refreshToken: 'refresh-2',
    });
    await expect
      .poll(async () => (await first.store.get(id))?.refreshToken, { interval: 5, timeout: 1_000 })
      .toBe('refresh-2');

    await second.store.patch(id, { selectedTenantId: 'alfa' });
    await expect
      .poll(async () => (await first.store.get(id))?.selectedTenantId, { interval: 5, timeout: 1_000 })
      .toBe('alfa');

    // And its logout: the session is gone here too.
    await second.store.destroy(id);
    await expect.poll(() => first.store.get(id), { interval: 5, timeout: 1_000 }).toBeNull();
  });

  it('forgets its own copy at once when it writes, and after "log out everywhere" on another instance', async () => {
    const [a, b] = [newSessionId(), newSessionId()];
    const user = testUser(uniqueUserId());
    await first.store.create(a, record(Date.now(), { user }));
    await first.store.create(b, record(Date.now(), { user }));
    await first.store.get(a);
    await first.store.patch(a, { selectedTenantId: 'alfa' });
    // Read straight after its own write, before any message could arrive: the new value.
    expect((await first.store.get(a))?.selectedTenantId).toBe('alfa');

    await first.store.get(b);
    await second.store.destroyAllForUser(String(user.id));
    await expect
      .poll(async () => [await first.store.get(a), await first.store.get(b)], { interval: 5, timeout: 1_000 })
      .toEqual([null, null]);
  });

  it('caches nothing while the invalidation connection is down, and again once it is back', async () => {
    const id = newSessionId();
    await first.store.create(id, record(Date.now()));
    // The invalidation connection drops: no copy may be trusted, every read goes to Redis.
    const subscriber = (first.cache as unknown as { subscriber: Redis }).subscriber;
    subscriber.disconnect(true);
    await expect.poll(() => first.cache.active, { timeout: 1_000 }).toBe(false);
    await first.store.get(id);
    await first.store.get(id);
    expect(first.redisReads()).toBe(2);
    // Meanwhile another instance ends the session; once reconnected, nothing stale is served.
    await second.store.destroy(id);
    await expect.poll(() => first.cache.active, { timeout: 5_000 }).toBe(true);
    expect(await first.store.get(id)).toBeNull();

    const next = newSessionId();
    await second.store.create(next, record(Date.now()));
    await invalidationsDelivered();
    first.redisReads();
    await first.store.get(next);
    await first.store.get(next);
    expect(first.redisReads()).toBe(1);
  });
});
