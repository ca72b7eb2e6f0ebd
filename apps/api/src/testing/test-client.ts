import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { totpAuthenticators, users } from '../db/schema.js';
import { currentTotpCode, TOTP_PERIOD_SECONDS } from '../domain/second-factor.js';
import { assertMatchesContract } from './contract.js';

export interface ApiResponse {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
  raw: LightMyRequestResponse;
}

export interface RequestOptions {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer access token. */
  token?: string;
  /** Skip the upstream.yaml check, for requests that are off-contract on purpose. */
  contract?: boolean;
}

/** `inject` with JSON in and out; every answer is checked against upstream.yaml. */
export async function request(app: FastifyInstance, options: RequestOptions): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  const raw = await app.inject({
    method: options.method,
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
  const body: unknown = raw.body === '' ? undefined : raw.json();
  const response = { statusCode: raw.statusCode, headers: raw.headers, body, raw };
  if (options.contract !== false) {
    await assertMatchesContract({
      method: options.method,
      url: options.url,
      statusCode: raw.statusCode,
      headers: raw.headers,
      body,
    });
  }
  return response;
}

/**
 * Requests as one caller, so a test reads as what the caller does: `alfa.post(url, body)`.
 * `token` is a bearer access token (none for a visitor); `headers` are sent on every request,
 * e.g. the caller's `X-Tenant-ID`. Every answer is checked against upstream.yaml, as
 * {@link request} does.
 */
export function caller(app: FastifyInstance, token?: string, headers: Record<string, string> = {}) {
  const send = (method: RequestOptions['method'], url: string, body?: unknown, extra: Record<string, string> = {}) =>
    request(app, { method, url, headers: { ...headers, ...extra }, ...(token === undefined ? {} : { token }), body });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body?: unknown) => send('POST', url, body),
    /** With `version`, the change is based on that version of the resource (`If-Match`). */
    patch: (url: string, body: unknown, version?: number) =>
      send('PATCH', url, body, version === undefined ? {} : { 'if-match': `W/"${version}"` }),
    delete: (url: string, body?: unknown) => send('DELETE', url, body),
  };
}

export type Caller = ReturnType<typeof caller>;

export const LOGIN_URL = '/api/v1/_allauth/app/v1/auth/login';
export const SESSION_URL = '/api/v1/_allauth/app/v1/auth/session';
export const REFRESH_URL = '/api/v1/token/refresh/';
export const PASSWORD_REQUEST_URL = '/api/v1/_allauth/app/v1/auth/password/request';
export const PASSWORD_RESET_URL = '/api/v1/_allauth/app/v1/auth/password/reset';
export const PROFILE_URL = '/api/v1/my_profile/';
export const TENANT_ACCESS_URL = '/api/v1/tenant_access/';

export interface Tokens {
  access: string;
  refresh: string;
}

/** Logs in and returns the token pair; fails the test on anything but 200. */
export const MFA_AUTHENTICATE_URL = '/api/v1/_allauth/app/v1/auth/2fa/authenticate';

/**
 * Logs in; a user with a second factor (the demo staff, ADR 012) passes the code step with the
 * TOTP code of the next time step the server has not used yet (each step is accepted once).
 */
export async function login(app: FastifyInstance, email: string, password: string): Promise<Tokens> {
  let response = await request(app, { method: 'POST', url: LOGIN_URL, body: { email, password } });
  const sessionToken = (response.body as { meta?: { session_token?: string } }).meta?.session_token;
  if (response.statusCode === 401 && sessionToken !== undefined) {
    response = await request(app, {
      method: 'POST',
      url: MFA_AUTHENTICATE_URL,
      headers: { 'x-session-token': sessionToken },
      body: { code: await unusedTotpCode(app.db, email) },
    });
  }
  if (response.statusCode !== 200) {
    throw new Error(`Login of ${email} failed: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  const meta = (response.body as { meta: Tokens }).meta;
  return { access: meta.access, refresh: meta.refresh };
}

export function refresh(app: FastifyInstance, token: string): Promise<ApiResponse> {
  return request(app, { method: 'POST', url: REFRESH_URL, body: { refresh: token } });
}

/** A JSON body that breaks off: the server must answer 400, never 500. */
export function postBrokenJson(app: FastifyInstance, url: string) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
}

/** A TOTP code of the user's authenticator that the server will accept (waits for a step if needed). */
export async function unusedTotpCode(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ secret: totpAuthenticators.secret, lastUsedStep: totpAuthenticators.lastUsedStep })
    .from(totpAuthenticators)
    .innerJoin(users, eq(users.id, totpAuthenticators.userId))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (row === undefined) throw new Error(`${email} has no TOTP authenticator`);
  const periodMs = TOTP_PERIOD_SECONDS * 1000;
  for (;;) {
    const current = Math.floor(Date.now() / periodMs);
    // The server accepts one step either side; the next unused one within that.
    const step = Math.max(current, (row.lastUsedStep ?? -1) + 1);
    if (step <= current + 1) return currentTotpCode(row.secret, step * periodMs + 1000);
    await new Promise((resolve) => setTimeout(resolve, periodMs - (Date.now() % periodMs) + 50));
  }
}
