import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/errors.js';
import { newSessionId } from '../../sessions/session-manager.js';
import { API_HEADERS, buildTestBff, logIn } from '../../testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_PASSWORD,
  FAKE_USER,
  startFakeUpstream,
  type FakeUpstream,
} from '../../testing/fake-upstream.js';
import { connectTestRedis, type TestRedis } from '../../testing/test-redis.js';

const LOGOUT_PATH = '/api/v1/_allauth/app/v1/auth/session';

// Log out everywhere (docs/architecture.md §4) with each store; Redis for real, two instances sharing it.
describe.each(['memory', 'Redis'])('ending all sessions of a user (%s store)', (kind) => {
  let upstream: FakeUpstream;
  let redis: TestRedis | undefined;
  let instances: FastifyInstance[];

  beforeEach(async () => {
    upstream = await startFakeUpstream();
    if (kind === 'Redis') {
      redis = await connectTestRedis();
      const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
      instances = [
        await buildTestBff({ upstreamUrl: upstream.url, env }),
        await buildTestBff({ upstreamUrl: upstream.url, env }),
      ];
    } else {
      const app = await buildTestBff({ upstreamUrl: upstream.url });
      instances = [app, app];
    }
  });
  afterEach(async () => {
    for (const app of new Set(instances)) await app.close();
    await upstream.close();
    await redis?.close();
  });

  const check = (app: FastifyInstance, cookie: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: { ...API_HEADERS, cookie, 'x-tenant-id': 'tenant-alfa' },
    });

  it('3 sessions, log out everywhere from one: all 3 answer 401 and each refresh token is logged out upstream', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const cookies = [
      (await logIn(a, credentials)).cookie,
      (await logIn(b, credentials)).cookie,
      (await logIn(a, credentials)).cookie,
    ];
    for (const cookie of cookies) expect((await check(b, cookie)).statusCode).toBe(200);
    // Another user's session in the same store must survive.
    const bystander = newSessionId();
    const store = a.sessionStore;
    const now = Date.now();
    await store.create(bystander, {
      accessToken: 'access-bystander',
      accessExpiresAt: Math.floor(now / 1000) + 300,
      refreshToken: 'refresh-bystander',
      user: { ...FAKE_USER, id: FAKE_USER.id + 1 },
      tenants: [],
      selectedTenantId: null,
      createdAt: now,
      absoluteExpiresAt: now + 3_600_000,
      lastActiveAt: now,
    });
    const sessionRefreshTokens = await Promise.all(
      cookies.map(async (cookie) => (await store.get(cookie.split('=')[1] ?? ''))?.refreshToken),
    );
    const refreshCallsBefore = upstream.hits(LOGOUT_PATH).length;

    const response = await b.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { ...API_HEADERS, cookie: cookies[1] },
      payload: { password: FAKE_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^__Host-portal_session=;/);
    expect(response.headers['clear-site-data']).toBe('"cache", "cookies"');

    for (const app of [a, b]) {
      for (const cookie of cookies) {
        const after = await check(app, cookie);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toMatchObject({ code: 'not_authenticated' });
      }
    }
    const loggedOut = upstream
      .hits(LOGOUT_PATH)
      .slice(refreshCallsBefore)
      .map((call) => (JSON.parse(call.body) as { refresh: string }).refresh);
    // Each session's refresh token, and the one of the login that checked the password.
    expect(loggedOut).toEqual(expect.arrayContaining(sessionRefreshTokens));
    expect(loggedOut).toHaveLength(cookies.length + 1);
    expect(await store.get(bystander)).toMatchObject({ refreshToken: 'refresh-bystander' });
    // Nothing of a token in the answer.
    for (const token of upstream.issuedTokens)
      expect(response.body + JSON.stringify(response.headers)).not.toContain(token);
  });

  it('answers 401 without a session and needs the CSRF header like every API call', async () => {
    const [a] = instances as [FastifyInstance];
    const anonymous = await a.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: API_HEADERS,
      payload: { password: FAKE_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>()).toMatchObject({ code: 'not_authenticated' });
    expect(anonymous.json<ErrorBody>().message).toMatch(/[ěščřžýáíé]/);
    const { cookie } = await logIn(a, credentials);
    const noCsrf = await a.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { cookie },
      payload: { password: FAKE_PASSWORD },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await check(a, cookie)).statusCode).toBe(200);
  });

  it('asks for the current password: a wrong or missing one ends no session, in Czech', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const current = (await logIn(a, credentials)).cookie;
    const other = (await logIn(b, credentials)).cookie;
    const logoutsBefore = upstream.hits(LOGOUT_PATH).length;
    const wrong = await a.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { ...API_HEADERS, cookie: current },
      payload: { password: 'uplne-spatne' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>()).toEqual({
      code: 'invalid_password',
      message: 'Heslo není správné.',
      fields: { password: 'Heslo není správné.' },
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const missing = await a.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { ...API_HEADERS, cookie: current },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>()).toMatchObject({ code: 'validation_error' });
    for (const cookie of [current, other]) expect((await check(b, cookie)).statusCode).toBe(200);
    expect(upstream.hits(LOGOUT_PATH)).toHaveLength(logoutsBefore);
    // The password is checked for the session's own user, by a login at the upstream.
    const logins = upstream.hits('/api/v1/_allauth/app/v1/auth/login');
    expect(JSON.parse(logins.at(-1)?.body ?? '{}')).toEqual({ email: FAKE_USER.email, password: 'uplne-spatne' });
  });

  it('a password change through the BFF ends the other sessions of the user and keeps the current one', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    upstream.handlers.push((request, response) => {
      if (request.method !== 'POST' || !request.url.startsWith('/api/v1/my_profile/password/')) return false;
      response.writeHead(204);
      response.end();
      return true;
    });
    const current = (await logIn(a, credentials)).cookie;
    const others = [(await logIn(b, credentials)).cookie, (await logIn(a, credentials)).cookie];
    const changed = await a.inject({
      method: 'POST',
      url: '/api/v1/my_profile/password/',
      headers: { ...API_HEADERS, cookie: current },
      payload: { current_password: FAKE_PASSWORD, new_password: 'Nové-heslo-2026!' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await check(b, current)).statusCode).toBe(200);
    for (const cookie of others) expect((await check(b, cookie)).statusCode).toBe(401);
    expect(upstream.hits(LOGOUT_PATH)).toHaveLength(2);
  });

  it('a refused password change ends no session', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    upstream.answer('/api/v1/my_profile/password/', 400, { current_password: ['Současné heslo není správné.'] });
    const current = (await logIn(a, credentials)).cookie;
    const other = (await logIn(b, credentials)).cookie;
    const refused = await a.inject({
      method: 'POST',
      url: '/api/v1/my_profile/password/',
      headers: { ...API_HEADERS, cookie: current },
      payload: { current_password: 'špatně', new_password: 'Nové-heslo-2026!' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await check(b, other)).statusCode).toBe(200);
    expect(upstream.hits(LOGOUT_PATH)).toHaveLength(0);
  });
});
