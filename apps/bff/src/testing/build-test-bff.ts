import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { SessionStore } from '../sessions/session-store.js';
import { assertMatchesContract } from './contract.js';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream.js';
import { connectTestRedis, type TestRedis } from './test-redis.js';

export interface TestBffOptions {
  upstreamUrl: string;
  env?: Record<string, string>;
  now?: () => number;
  store?: SessionStore;
  onRoute?: BuildAppOptions['onRoute'];
  logStream?: BuildAppOptions['logStream'];
  serverTimeouts?: BuildAppOptions['serverTimeouts'];
}

/**
 * A BFF on the given upstream, with no web build and a silent logger unless asked. Every
 * answer `inject` returns for one of the BFF's own operations is checked against bff.yaml
 * (testing/contract.ts): a test that provokes an undocumented status or body fails.
 */
export async function buildTestBff(options: TestBffOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    UPSTREAM_URL: options.upstreamUrl,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: '2000',
    // Off unless a test turns it on: building many apps in parallel test files stalls the event
    // loop (schema compilation) long enough to trip it at random.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp({
    config,
    ...(options.now ? { now: options.now } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.serverTimeouts ? { serverTimeouts: options.serverTimeouts } : {}),
  });
  return withContractCheck(app);
}

/** Wraps `inject` (the promise form the tests use) so each answer is checked as it arrives. */
function withContractCheck(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const checkedInject = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    assertMatchesContract(response);
    return response;
  };
  app.inject = checkedInject as FastifyInstance['inject'];
  return app;
}

/** Headers every API call of the SPA carries. */
export const API_HEADERS = { 'x-csrf': '1' } as const;

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.endsWith('portal_session'));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A login (`POST /api/session`) as the web app sends it, with extra headers; any answer. */
export function postLogin(
  app: FastifyInstance,
  payload: InjectOptions['payload'],
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/session', headers: { ...API_HEADERS, ...headers }, payload });
}

/** A successful login and the session cookie it set. */
export async function logIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<{ cookie: string; response: LightMyRequestResponse }> {
  const response = await postLogin(app, credentials);
  return { cookie: sessionCookieFrom(response), response };
}

/**
 * A login of a user with a second factor (ADR 012): the password (202, a pending session) and
 * then `code`; answers the cookie of the logged-in session and the code step's answer.
 */
export async function logInWithCode(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  code: string,
): Promise<{ cookie: string; response: LightMyRequestResponse }> {
  const pending = await postLogin(app, credentials);
  if (pending.statusCode !== 202)
    throw new Error(`expected a pending login, got ${pending.statusCode}: ${pending.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/session/second-factor',
    headers: { ...API_HEADERS, cookie: sessionCookieFrom(pending) },
    payload: { code },
  });
  return { cookie: sessionCookieFrom(response), response };
}

/** The session check the web app makes on every page load. */
export function getSession(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/session', headers: { ...API_HEADERS, cookie } });
}

/**
 * Expects the session behind `cookie` to be over: the session check answers "no session" and
 * clears the cookie, and the cookie opens nothing else either, with the upstream's test answers
 * dropped, so the refusal is the BFF's own.
 */
export async function expectSessionEnded(app: FastifyInstance, upstream: FakeUpstream, cookie: string): Promise<void> {
  const response = await getSession(app, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ session: null });
  expect(String(response.headers['set-cookie'])).toMatch(/^__Host-portal_session=;/);
  upstream.handlers.length = 0;
  const after = await app.inject({ method: 'GET', url: '/api/sessions', headers: { ...API_HEADERS, cookie } });
  expect(after.statusCode).toBe(401);
  expect(after.json()).toMatchObject({ code: 'not_authenticated' });
}

/**
 * For a describe block whose tests each start their own BFF: `start()` starts a fake upstream
 * and a BFF on it (on the test's clock when `now` is given), and both are closed after the
 * test, the BFF first.
 */
export function bffPerTest(): {
  start(options?: Omit<TestBffOptions, 'upstreamUrl'>): Promise<{ app: FastifyInstance; upstream: FakeUpstream }>;
} {
  const started: Array<{ app?: FastifyInstance; upstream: FakeUpstream }> = [];
  afterEach(async () => {
    for (const { app, upstream } of started.splice(0)) {
      await app?.close();
      await upstream.close();
    }
  });
  return {
    async start(options = {}) {
      const upstream = await startFakeUpstream(options.now ? { now: options.now } : {});
      const entry: { app?: FastifyInstance; upstream: FakeUpstream } = { upstream };
      started.push(entry);
      entry.app = await buildTestBff({ ...options, upstreamUrl: entry.upstream.url });
      return { app: entry.app, upstream: entry.upstream };
    },
  };
}

/**
 * For a describe block whose tests start several BFFs on one fake upstream, as the instances
 * behind a load balancer run: `start(env)` starts another BFF with `env` over the block's
 * `defaults` (on the test's clock when `now` is given), the first one of a test starts the
 * upstream and hands it to `onUpstream`; `sharedRedis()` connects a test Redis and gives the
 * env that makes a BFF keep its state there. All of it is closed after each test, the BFFs first.
 */
export function bffInstancesPerTest(
  defaults: Record<string, string>,
  onUpstream: (upstream: FakeUpstream) => void = () => {},
): {
  start(env?: Record<string, string>, now?: () => number): Promise<FastifyInstance>;
  upstream(): FakeUpstream;
  sharedRedis(): Promise<{ redis: TestRedis; env: Record<string, string> }>;
} {
  let upstream: FakeUpstream | undefined;
  let redis: TestRedis | undefined;
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await upstream?.close();
    upstream = undefined;
    await redis?.close();
    redis = undefined;
  });
  return {
    async start(env = {}, now) {
      if (upstream === undefined) {
        upstream = await startFakeUpstream();
        onUpstream(upstream);
      }
      const app = await buildTestBff({
        upstreamUrl: upstream.url,
        ...(now ? { now } : {}),
        env: { ...defaults, ...env },
      });
      apps.push(app);
      return app;
    },
    upstream() {
      if (upstream === undefined) throw new Error('no BFF started in this test yet');
      return upstream;
    },
    async sharedRedis() {
      redis = await connectTestRedis();
      return { redis, env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix } };
    },
  };
}
