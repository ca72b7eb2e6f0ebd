import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { SessionStore } from '../sessions/session-store.js';
import { assertMatchesContract } from './contract.js';

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

export async function logIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<{ cookie: string; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: API_HEADERS,
    payload: credentials,
  });
  return { cookie: sessionCookieFrom(response), response };
}
