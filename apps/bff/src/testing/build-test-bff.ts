import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { SessionStore } from '../sessions/session-store.js';

export interface TestBffOptions {
  upstreamUrl: string;
  env?: Record<string, string>;
  now?: () => number;
  store?: SessionStore;
  onRoute?: BuildAppOptions['onRoute'];
  logStream?: BuildAppOptions['logStream'];
  serverTimeouts?: BuildAppOptions['serverTimeouts'];
}

/** A BFF on the given upstream, with no web build and a silent logger unless asked. */
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
  return buildApp({
    config,
    ...(options.now ? { now: options.now } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.serverTimeouts ? { serverTimeouts: options.serverTimeouts } : {}),
  });
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
