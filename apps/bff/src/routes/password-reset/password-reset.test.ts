import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_HEADERS, bffPerTest, logIn } from '../../testing/build-test-bff.js';
import { FAKE_CREDENTIALS, FAKE_TENANTS, FAKE_USER, type FakeUpstream } from '../../testing/fake-upstream.js';
import { RESET_REQUEST_ANSWER_MS } from './index.js';

const KNOWN = 'jana.novakova@example.cz';
const UNKNOWN = 'nikdo@example.cz';

describe('password reset request without account enumeration (docs/architecture.md §4)', () => {
  const bff = bffPerTest();
  let upstream: FakeUpstream | undefined;

  /** An upstream that, like a real one, works longer for a known address (it sends an e-mail). */
  async function start(knownDelayMs: number): Promise<FastifyInstance> {
    const started = await bff.start({ env: { RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '1000' } });
    upstream = started.upstream;
    upstream.handlers.push(async (request, response) => {
      if (!request.url.startsWith('/api/v1/_allauth/app/v1/auth/password/request')) return false;
      const { email } = JSON.parse(request.body) as { email: string };
      if (email === KNOWN) await sleep(knownDelayMs);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 200 }));
      return true;
    });
    return started.app;
  }

  async function timed(bff: FastifyInstance, email: string) {
    const started = performance.now();
    const response = await bff.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      headers: API_HEADERS,
      payload: { email },
    });
    return { status: response.statusCode, body: response.body, ms: performance.now() - started };
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  it('answers known and unknown addresses with the same status, body and time', async () => {
    const bff = await start(150);
    await timed(bff, UNKNOWN); // warm-up
    const known = [];
    const unknown = [];
    for (let round = 0; round < 6; round += 1) {
      known.push(await timed(bff, KNOWN));
      unknown.push(await timed(bff, UNKNOWN));
    }
    for (const answer of [...known, ...unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toBe(known[0]?.body);
    }
    expect(Math.abs(median(known.map((a) => a.ms)) - median(unknown.map((a) => a.ms)))).toBeLessThan(50);
  });

  it('does not wait for an upstream slower than the fixed answer time', async () => {
    const bff = await start(RESET_REQUEST_ANSWER_MS + 600);
    await timed(bff, UNKNOWN); // warm-up: first-request compilation and the upstream connection
    const known = await timed(bff, KNOWN);
    const unknown = await timed(bff, UNKNOWN);
    expect(known.status).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    expect(upstream?.requests.some((request) => request.body.includes(KNOWN))).toBe(true);
  });
});

describe('password reset by e-mail link ends every session of the user', () => {
  const bff = bffPerTest();
  /** The new password sent with the user's reset link, as the page sends it. */
  const confirmReset = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/password-reset/confirm',
      headers: API_HEADERS,
      // allauth's uid of an integer user id is the id in base 36.
      payload: { uid: FAKE_USER.id.toString(36), token: 'c9x1ab-0123456789abcdef', password: 'Nove.Heslo.2026' },
    });
  const check = (app: FastifyInstance, cookie: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: { ...API_HEADERS, cookie, 'x-tenant-id': FAKE_TENANTS[0].id },
    });

  it('answers 401 to the older sessions at once and logs their refresh tokens out upstream', async () => {
    const { app, upstream } = await bff.start();
    // allauth answers a successful reset with 401 (log in again).
    upstream.answer('/api/v1/_allauth/app/v1/auth/password/reset', 401, {
      status: 401,
      data: { flows: [] },
      meta: { is_authenticated: false },
    });
    const first = (await logIn(app, FAKE_CREDENTIALS)).cookie;
    const second = (await logIn(app, FAKE_CREDENTIALS)).cookie;
    expect((await check(app, first)).statusCode).toBe(200);

    const reset = await confirmReset(app);
    expect(reset.statusCode).toBe(204);
    expect((await check(app, first)).statusCode).toBe(401);
    expect((await check(app, second)).statusCode).toBe(401);
    expect(upstream.hits('/api/v1/_allauth/app/v1/auth/session').filter((hit) => hit.method === 'DELETE')).toHaveLength(
      2,
    );
  });

  it('leaves the sessions alone when the link was refused', async () => {
    const { app, upstream } = await bff.start();
    upstream.answer('/api/v1/_allauth/app/v1/auth/password/reset', 400, {
      status: 400,
      errors: [{ code: 'invalid_password_reset', message: 'x', param: 'key' }],
    });
    const cookie = (await logIn(app, FAKE_CREDENTIALS)).cookie;
    const reset = await confirmReset(app);
    expect(reset.statusCode).toBe(400);
    expect((await check(app, cookie)).statusCode).toBe(200);
  });
});

describe('password reset link check when the page opens', () => {
  const bff = bffPerTest();
  const checkLink = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/password-reset/check',
      headers: API_HEADERS,
      payload: { uid: 'b', token: 'c9x1ab-0123456789abcdef' },
    });

  it('answers 204 for a usable link, asking the upstream with the key in X-Password-Reset-Key', async () => {
    const { app, upstream } = await bff.start();
    upstream.answer('/api/v1/_allauth/app/v1/auth/password/reset', 200, { status: 200 });
    const response = await checkLink(app);
    expect(response.statusCode).toBe(204);
    const [hit] = upstream.hits('/api/v1/_allauth/app/v1/auth/password/reset');
    expect(hit?.method).toBe('GET');
    expect(hit?.headers['x-password-reset-key']).toBe('b-c9x1ab-0123456789abcdef');
    // The key never travels in the address.
    expect(hit?.url).not.toContain('c9x1ab');
  });

  it('answers 400 invalid_reset_link with fields.token for a used or expired link', async () => {
    const { app, upstream } = await bff.start();
    upstream.answer('/api/v1/_allauth/app/v1/auth/password/reset', 400, {
      status: 400,
      errors: [{ code: 'invalid_password_reset', message: 'x', param: 'key' }],
    });
    const response = await checkLink(app);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; fields: Record<string, string> }>();
    expect(body.code).toBe('invalid_reset_link');
    expect(body.fields.token).toBe(body.message);
    expect(body.message).toMatch(/odkaz/i);
  });

  it('refuses a malformed link without asking the upstream', async () => {
    const { app, upstream } = await bff.start();
    const response = await app.inject({
      method: 'POST',
      url: '/api/password-reset/check',
      headers: API_HEADERS,
      payload: { uid: 'b', token: 'not a token!' },
    });
    expect(response.statusCode).toBe(400);
    expect(upstream.hits('/api/v1/_allauth/app/v1/auth/password/reset')).toHaveLength(0);
  });
});
