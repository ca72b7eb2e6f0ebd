import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRecord, TEST_IDLE_MS, testUser, uniqueUserId } from '../testing/session-records.js';
import { connectTestRedis, type TestRedis } from '../testing/test-redis.js';
import { RedisSessionStore } from './redis-session-store.js';
import { newSessionId } from './session-manager.js';
import { MemorySessionStore, type SessionRecord, type SessionStore } from './session-store.js';

function record(userId: number, refreshToken: string): SessionRecord {
  return sessionRecord(Date.now(), { accessToken: `access-${refreshToken}`, refreshToken, user: testUser(userId) });
}

let redis: TestRedis;
beforeAll(async () => {
  redis = await connectTestRedis();
});
afterAll(() => redis.close());

// Both stores keep the same promises; Redis runs for real (a test that cannot reach it fails).
describe.each([
  ['memory', () => new MemorySessionStore(TEST_IDLE_MS)],
  ['Redis', () => new RedisSessionStore(redis.client, redis.keyPrefix, TEST_IDLE_MS)],
] as Array<[string, () => SessionStore]>)('%s session store: all sessions of one user', (_name, makeStore) => {
  it('ends every session of the user, returns their records, and leaves other users alone', async () => {
    const store = makeStore();
    // A numeric id in the record and the string form in the call: the index keys by String(id).
    const userId = uniqueUserId();
    const mine = [newSessionId(), newSessionId(), newSessionId()];
    for (const [index, id] of mine.entries()) await store.create(id, record(userId, `refresh-${index}`));
    const someoneElse = newSessionId();
    await store.create(someoneElse, record(userId + 1, 'refresh-other'));

    const ended = await store.destroyAllForUser(String(userId));
    expect(ended.map((entry) => entry.refreshToken).sort()).toEqual(['refresh-0', 'refresh-1', 'refresh-2']);
    for (const id of mine) expect(await store.get(id)).toBeNull();
    expect(await store.get(someoneElse)).toMatchObject({ refreshToken: 'refresh-other' });
    // Twice is harmless and ends nothing more.
    expect(await store.destroyAllForUser(String(userId))).toEqual([]);
    await store.destroy(someoneElse);
  });

  it('keeps the session named in except (the current one after a password change)', async () => {
    const store = makeStore();
    const userId = uniqueUserId();
    const [current, other] = [newSessionId(), newSessionId()];
    await store.create(current, record(userId, 'refresh-current'));
    await store.create(other, record(userId, 'refresh-other'));
    const ended = await store.destroyAllForUser(String(userId), { except: current });
    expect(ended.map((entry) => entry.refreshToken)).toEqual(['refresh-other']);
    expect(await store.get(current)).toMatchObject({ refreshToken: 'refresh-current' });
    expect(await store.get(other)).toBeNull();
    await store.destroy(current);
  });

  it('does not return a session that was already logged out on its own', async () => {
    const store = makeStore();
    const userId = uniqueUserId();
    const [first, second] = [newSessionId(), newSessionId()];
    await store.create(first, record(userId, 'refresh-first'));
    await store.create(second, record(userId, 'refresh-second'));
    await store.destroy(first);
    expect((await store.destroyAllForUser(String(userId))).map((entry) => entry.refreshToken)).toEqual([
      'refresh-second',
    ]);
  });

  it('lists the live sessions of one user with their ids, not other users’ nor ended ones', async () => {
    const store = makeStore();
    const userId = uniqueUserId();
    const [first, second, ended] = [newSessionId(), newSessionId(), newSessionId()];
    await store.create(first, { ...record(userId, 'refresh-first'), userAgent: 'Firefox' });
    await store.create(second, record(userId, 'refresh-second'));
    await store.create(ended, record(userId, 'refresh-ended'));
    await store.destroy(ended);
    // Idle for longer than the timeout: no longer a live session, though not swept yet.
    const idle = newSessionId();
    await store.create(idle, { ...record(userId, 'refresh-idle'), lastActiveAt: Date.now() - TEST_IDLE_MS - 1_000 });
    const someoneElse = newSessionId();
    await store.create(someoneElse, record(userId + 1, 'refresh-other'));

    const listed = await store.listForUser(String(userId));
    expect(
      listed
        .map(({ id, record: { refreshToken, userAgent } }) => ({ id, refreshToken, userAgent }))
        .sort((a, b) => a.refreshToken.localeCompare(b.refreshToken)),
    ).toEqual([
      { id: first, refreshToken: 'refresh-first', userAgent: 'Firefox' },
      { id: second, refreshToken: 'refresh-second', userAgent: undefined },
    ]);
    expect(await store.listForUser(String(uniqueUserId()))).toEqual([]);
    await store.destroyAllForUser(String(userId));
    expect(await store.listForUser(String(userId))).toEqual([]);
    await store.destroy(someoneElse);
  });
});
