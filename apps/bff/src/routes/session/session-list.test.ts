import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/errors.js';
import type { components } from '../../http/own-operations.gen.js';
import { newSessionId } from '../../sessions/session-manager.js';
import { API_HEADERS, buildTestBff, postLogin, sessionCookieFrom } from '../../testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_USER,
  startFakeUpstream,
  type FakeUpstream,
} from '../../testing/fake-upstream.js';
import { sessionRecord } from '../../testing/session-records.js';
import { connectTestRedis, type TestRedis } from '../../testing/test-redis.js';

type SessionList = components['schemas']['SessionList'];

const LOGOUT_PATH = '/api/v1/_allauth/app/v1/auth/session';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// The user's own sessions on /profil (docs/security.md, "Second factor and sessions"), with
// each store; Redis for real, two instances sharing it.
describe.each(['memory', 'Redis'])('the list of one’s sessions (%s store)', (kind) => {
  let upstream: FakeUpstream;
  let redis: TestRedis | undefined;
  let instances: [FastifyInstance, FastifyInstance];
  let clock = Date.now();

  beforeEach(async () => {
    clock = Date.now();
    const now = () => clock;
    upstream = await startFakeUpstream({ now });
    if (kind === 'Redis') {
      redis = await connectTestRedis();
      const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
      instances = [
        await buildTestBff({ upstreamUrl: upstream.url, env, now }),
        await buildTestBff({ upstreamUrl: upstream.url, env, now }),
      ];
    } else {
      const app = await buildTestBff({ upstreamUrl: upstream.url, now });
      instances = [app, app];
    }
  });
  afterEach(async () => {
    for (const app of new Set(instances)) await app.close();
    await upstream.close();
    await redis?.close();
  });

  const logInFrom = async (app: FastifyInstance, userAgent?: string) =>
    sessionCookieFrom(await postLogin(app, credentials, userAgent === undefined ? {} : { 'user-agent': userAgent }));
  const list = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/sessions', headers: { ...API_HEADERS, cookie } });
  const end = (app: FastifyInstance, cookie: string, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: { ...API_HEADERS, cookie } });
  /** A live session of another user, logged in now, its tokens named `access-<name>` and `refresh-<name>`. */
  const storeAnotherUsersSession = (app: FastifyInstance, id: string, name: string) =>
    app.sessionStore.create(
      id,
      sessionRecord(clock, {
        accessToken: `access-${name}`,
        refreshToken: `refresh-${name}`,
        user: { ...FAKE_USER, id: FAKE_USER.id + 1 },
      }),
    );
  const check = (app: FastifyInstance, cookie: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: { ...API_HEADERS, cookie, 'x-tenant-id': 'tenant-alfa' },
    });

  it('lists every session of the user with its device and times, the most recent first, this one marked', async () => {
    const [a, b] = instances;
    const loggedInAt = clock;
    const phone = await logInFrom(a, SAFARI_IPHONE);
    clock += 120_000;
    const laptop = await logInFrom(b, FIREFOX_WINDOWS);
    clock += 120_000;
    const unknown = await logInFrom(a);
    // Another user's session in the same store is not listed.
    await storeAnotherUsersSession(a, newSessionId(), 'bystander');

    const response = await list(b, laptop);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json<SessionList>();
    expect(sessions.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        current: false,
        browser: null,
        os: null,
        deviceType: 'unknown',
        createdAt: new Date(loggedInAt + 240_000).toISOString(),
        lastActiveAt: new Date(loggedInAt + 240_000).toISOString(),
      },
      {
        current: true,
        browser: 'Firefox 133',
        os: 'Windows',
        deviceType: 'desktop',
        createdAt: new Date(loggedInAt + 120_000).toISOString(),
        lastActiveAt: new Date(loggedInAt + 120_000).toISOString(),
      },
      {
        current: false,
        browser: 'Safari 17',
        os: 'iOS 17.5',
        deviceType: 'mobile',
        createdAt: new Date(loggedInAt).toISOString(),
        lastActiveAt: new Date(loggedInAt).toISOString(),
      },
    ]);
    // The handles are neither the cookies nor anything of a token.
    for (const cookie of [phone, laptop, unknown]) expect(response.body).not.toContain(cookie.split('=')[1]);
    for (const token of upstream.issuedTokens) expect(response.body).not.toContain(token);
    expect(new Set(sessions.map((session) => session.id)).size).toBe(3);
    // Each session sees itself as the current one.
    const fromPhone = (await list(a, phone)).json<SessionList>().sessions;
    expect(fromPhone.find((session) => session.current)?.browser).toBe('Safari 17');
  });

  it('ends another session here and at the upstream; the others stay', async () => {
    const [a, b] = instances;
    const phone = await logInFrom(a, SAFARI_IPHONE);
    const laptop = await logInFrom(b, FIREFOX_WINDOWS);
    const phoneRefresh = (await a.sessionStore.get(phone.split('=')[1] ?? ''))?.refreshToken;
    const target = (await list(b, laptop)).json<SessionList>().sessions.find((session) => !session.current);
    expect(target?.browser).toBe('Safari 17');

    const ended = await end(b, laptop, target?.id ?? '');
    expect(ended.statusCode).toBe(204);
    expect(ended.headers['set-cookie']).toBeUndefined();
    expect((await check(a, phone)).statusCode).toBe(401);
    expect((await check(a, laptop)).statusCode).toBe(200);
    expect(upstream.hits(LOGOUT_PATH).map((call) => (JSON.parse(call.body) as { refresh: string }).refresh)).toEqual([
      phoneRefresh,
    ]);
    expect((await list(a, laptop)).json<SessionList>().sessions).toHaveLength(1);
    // Ended already: not one of the user's sessions any more.
    expect((await end(b, laptop, target?.id ?? '')).statusCode).toBe(404);
  });

  it('refuses to end the current session this way, and unknown or foreign ids, in Czech', async () => {
    const [a, b] = instances;
    const mine = await logInFrom(a, FIREFOX_WINDOWS);
    const [current] = (await list(a, mine)).json<SessionList>().sessions;
    const self = await end(b, mine, current?.id ?? '');
    expect(self.statusCode).toBe(400);
    expect(self.json<ErrorBody>()).toEqual({
      code: 'current_session',
      message: 'Toto zařízení odhlásíte tlačítkem „Odhlásit se“.',
    });
    expect((await check(a, mine)).statusCode).toBe(200);

    // A session of another user, named by its handle, is not found.
    const foreign = newSessionId();
    await storeAnotherUsersSession(a, foreign, 'other');
    const otherUsersList = await list(a, `${mine.split('=')[0]}=${foreign}`);
    const foreignHandle = otherUsersList.json<SessionList>().sessions[0]?.id ?? '';
    for (const id of [foreignHandle, 'neexistuje', foreign]) {
      const response = await end(a, mine, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json<ErrorBody>().message).toMatch(/[ěščřžýáíéů]/);
    }
    expect(await a.sessionStore.get(foreign)).toMatchObject({ refreshToken: 'refresh-other' });
    expect(upstream.hits(LOGOUT_PATH)).toHaveLength(0);
  });

  it('leaves out sessions that have expired by idle time, and answers 401 without a session', async () => {
    const [a, b] = instances;
    const old = await logInFrom(a, SAFARI_IPHONE);
    // The idle timeout (default 30 min) passes for the phone; the laptop logs in afterwards.
    clock += 31 * 60_000;
    const laptop = await logInFrom(b, FIREFOX_WINDOWS);
    const { sessions } = (await list(a, laptop)).json<SessionList>();
    expect(sessions.map((session) => session.browser)).toEqual(['Firefox 133']);
    expect((await check(a, old)).statusCode).toBe(401);
    const anonymous = await a.inject({ method: 'GET', url: '/api/sessions', headers: API_HEADERS });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>()).toMatchObject({ code: 'not_authenticated' });
  });
});
