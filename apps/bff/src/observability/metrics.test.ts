import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_HEADERS, bffPerTest, getSession, logIn, postLogin } from '../testing/build-test-bff.js';
import { TestClock } from '../testing/test-clock.js';
import { FAKE_CREDENTIALS as credentials, type FakeUpstream } from '../testing/fake-upstream.js';

describe('metrics', () => {
  // One clock for the file: each test logs in afresh and moves it from there.
  const clock = new TestClock();
  const bff = bffPerTest();
  let upstream: FakeUpstream;
  let app: FastifyInstance;

  beforeEach(async () => {
    ({ app, upstream } = await bff.start({
      now: clock.now,
      env: { METRICS_PORT: '0', RATE_LIMIT_LOGIN_PER_MINUTE: '2' },
    }));
    await app.ready();
  });

  async function scrape(): Promise<string> {
    const address = app.metricsAddress();
    if (address === null) throw new Error('metrics listener not started');
    const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  }

  it('reports requests by route, upstream attempts, renewals, rate-limit hits and sessions', async () => {
    const { cookie } = await logIn(app, credentials);
    clock.advance(250_000); // within 60 s of the access token's expiry: the next call renews it
    expect((await getSession(app, cookie)).statusCode).toBe(200);
    // The third login in a minute from one address is over the limit of two.
    await logIn(app, credentials);
    const limited = await postLogin(app, credentials);
    expect(limited.statusCode).toBe(429);
    // The upstream fails: counted as an upstream error (and retried once, as a GET).
    upstream.answer('/api/v1/buildings/', 503);
    await app.inject({ method: 'GET', url: '/api/v1/buildings/', headers: { ...API_HEADERS, cookie } });

    const text = await scrape();
    expect(text).toMatch(
      /portal_bff_http_request_duration_seconds_count\{method="GET",route="\/api\/session",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(/portal_bff_rate_limited_total\{route="\/api\/session"\} 1\n/);
    expect(text).toMatch(/portal_bff_token_renewals_total\{outcome="renewed"\} 1\n/);
    expect(text).toMatch(/portal_bff_upstream_request_duration_seconds_count\{outcome="ok"\} \d+\n/);
    expect(text).toMatch(/portal_bff_upstream_request_duration_seconds_count\{outcome="error_status"\} 2\n/);
    expect(text).toMatch(/portal_bff_sessions 2\n/);
    expect(text).toContain('portal_bff_process_cpu_seconds_total');
  });

  it('is not served on the public port', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
