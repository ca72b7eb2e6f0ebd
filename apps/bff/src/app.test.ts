import type { AddressInfo } from 'node:net';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Client } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, logIn, postLogin } from './testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_PASSWORD,
  FAKE_TENANTS,
  startFakeUpstream,
  type FakeUpstream,
} from './testing/fake-upstream.js';
import type { ErrorBody } from './http/errors.js';
import { createRedis } from './redis/redis-client.js';
import { RedisSessionStore } from './sessions/redis-session-store.js';
import { TestClock } from './testing/test-clock.js';
import { connectTestRedis } from './testing/test-redis.js';

/**
 * The only routes outside `/api`: probes, the public API reference, the public outage calendar
 * feed (routes/calendar-feed) and a mail client's one-click unsubscribe (RFC 8058, a POST
 * authorised by the signed token in its address); none reads a session.
 */
const NON_API_ROUTES = [
  '/api-docs',
  '/healthz',
  '/kalendar/planovane-vypadky.ics',
  '/odhlasit-odber',
  '/openapi.json',
  '/readyz',
];

describe('the BFF application', () => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;

  afterEach(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('requires X-CSRF on every registered /api route, whatever the method, before anything reaches the upstream', async () => {
    upstream = await startFakeUpstream();
    const routes: Array<{ method: string; url: string }> = [];
    const record = (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    };
    app = await buildTestBff({ upstreamUrl: upstream.url, onRoute: record });
    const { cookie } = await logIn(app, credentials);
    const before = upstream.requests.length;

    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(
      [...new Set(routes.filter((route) => !route.url.startsWith('/api/')).map((route) => route.url))].sort(),
    ).toEqual(NON_API_ROUTES);

    for (const route of apiRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const method = route.method;
      const missing = await app.inject({ method, url, headers: { cookie } });
      expect(missing.statusCode, `${method} ${url}`).toBe(403);
      if (method !== 'HEAD') expect(missing.json()).toMatchObject({ code: 'csrf_failed' });
      const wrong = await app.inject({ method, url, headers: { cookie, 'x-csrf': '0' } });
      expect(wrong.statusCode, `${method} ${url}`).toBe(403);
      if (method === 'POST') {
        // A form or text/plain POST, which a cross-site page can send without a preflight.
        const simple = await app.inject({
          method,
          url,
          headers: { cookie, 'content-type': 'text/plain' },
          payload: '{}',
        });
        expect(simple.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses a foreign Origin and never answers with CORS headers', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url, env: { PUBLIC_ORIGIN: 'https://portal.example.cz' } });
    const foreign = await postLogin(app, credentials, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'origin_mismatch' });
    const own = await postLogin(app, credentials, { origin: 'https://portal.example.cz' });
    expect(own.statusCode).toBe(200);
    for (const origin of ['https://evil.example', 'null']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/session',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-csrf' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('marks every API answer no-store and sends the security headers, errors included', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    for (const url of ['/api/config', '/api/session', '/api/v1/nothing/', '/api/v1/buildings/']) {
      const response = await app.inject({ method: 'GET', url, headers: API_HEADERS });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(String(response.headers['permissions-policy']), url).toContain('camera=()');
    }
  });

  it('logs JSON lines with request ids, and never a token, a session id, a cookie or a password', async () => {
    const clock = new TestClock();
    upstream = await startFakeUpstream({ now: clock.now });
    const lines: string[] = [];
    app = await buildTestBff({
      upstreamUrl: upstream.url,
      now: clock.now,
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const { cookie, response: login } = await logIn(app, credentials);
    const answers = [login];
    const headers = { ...API_HEADERS, cookie, 'x-request-id': 'integrator-req-0001' };
    answers.push(
      await app.inject({
        method: 'PUT',
        url: '/api/session/tenant',
        headers,
        payload: { tenantId: FAKE_TENANTS[0].id },
      }),
    );
    clock.advance(280_000); // renewal
    answers.push(await app.inject({ method: 'GET', url: '/api/v1/support_tickets/', headers }));
    answers.push(await app.inject({ method: 'GET', url: '/api/session', headers }));
    answers.push(await app.inject({ method: 'DELETE', url: '/api/session', headers }));
    expect(upstream.refreshCalls()).toHaveLength(1);
    expect(upstream.hits('/api/v1/support_tickets/')[0]?.headers['x-request-id']).toBe('integrator-req-0001');
    expect(answers[2]?.headers['x-request-id']).toBeUndefined();

    const log = lines.join('');
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; event?: string });
    expect(parsed.some((line) => line.reqId === 'integrator-req-0001')).toBe(true);
    expect(parsed.some((line) => line.event === 'token_renewed')).toBe(true);
    const sessionId = cookie.split('=')[1] ?? '';
    const secrets = [...upstream.issuedTokens, sessionId, FAKE_PASSWORD];
    expect(upstream.issuedTokens.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      for (const answer of answers) {
        expect(answer.body).not.toContain(upstream.issuedTokens[0]);
        if (secret !== sessionId) expect(JSON.stringify(answer.headers)).not.toContain(secret);
      }
    }
    for (const token of upstream.issuedTokens)
      for (const answer of answers) expect(answer.body + JSON.stringify(answer.headers)).not.toContain(token);
  });

  it('answers liveness always and readiness only while the upstream and Redis answer', async () => {
    upstream = await startFakeUpstream();
    const redis = await connectTestRedis();
    try {
      app = await buildTestBff({
        upstreamUrl: upstream.url,
        env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { upstream: 'ok', redis: 'ok' } });
      expect(upstream.hits('/health')).toHaveLength(1);
      await upstream.close();
      const notReady = await app.inject({ method: 'GET', url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({ status: 'unavailable', checks: { upstream: 'failed', redis: 'ok' } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      upstream = await startFakeUpstream();
    } finally {
      await app.close();
      await redis.close();
    }
  });

  it('finishes a request in flight when it is closed', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    upstream.handlers.push(async (request) => {
      if (request.url.startsWith('/api/v1/buildings/')) await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const slow = fetch(`http://127.0.0.1:${port}/api/v1/buildings/`, { headers: API_HEADERS });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('serves a request that arrives while it is closing, on a connection still open, instead of an English 503', async () => {
    // nginx keeps connections to the instance open; between the start of close() and the moment
    // the server closes them, a request can still arrive on one. nginx cannot send a POST that
    // reached an instance elsewhere, so that request must be served (the instance still works
    // until every connection is gone), not refused with Fastify's English 503 body.
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    let during: { status: number; connection: unknown; body: string } | undefined;
    let sendWhileClosing = async () => {};
    // preClose runs after close() has begun and before the server closes its connections.
    app.addHook('preClose', () => sendWhileClosing());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // One kept-alive connection, as nginx holds them (keepalive in deploy/nginx/portal.conf).
    const client = new Client(`http://127.0.0.1:${port}`, { pipelining: 1 });
    const post = () =>
      client.request({
        method: 'POST',
        path: '/api/session',
        headers: { ...API_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
    try {
      await (await post()).body.dump();
      sendWhileClosing = async () => {
        const response = await post();
        during = {
          status: response.statusCode,
          connection: response.headers.connection,
          body: await response.body.text(),
        };
      };
      await app.close();
      expect(during?.body).not.toContain('Service Unavailable');
      expect(during?.status).toBe(200);
      // …and tells nginx to use another connection (to another instance) from now on.
      expect(during?.connection).toBe('close');
    } finally {
      await client.close();
    }
  });

  it('answers a Czech 503 with Retry-After, not an unexpected error, while Redis cannot be reached', async () => {
    // What tools/load's fault check saw while Redis restarted: every request needing the
    // session store failed as 500 internal_error ("unexpected error") and was logged as a bug.
    upstream = await startFakeUpstream();
    // Nothing listens on port 9 (discard): ioredis gives up after its one retry.
    const redis = createRedis('redis://127.0.0.1:9');
    redis.on('error', () => undefined);
    try {
      app = await buildTestBff({ upstreamUrl: upstream.url, store: new RedisSessionStore(redis, 'test:', 1_800_000) });
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/buildings/',
        headers: { ...API_HEADERS, cookie: '__Host-portal_session=some-session-id' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        code: 'session_store_unavailable',
        message: 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli.',
      });
    } finally {
      redis.disconnect();
    }
  });

  it('refuses requests with a Czech 503 and Retry-After while the event loop is overloaded', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url, env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20' } });
    await app.ready();
    // Busy-wait past a whole sampling interval (1 s): a handler stuck in synchronous work. The
    // plugin judges the mean delay of the interval, so one long stall must dominate it.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      // blocking on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await app.inject({ method: 'GET', url: '/api/config', headers: API_HEADERS });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'overloaded' });
    expect(response.json<ErrorBody>().message).toContain('přetížená');
  });

  it('serves bff.yaml as JSON and as a readable reference page without scripts', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    const json = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\.1/);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/session', '/api/v1/support_tickets/']));
    const page = await app.inject({ method: 'GET', url: '/api-docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('createSession');
    expect(page.body).toContain('X-Bot-Token');
    expect(page.body).not.toMatch(/<script|https?:\/\/cdn/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('describes the staff operations in both, each marked as staff only', async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({ upstreamUrl: upstream.url });
    type Operation = { operationId: string; 'x-staff'?: boolean };
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const staff = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item)
        .filter((operation) => operation['x-staff'] === true)
        .map((operation) => ({ path, id: operation.operationId })),
    );
    // The staff workspace's whole API: the incident queue, public requests, outages, statement
    // imports, reservations, mail, and the lists its filters and forms use.
    expect(staff.map((operation) => operation.id)).toEqual(
      expect.arrayContaining([
        'listStaffSupportTickets',
        'updateStaffSupportTicket',
        'listStaffPublicSupportRequests',
        'createStaffMaintenanceEvent',
        'importStaffBillingStatement',
        'cancelStaffReservation',
        'listStaffMail',
        'listStaffTenants',
      ]),
    );
    expect(staff.every((operation) => operation.path.startsWith('/api/v1/staff/'))).toBe(true);

    const page = (await app.inject({ method: 'GET', url: '/api-docs' })).body;
    for (const { id } of staff) {
      const section = new RegExp(`<section class="op" id="${id}">[\\s\\S]*?</section>`).exec(page)?.[0] ?? '';
      expect(section, id).toContain('Staff only: 403 <code>staff_only</code>');
    }
    expect(page).toContain('<h2 id="tag-Staff">Staff</h2>');
  });
});
