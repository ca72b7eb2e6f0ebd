import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, logIn } from '../testing/build-test-bff.js';
import { FAKE_PASSWORD, FAKE_USER, startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.js';

const credentials = { email: FAKE_USER.email, password: FAKE_PASSWORD };

describe('access token renewal', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  let clock: number;

  beforeEach(async () => {
    upstream = await startFakeUpstream();
    clock = Date.now();
    upstream.now = () => clock;
    app = await buildTestBff({ upstreamUrl: upstream.url, now: () => clock });
  });
  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  const sessionCheck = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/session', headers: { ...API_HEADERS, cookie } });

  it('renews only when the access token expires within 60 seconds', async () => {
    const { cookie } = await logIn(app, credentials);
    // Issued for 300 s: at 239 s in, 61 s are left → no renewal.
    clock += 239_000;
    expect((await sessionCheck(cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(0);
    // At 241 s, 59 s are left → exactly one renewal, then the new token is used.
    clock += 2_000;
    expect((await sessionCheck(cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(1);
    expect((await sessionCheck(cookie)).statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(1);
  });

  it('sends 50 concurrent requests through one refresh of a rotating upstream, with no 401', async () => {
    const { cookie } = await logIn(app, credentials);
    clock += 270_000; // 30 s before expiry
    // Slow the refresh down so all 50 requests are waiting on it at once.
    upstream.handlers.push(async (request) => {
      if (request.url.startsWith('/api/v1/token/refresh/')) await new Promise((resolve) => setTimeout(resolve, 200));
      return false;
    });
    const responses = await Promise.all(Array.from({ length: 50 }, () => sessionCheck(cookie)));
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
    upstream.handlers.push((request, response) => {
      if (!request.url.startsWith('/api/v1/token/refresh/')) return false;
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'Token is blacklisted', code: 'token_not_valid' }));
      return true;
    });
    clock += 290_000;
    const response = await sessionCheck(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired' });
    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-portal_session=;/);
    upstream.handlers.length = 0;
    const after = await sessionCheck(cookie);
    expect(after.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('keeps the session through a transient refresh failure and does not cache the failure', async () => {
    const { cookie } = await logIn(app, credentials);
    // A refresh is a POST with a body, so it is tried once: one failure fails one request.
    let failures = 1;
    upstream.handlers.push((request, response) => {
      if (!request.url.startsWith('/api/v1/token/refresh/') || failures === 0) return false;
      failures -= 1;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"detail":"maintenance"}');
      return true;
    });
    clock += 290_000;
    const failed = await sessionCheck(cookie);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'upstream_unavailable' });
    const recovered = await sessionCheck(cookie);
    expect(recovered.statusCode).toBe(200);
    expect(upstream.refreshCalls()).toHaveLength(2);
  });

  it('ends the session after the idle timeout, and a session check does not extend it', async () => {
    const { cookie } = await logIn(app, credentials);
    // The default idle timeout is 30 minutes; keep checking the session every 10 minutes.
    clock += 10 * 60_000;
    expect((await sessionCheck(cookie)).statusCode).toBe(200);
    clock += 10 * 60_000;
    expect((await sessionCheck(cookie)).statusCode).toBe(200);
    clock += 10 * 60_000 + 1;
    expect((await sessionCheck(cookie)).statusCode).toBe(401);
  });
});
