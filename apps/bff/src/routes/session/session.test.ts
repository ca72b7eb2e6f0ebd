import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/errors.js';
import {
  API_HEADERS,
  bffPerTest,
  expectSessionEnded,
  getSession,
  logIn,
  postLogin,
  sessionCookieFrom,
} from '../../testing/build-test-bff.js';
import {
  FAKE_CREDENTIALS as credentials,
  FAKE_STAFF_CREDENTIALS,
  FAKE_STAFF_USER,
  FAKE_TENANTS,
  FAKE_USER,
  type FakeUpstream,
} from '../../testing/fake-upstream.js';

describe('session routes', () => {
  const bff = bffPerTest();
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  beforeEach(async () => {
    ({ app, upstream } = await bff.start());
  });

  it('logs in, sets a __Host- session cookie with the strict attributes, and answers the session without tokens', async () => {
    const { response } = await logIn(app, credentials);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: FAKE_USER, tenants: FAKE_TENANTS, selectedTenantId: null });

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-portal_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('Max-Age=950400');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain('Domain=');
    for (const token of upstream.issuedTokens) {
      expect(response.body).not.toContain(token);
      expect(setCookie).not.toContain(token);
    }
  });

  it('names the client to the upstream and passes its login delay on as 429 with Retry-After', async () => {
    upstream.answer(
      '/api/v1/_allauth/app/v1/auth/login',
      400,
      { status: 400, errors: [{ code: 'too_many_login_attempts', message: 'Too many.' }] },
      { headers: { 'retry-after': '120' } },
    );
    const refused = await postLogin(app, credentials);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(refused.headers['retry-after']).toBe('120');
    // The API keys failed logins by address and client, so it must see the browser's address.
    const [hit] = upstream.hits('/api/v1/_allauth/app/v1/auth/login');
    expect(hit?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('answers every 429 with Retry-After, also when the upstream gave none', async () => {
    upstream.answer('/api/v1/_allauth/app/v1/auth/login', 429, { status: 429 });
    const refused = await postLogin(app, credentials);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells a staff member by user.is_staff, with no tenants and none selected, even when one is remembered', async () => {
    const login = await postLogin(app, FAKE_STAFF_CREDENTIALS, {
      cookie: `__Host-portal_tenant=${FAKE_TENANTS[0].id}`,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ user: FAKE_STAFF_USER, tenants: [], selectedTenantId: null });
    const cookie = sessionCookieFrom(login);
    const current = await getSession(app, cookie);
    expect(current.json()).toEqual({ session: { user: FAKE_STAFF_USER, tenants: [], selectedTenantId: null } });

    // A staff member selects no tenant, so tenant-scoped operations answer 409 as for anyone without one.
    const select = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: FAKE_TENANTS[0].id },
    });
    expect(select.statusCode).toBe(403);
    const tickets = await app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: { ...API_HEADERS, cookie },
    });
    expect(tickets.statusCode).toBe(409);
    expect(tickets.json()).toMatchObject({ code: 'tenant_required' });
    expect(upstream.hits('/api/v1/support_tickets/')).toHaveLength(0);
  });

  it('logs a staff member in even when the tenant list fails, but not a tenant', async () => {
    upstream.answer('/api/v1/tenant_access/', 500, { detail: 'boom' });
    const staff = await postLogin(app, FAKE_STAFF_CREDENTIALS);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ user: { is_staff: true }, tenants: [] });
    const tenant = await postLogin(app, credentials);
    expect(tenant.statusCode).toBe(502);
  });

  it('answers a wrong password with 400, a Czech message and the field at fault', async () => {
    const response = await postLogin(app, { email: FAKE_USER.email, password: 'spatne-heslo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Nesprávný e-mail nebo heslo.',
      fields: { password: 'Nesprávný e-mail nebo heslo.' },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers malformed login input with 400 and Czech field messages, never 500', async () => {
    const cases = [
      { payload: {}, field: 'email' },
      { payload: { email: 'not-an-email', password: 'x' }, field: 'email' },
      { payload: { email: FAKE_USER.email, password: '' }, field: 'password' },
      { payload: { email: 42, password: ['x'] }, field: 'email' },
    ];
    for (const { payload, field } of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/session', headers: API_HEADERS, payload });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; fields: Record<string, string> }>();
      expect(body.code).toBe('validation_error');
      expect(body.fields[field]).toMatch(/[ěščřžýáíéúů]|Vyplňte|Zadejte/);
    }
    const invalidJson = await postLogin(app, '{"email":', { 'content-type': 'application/json' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('issues a new session id at every login and forgets the previous one', async () => {
    const first = await logIn(app, credentials);
    const second = await postLogin(app, credentials, { cookie: first.cookie });
    const secondCookie = String(second.headers['set-cookie']).split(';')[0];
    expect(secondCookie).not.toBe(first.cookie);
    const replay = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { ...API_HEADERS, cookie: first.cookie },
    });
    expect(replay.json()).toEqual({ session: null });
  });

  it('answers the current session, and 200 "no session" when anonymous (a guest logs no failed request)', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/session', headers: API_HEADERS });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ session: null });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    // An unknown session cookie: no session, and the cookie is cleared.
    const stale = await getSession(app, '__Host-portal_session=unknown');
    expect(stale.json()).toEqual({ session: null });
    expect(String(stale.headers['set-cookie'])).toMatch(/^__Host-portal_session=;/);
    // Real calls without a session keep their 401.
    const profile = await app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: API_HEADERS });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({ code: 'not_authenticated', message: 'Nejste přihlášeni.' });

    const { cookie } = await logIn(app, credentials);
    const current = await getSession(app, cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ session: { user: { email: FAKE_USER.email }, selectedTenantId: null } });
  });

  it('refuses API requests without the X-CSRF header or from a foreign origin, before the upstream is called', async () => {
    const { cookie } = await logIn(app, credentials);
    const before = upstream.requests.length;
    const noHeader = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toMatchObject({ code: 'csrf_failed' });
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie, origin: 'https://evil.example' },
      payload: { tenantId: FAKE_TENANTS[0]?.id },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'origin_mismatch' });
    expect(upstream.requests.length).toBe(before);
  });

  it('selects only a tenant from the access list, trims it, and remembers it in a 30-day cookie', async () => {
    const { cookie } = await logIn(app, credentials);
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: 'someone-elses-tenant' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'tenant_forbidden' });

    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: `  ${FAKE_TENANTS[1]?.id}  ` },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ selectedTenantId: FAKE_TENANTS[1]?.id });
    const tenantCookie = chosen.cookies.find((candidate) => candidate.name === '__Host-portal_tenant');
    expect(tenantCookie).toMatchObject({
      value: FAKE_TENANTS[1]?.id,
      maxAge: 2_592_000,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
    });

    const reloaded = await getSession(app, cookie);
    expect(reloaded.json()).toMatchObject({ session: { selectedTenantId: FAKE_TENANTS[1]?.id } });

    const cleared = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: '   ' },
    });
    expect(cleared.json()).toMatchObject({ selectedTenantId: null });
  });

  it('preselects the remembered tenant at the next login', async () => {
    const { response } = await logIn(app, credentials);
    expect(response.json()).toMatchObject({ selectedTenantId: null });
    const again = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { ...API_HEADERS, cookie: `__Host-portal_tenant=${FAKE_TENANTS[0]?.id}` },
      payload: credentials,
    });
    expect(again.json()).toMatchObject({ selectedTenantId: FAKE_TENANTS[0]?.id });
  });

  it('logs out: ends the upstream session with the refresh token, destroys the session and clears the cookie', async () => {
    const { cookie } = await logIn(app, credentials);
    const response = await app.inject({ method: 'DELETE', url: '/api/session', headers: { ...API_HEADERS, cookie } });
    expect(response.statusCode).toBe(204);
    expect(response.headers['clear-site-data']).toBe('"cache", "cookies"');
    const cleared = String(response.headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-portal_session=;/);
    expect(cleared).toContain('Secure');
    expect(cleared).toContain('Path=/');
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    const logoutCall = upstream.hits('/api/v1/_allauth/app/v1/auth/session')[0];
    expect(logoutCall?.method).toBe('DELETE');
    expect(upstream.issuedTokens).toContain((JSON.parse(logoutCall?.body ?? '{}') as { refresh?: string }).refresh);

    const after = await getSession(app, cookie);
    expect(after.json()).toEqual({ session: null });
  });

  it('ends a session whose profile call answers 401 (docs/product.md §4)', async () => {
    const { cookie } = await logIn(app, credentials);
    upstream.answer('/api/v1/my_profile/', 401, { detail: 'User is inactive', code: 'user_inactive' });
    await expectSessionEnded(app, upstream, cookie);
  });

  it('answers an unreachable upstream with a Czech 502, not a 500', async () => {
    await upstream.close();
    const response = await postLogin(app, credentials);
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'upstream_unavailable' });
    expect(response.json<ErrorBody>().message).toContain('nedostupná');
  });
});
