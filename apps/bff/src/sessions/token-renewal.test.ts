import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bffPerTest, expectSessionEnded, getSession, logIn } from '../testing/build-test-bff.js';
import { TestClock } from '../testing/test-clock.js';
import { FAKE_CREDENTIALS as credentials, type FakeUpstream } from '../testing/fake-upstream.js';
import { sessionRecord, TEST_IDLE_MS } from '../testing/session-records.js';
import type { UpstreamAuth } from '../upstream/upstream-auth.js';
import { MemorySessionStore, type SessionStore } from './session-store.js';
import { TokenRenewal } from './token-renewal.js';

describe('access token renewal', () => {
  const bff = bffPerTest();
  // One clock for the file: each test logs in afresh and moves it from there.
  const clock = new TestClock();
  let app: FastifyInstance;
  let upstream: FakeUpstream;

  beforeEach(async () => {
    ({ app, upstream } = await bff.start({ now: clock.now }));
  });

  it('renews only when the access token expires within 60 seconds', async () => {
    const { cookie } = await logIn(app, credentials);
    // Issued for 300 s: at 239 s in, 61 s are left → no renewal.
    clock.advance(239_000);
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(0);
    // At 241 s, 59 s are left → exactly one renewal, then the new token is used.
    clock.advance(2_000);
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(1);
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(1);
  });

  it('sends 50 concurrent requests through one refresh of a rotating upstream, with no 401', async () => {
    const { cookie } = await logIn(app, credentials);
    clock.advance(270_000); // 30 s before expiry
    // Slow the refresh down so all 50 requests are waiting on it at once.
    upstream.handlers.push(async (request) => {
      if (request.url.startsWith('/api/v1/token/refresh/')) await new Promise((resolve) => setTimeout(resolve, 200));
      return false;
    });
    const responses = await Promise.all(Array.from({ length: 50 }, () => getSession(app, cookie)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(upstream.refreshCalls()).toHaveLength(1);
    // Every profile call after the refresh used the new access token.
    const newAccess = upstream.issuedTokens.at(-2);
    const profileCalls = upstream.hits('/api/v1/my_profile/').slice(1);
    expect(profileCalls).toHaveLength(50);
    for (const call of profileCalls) expect(call.headers.authorization).toBe(`Bearer ${newAccess}`);
  });

  it('ends the session with 401 session_expired when the upstream refuses the refresh token', async () => {
    const { cookie } = await logIn(app, credentials);
    upstream.answer('/api/v1/token/refresh/', 401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
    clock.advance(290_000);
    await expectSessionEnded(app, upstream, cookie);
  });

  it('keeps the session through a transient refresh failure and does not cache the failure', async () => {
    const { cookie } = await logIn(app, credentials);
    // A refresh is a POST with a body, so it is tried once: one failure fails one request.
    upstream.answer('/api/v1/token/refresh/', 503, { detail: 'maintenance' }, { times: 1 });
    clock.advance(290_000);
    const failed = await getSession(app, cookie);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'upstream_unavailable' });
    const recovered = await getSession(app, cookie);
    expect(recovered.statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(2);
  });

  it('ends the session after the idle timeout, and a session check does not extend it', async () => {
    const { cookie } = await logIn(app, credentials);
    // The default idle timeout is 30 minutes; keep checking the session every 10 minutes.
    clock.advance(10 * 60_000);
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    clock.advance(10 * 60_000 + 1);
    expect((await getSession(app, cookie)).json()).toEqual({ session: null });
  });
});

describe('renewal behind a read cache that has not seen the winning write yet', () => {
  it('uses the renewed tokens, not the stale copy of the old ones', async () => {
    const clock = new TestClock();
    const stored = sessionRecord(clock.now(), { accessToken: 'access-old', refreshToken: 'refresh-old' });
    const renewed = {
      accessToken: 'access-new',
      accessExpiresAt: stored.accessExpiresAt + 300,
      refreshToken: 'refresh-new',
    };
    // Another instance has already stored the renewal; this one's reads still show the old copy.
    const store = new MemorySessionStore(TEST_IDLE_MS, clock.now);
    await store.create('session-1', { ...stored, ...renewed });
    const staleStore: SessionStore = Object.assign(Object.create(store) as SessionStore, {
      get: () => Promise.resolve({ ...stored }),
    });
    const auth = { refresh: () => Promise.resolve({ kind: 'renewed' as const, tokens: renewed }) };
    const renewal = new TokenRenewal(staleStore, auth as unknown as UpstreamAuth, { now: clock.now });

    clock.advance(270_000); // 30 s before the old token expires
    const fresh = await renewal.ensureFresh('session-1', { ...stored }, 'request-1');
    expect(fresh.accessToken).toBe('access-new');
    expect(fresh.refreshToken).toBe('refresh-new');
    await store.close();
  });
});
