import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_STAFF, DEMO_USERS } from '@portal/api/demo-data';
import { SignJWT } from 'jose';

/**
 * A recording stand-in for the upstream, for the tests that must provoke faults the real
 * `apps/api` never shows (rotation races, 503s, garbage, hangs). It speaks the auth contract of
 * docs/decisions/001-contract-shapes.md with rotating refresh tokens, and records every request.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (
  request: RecordedRequest,
  response: ServerResponse,
) => boolean | Promise<boolean> | void | Promise<void>;

/** A demo person of apps/api (the same people as against the real upstream) as a `Profile`. */
const profileOf = (
  id: number,
  person: { email: string; firstName: string; lastName: string; phone?: string | null },
  isStaff: boolean,
) => ({
  id,
  email: person.email,
  first_name: person.firstName,
  last_name: person.lastName,
  display_name: `${person.firstName} ${person.lastName}`,
  phone: person.phone ?? null,
  is_staff: isStaff,
});

/** Jana Nováková, a tenant's user. */
export const FAKE_USER = profileOf(7, DEMO_USERS.jana, false);
/** A staff member of the building operator: no tenants, the staff operations (`x-staff`). */
export const FAKE_STAFF_USER = profileOf(9, DEMO_STAFF, true);
export const FAKE_PASSWORD = 'Heslo123!';
/** The login the fake upstream accepts. */
export const FAKE_CREDENTIALS = { email: FAKE_USER.email, password: FAKE_PASSWORD };
/** The staff login the fake upstream accepts. */
export const FAKE_STAFF_CREDENTIALS = { email: FAKE_STAFF_USER.email, password: FAKE_PASSWORD };
const FAKE_USERS = [FAKE_USER, FAKE_STAFF_USER];
export const FAKE_TENANTS: [{ id: string; name: string }, { id: string; name: string }] = [
  { id: 'tenant-alfa', name: 'Alfa s.r.o.' },
  { id: 'tenant-beta', name: 'Beta a.s.' },
];

const secret = randomBytes(32);

export async function signToken(
  type: 'access' | 'refresh',
  expiresInSeconds: number,
  nowMs: number = Date.now(),
  userId: number = FAKE_USER.id,
): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({ token_type: type, user_id: String(userId), jti: randomBytes(16).toString('hex') })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secret);
}

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Handlers tried before the default behaviour; return true when the response was sent. */
  handlers: FakeHandler[];
  /**
   * Handlers that see the raw request before its body is read (to watch a body stream in);
   * return true to take the request over.
   */
  rawHandlers: Array<(incoming: IncomingMessage, response: ServerResponse) => boolean>;
  /** Seconds the next issued access tokens live. */
  accessTokenLifetime: number;
  /** The fake's clock (epoch ms) for `iat`/`exp`; tests that move the BFF's clock move this too. */
  now: () => number;
  /** Every access token ever issued, to check none reaches the browser. */
  issuedTokens: string[];
  refreshCalls(): RecordedRequest[];
  hits(pathPrefix: string): RecordedRequest[];
  /**
   * From now on, requests whose URL starts with `pathPrefix` get this answer instead of the
   * default: `body` as JSON (a string as it is, none when undefined), `content-type` JSON
   * unless `headers` say otherwise; with `times`, only the next that many of them.
   */
  answer(
    pathPrefix: string,
    status: number,
    body?: unknown,
    options?: { headers?: Record<string, string>; times?: number },
  ): void;
  close(): Promise<void>;
}

