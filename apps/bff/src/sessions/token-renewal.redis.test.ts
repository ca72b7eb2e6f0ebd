import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestBff, getSession, logIn } from '../testing/build-test-bff.js';
import { FAKE_CREDENTIALS as credentials, startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.js';
import { TestClock } from '../testing/test-clock.js';
import { connectTestRedis, type TestRedis } from '../testing/test-redis.js';
import type { RefreshResult, UpstreamAuth } from '../upstream/upstream-auth.js';
import {
  MemoryRenewalCoordination,
  RedisRenewalCoordination,
  type RenewalCoordination,
} from './renewal-coordination.js';
import { RedisSessionStore } from './redis-session-store.js';
import { MemorySessionStore, type SessionRecord, type SessionStore } from './session-store.js';
import { TokenRenewal } from './token-renewal.js';

describe('access token renewal with sessions in Redis', () => {
  let redis: TestRedis;
  let upstream: FakeUpstream;
  let instances: FastifyInstance[];
  let clock: TestClock;

  beforeEach(async () => {
    redis = await connectTestRedis();
    clock = new TestClock();
    upstream = await startFakeUpstream({ now: clock.now });
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
    // Two BFF instances behind one load balancer: same Redis, nothing else shared.
    instances = [
      await buildTestBff({ upstreamUrl: upstream.url, env, now: clock.now }),
      await buildTestBff({ upstreamUrl: upstream.url, env, now: clock.now }),
    ];
  });
  afterEach(async () => {
    for (const app of instances) await app.close();
    await upstream.close();
    await redis.close();
  });

  const slowRefresh = (ms: number) =>
    upstream.handlers.push(async (request) => {
      if (request.url.startsWith('/api/v1/token/refresh/')) await new Promise((resolve) => setTimeout(resolve, ms));
      return false;
    });
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

  it('keeps the session in Redis, so a login on one instance is served by the other', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { cookie } = await logIn(a, credentials);
    expect((await getSession(b, cookie)).statusCode).toBe(200);
    const keys = await redis.keys();
    expect(keys.some((key) => key.startsWith(`${redis.keyPrefix}sess:`))).toBe(true);
    for (const token of upstream.issuedTokens) for (const key of keys) expect(key).not.toContain(token);
  });

  it('sends 50 concurrent requests on one instance through one refresh, with no 401', async () => {
    const [a] = instances as [FastifyInstance];
    const { cookie } = await logIn(a, credentials);
    clock.advance(270_000); // 30 s before expiry
    slowRefresh(200);
    const responses = await Promise.all(Array.from({ length: 50 }, () => getSession(a, cookie)));
    expect(statuses(responses)).toEqual(Array(50).fill(200));
    expect(upstream.refreshCalls()).toHaveLength(1);
  });

  it('serves one session from two instances alternately, concurrently and then in turn, with one refresh', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { cookie } = await logIn(a, credentials);
    clock.advance(270_000);
    slowRefresh(300);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => getSession(index % 2 === 0 ? a : b, cookie)),
    );
    expect(statuses(responses)).toEqual(Array(50).fill(200));
    expect(upstream.refreshCalls()).toHaveLength(1);

    for (let index = 0; index < 10; index += 1) {
      expect((await getSession(index % 2 === 0 ? b : a, cookie)).statusCode).toBe(200);
    }
    expect(upstream.refreshCalls()).toHaveLength(1);
    // Every upstream call after the refresh carried the new access token.
    const newAccess = upstream.issuedTokens.at(-2);
    for (const call of upstream.hits('/api/v1/my_profile/').slice(1))
      expect(call.headers.authorization).toBe(`Bearer ${newAccess}`);
  });

  it('ends the session for both instances when the upstream refuses the refresh token', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { cookie } = await logIn(a, credentials);
    upstream.answer('/api/v1/token/refresh/', 401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    clock.advance(290_000);
    const refused = await getSession(b, cookie);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ session: null });
    expect((await redis.keys()).filter((key) => key.includes(':sess:'))).toHaveLength(0);
    expect((await getSession(a, cookie)).json()).toEqual({ session: null });
  });

  it('keeps the session through a transient refresh failure and caches nothing', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { cookie } = await logIn(a, credentials);
    upstream.answer('/api/v1/token/refresh/', 503, { detail: 'maintenance' }, { times: 1 });
    clock.advance(290_000);
    expect((await getSession(a, cookie)).statusCode).toBe(502);
    expect((await redis.keys()).filter((key) => key.includes(':renewal'))).toHaveLength(0);
    expect((await getSession(b, cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(2);
  });
});

/** A token endpoint that counts calls and rotates, for driving TokenRenewal directly. */
function countingAuth(now: () => number): UpstreamAuth & { calls: number } {
  const auth = {
    calls: 0,
    async refresh(refreshToken: string): Promise<RefreshResult> {
      auth.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return {
        kind: 'renewed',
        tokens: {
          accessToken: `access-after-${refreshToken}`,
          accessExpiresAt: Math.floor(now() / 1000) + 300,
          refreshToken: `${refreshToken}+`,
        },
      };
    },
  };
  return auth as unknown as UpstreamAuth & { calls: number };
}

describe.each([
  ['memory', false],
  ['Redis', true],
])('the 30 s renewal result cache (%s)', (_name, useRedis) => {
  let redis: TestRedis | null = null;
  let clock = Date.now();
  let store: SessionStore;
  let coordination: RenewalCoordination;

  beforeEach(async () => {
    clock = Date.now();
    if (useRedis) {
      redis = await connectTestRedis();
      store = new RedisSessionStore(redis.client, redis.keyPrefix, 30 * 60_000, () => clock);
      coordination = new RedisRenewalCoordination(redis.client, redis.keyPrefix, 15_000);
    } else {
      store = new MemorySessionStore(30 * 60_000, () => clock);
      coordination = new MemoryRenewalCoordination(() => clock);
    }
  });
  afterEach(async () => {
    await redis?.close();
    redis = null;
  });

  it('gives a request that loaded the session before the renewal the cached result, and never writes old tokens back', async () => {
    const auth = countingAuth(() => clock);
    const renewal = new TokenRenewal(store, auth, { now: () => clock, coordination });
    const stale: SessionRecord = {
      accessToken: 'access-0',
      accessExpiresAt: Math.floor(clock / 1000) + 30,
      refreshToken: 'refresh-0',
      user: {
        id: 1,
        email: 'a@example.cz',
        first_name: 'A',
        last_name: 'B',
        display_name: 'A B',
        phone: null,
        is_staff: false,
      },
      tenants: [],
      selectedTenantId: null,
      createdAt: clock,
      absoluteExpiresAt: clock + 3_600_000,
      lastActiveAt: clock,
    };
    await store.create('session-1', stale);
    const first = await renewal.ensureFresh('session-1', stale, 'request-1');
    expect(first.refreshToken).toBe('refresh-0+');
    expect(auth.calls).toBe(1);

    // 10 s later a slow request that read the session before the renewal arrives.
    clock += 10_000;
    const late = await renewal.ensureFresh('session-1', stale, 'request-2');
    expect(late.accessToken).toBe('access-after-refresh-0');
    expect(auth.calls).toBe(1);
    expect((await store.get('session-1'))?.refreshToken).toBe('refresh-0+');
  });
});
