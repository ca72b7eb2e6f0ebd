import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionRecord as record,
  TEST_IDLE_MS as IDLE_MS,
  testUser,
  uniqueUserId,
} from '../testing/session-records.js';
import { connectTestRedis, type TestRedis } from '../testing/test-redis.js';
import { RedisSessionStore } from './redis-session-store.js';
import { newSessionId } from './session-manager.js';

describe('RedisSessionStore', () => {
  let redis: TestRedis;
  let store: RedisSessionStore;
  let clock = Date.now();

  beforeAll(async () => {
    redis = await connectTestRedis();
    store = new RedisSessionStore(redis.client, redis.keyPrefix, IDLE_MS, () => clock);
  });
  afterAll(() => redis.close());

  it('round-trips a record, empty lists and nulls included', async () => {
    const id = newSessionId();
    const original = record(clock);
    await store.create(id, original);
    expect(await store.get(id)).toEqual(original);
    expect(await store.get(newSessionId())).toBeNull();
  });

  it('expires the key at the idle deadline, moved only by a real use, never past the absolute end', async () => {
    const id = newSessionId();
    await store.create(id, record(clock));
    const key = `${redis.keyPrefix}sess:${id}`;
    const ttl = await redis.client.pttl(key);
    expect(ttl).toBeGreaterThan(IDLE_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(IDLE_MS);

    await store.patch(id, { selectedTenantId: 'tenant-alfa' });
    expect(await redis.client.pttl(key)).toBeLessThanOrEqual(ttl);

    const nearEnd = record(clock, { absoluteExpiresAt: clock + 60_000 });
    const shortId = newSessionId();
    await store.create(shortId, nearEnd);
    await store.patch(shortId, { lastActiveAt: clock });
    expect(await redis.client.pttl(`${redis.keyPrefix}sess:${shortId}`)).toBeLessThanOrEqual(60_000);
  });

  it('patches single fields and never recreates a destroyed session', async () => {
    const id = newSessionId();
    await store.create(id, record(clock));
    await store.patch(id, { selectedTenantId: 'tenant-beta', tenants: [{ id: 'tenant-beta', name: 'Beta' }] });
    expect(await store.get(id)).toMatchObject({ selectedTenantId: 'tenant-beta', refreshToken: 'refresh-1' });
    await store.destroy(id);
    await store.patch(id, { selectedTenantId: 'tenant-alfa', lastActiveAt: clock });
    expect(await store.get(id)).toBeNull();
    expect(await redis.client.exists(`${redis.keyPrefix}sess:${id}`)).toBe(0);
  });

  it('replaces tokens only while the expected refresh token is stored (compare-and-set)', async () => {
    const id = newSessionId();
    await store.create(id, record(clock));
    const renewed = { accessToken: 'access-2', accessExpiresAt: 2_000_000_000, refreshToken: 'refresh-2' };
    const results = await Promise.all([
      store.replaceTokens(id, 'refresh-1', renewed),
      store.replaceTokens(id, 'refresh-1', { ...renewed, accessToken: 'access-3', refreshToken: 'refresh-3' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // A slow request still holding the first token set cannot write it back.
    expect(
      await store.replaceTokens(id, 'refresh-1', { accessToken: 'old', accessExpiresAt: 1, refreshToken: 'refresh-1' }),
    ).toBe(false);
    expect((await store.get(id))?.refreshToken).toMatch(/^refresh-[23]$/);
    expect(await store.replaceTokens(newSessionId(), 'refresh-1', renewed)).toBe(false);
  });

  it('loses no field when a patch and a token replacement race (compare-and-set, retried)', async () => {
    const id = newSessionId();
    await store.create(id, record(clock));
    const renewed = { accessToken: 'access-2', accessExpiresAt: 2_000_000_000, refreshToken: 'refresh-2' };
    const [, , replaced] = await Promise.all([
      store.patch(id, { selectedTenantId: 'tenant-beta' }),
      store.patch(id, { lastActiveAt: clock + 1 }),
      store.replaceTokens(id, 'refresh-1', renewed),
      store.patch(id, { tenants: [{ id: 'tenant-beta', name: 'Beta' }] }),
    ]);
    expect(replaced).toBe(true);
    expect(await store.get(id)).toMatchObject({
      ...renewed,
      selectedTenantId: 'tenant-beta',
      lastActiveAt: clock + 1,
      tenants: [{ id: 'tenant-beta', name: 'Beta' }],
    });
  });

  it('keeps a per-user index that expires with its longest session and forgets expired ones', async () => {
    const user = testUser(uniqueUserId());
    const indexKey = `${redis.keyPrefix}user-sessions:${user.id}`;
    const short = newSessionId();
    await store.create(short, record(clock, { user, absoluteExpiresAt: clock + 60_000 }));
    expect(await redis.client.pttl(indexKey)).toBeLessThanOrEqual(60_000);
    const long = newSessionId();
    await store.create(long, record(clock, { user }));
    expect(await redis.client.pttl(indexKey)).toBeGreaterThan(IDLE_MS - 5_000);
    expect((await redis.client.smembers(indexKey)).sort()).toEqual([short, long].sort());

    // The short session expires (its key is gone); the next login drops it from the index.
    await redis.client.del(`${redis.keyPrefix}sess:${short}`);
    const third = newSessionId();
    await store.create(third, record(clock, { user }));
    expect((await redis.client.smembers(indexKey)).sort()).toEqual([long, third].sort());
    await store.destroy(long);
    expect(await redis.client.smembers(indexKey)).toEqual([third]);
  });

  it('treats a session past its absolute end as gone', async () => {
    const id = newSessionId();
    await store.create(id, record(clock, { absoluteExpiresAt: clock + 1_000 }));
    clock += 1_000;
    expect(await store.get(id)).toBeNull();
  });

  it('makes session ids of 256 bits from the CSPRNG, all distinct', () => {
    const ids = new Set(Array.from({ length: 100_000 }, () => newSessionId()));
    expect(ids.size).toBe(100_000);
    for (const id of [...ids].slice(0, 100)) expect(Buffer.from(id, 'base64url')).toHaveLength(32);
  });
});