/** Starts the fake upstream; `now` is its clock for the tokens it issues (a test's clock). */
export async function startFakeUpstream({ now = Date.now }: { now?: () => number } = {}): Promise<FakeUpstream> {
  /** Valid tokens and the user each was issued to. */
  const validRefreshTokens = new Map<string, number>();
  const validAccessTokens = new Map<string, number>();

  const fake: FakeUpstream = {
    url: '',
    requests: [],
    handlers: [],
    rawHandlers: [],
    accessTokenLifetime: 300,
    now,
    issuedTokens: [],
    refreshCalls: () => fake.requests.filter((request) => request.url.startsWith('/api/v1/token/refresh/')),
    hits: (pathPrefix) => fake.requests.filter((request) => request.url.startsWith(pathPrefix)),
    answer: (pathPrefix, status, body, { headers = {}, times = Infinity } = {}) => {
      let left = times;
      fake.handlers.push((request, response) => {
        if (!request.url.startsWith(pathPrefix) || left <= 0) return false;
        left -= 1;
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
        return true;
      });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function issueTokens(userId: number): Promise<{ access: string; refresh: string }> {
    const access = await signToken('access', fake.accessTokenLifetime, fake.now(), userId);
    const refresh = await signToken('refresh', 950_400, fake.now(), userId);
    validAccessTokens.set(access, userId);
    validRefreshTokens.set(refresh, userId);
    fake.issuedTokens.push(access, refresh);
    return { access, refresh };
  }

  function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  /** The user of the request's valid bearer token, or undefined. */
  function tokenUser(request: RecordedRequest): (typeof FAKE_USERS)[number] | undefined {
    const header = request.headers.authorization ?? '';
    const userId = header.startsWith('Bearer ') ? validAccessTokens.get(header.slice(7)) : undefined;
    return FAKE_USERS.find((user) => user.id === userId);
  }

  async function defaultBehaviour(request: RecordedRequest, response: ServerResponse): Promise<void> {
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/api/v1/_allauth/app/v1/auth/login') {
      const user = FAKE_USERS.find((candidate) => candidate.email === body.email);
      if (user && body.password === FAKE_PASSWORD) {
        const tokens = await issueTokens(user.id);
        json(response, 200, {
          status: 200,
          data: { user: { id: user.id, email: user.email } },
          meta: { is_authenticated: true, ...tokens },
        });
      } else {
        json(response, 400, {
          status: 400,
          errors: [
            {
              code: 'email_password_mismatch',
              message: 'The email address and/or password you specified are not correct.',
              param: 'password',
            },
          ],
        });
      }
      return;
    }
    if (request.method === 'POST' && path === '/api/v1/token/refresh/') {
      const refresh = typeof body.refresh === 'string' ? body.refresh : '';
      const userId = validRefreshTokens.get(refresh);
      if (userId === undefined || !validRefreshTokens.delete(refresh)) {
        json(response, 401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
        return;
      }
      json(response, 200, await issueTokens(userId));
      return;
    }
    if (request.method === 'DELETE' && path === '/api/v1/_allauth/app/v1/auth/session') {
      if (typeof body.refresh === 'string') validRefreshTokens.delete(body.refresh);
      json(response, 401, { status: 401, data: { flows: [] }, meta: { is_authenticated: false } });
      return;
    }
    // No credentials: treated as a guest (the BFF decides which operations a guest may call).
    const user = tokenUser(request);
    if (request.headers.authorization !== undefined && !user) {
      json(response, 401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      return;
    }
    if (request.headers.authorization === undefined && path.startsWith('/api/v1/my_profile/')) {
      json(response, 401, { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
      return;
    }
    if (request.method === 'GET' && path === '/api/v1/my_profile/') {
      json(response, 200, user ?? FAKE_USER);
      return;
    }
    if (request.method === 'GET' && path === '/api/v1/_allauth/app/v1/account/authenticators') {
      // The fake staff member has the second factor staff must have (ADR 012); tenants have none.
      const data = user?.is_staff ? [{ type: 'totp', created_at: 1_790_000_000, last_used_at: null }] : [];
      json(response, 200, { status: 200, data });
      return;
    }
    if (request.method === 'GET' && path === '/api/v1/tenant_access/') {
      // A staff member has no tenant access (the real upstream answers an empty list).
      json(response, 200, user?.is_staff ? [] : FAKE_TENANTS);
      return;
    }
    json(response, 200, [], { 'x-total-count': '0' });
  }

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    if (fake.rawHandlers.some((handler) => handler(incoming, response))) return;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      fake.requests.push(recorded);
      void (async () => {
        for (const handler of fake.handlers) {
          if (await handler(recorded, response)) return;
        }
        await defaultBehaviour(recorded, response);
      })().catch((error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
