import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '@portal/api/demo-data';
import { startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySessionStore } from '../../sessions/session-store.js';
import { API_HEADERS, buildTestBff, logIn } from '../../testing/build-test-bff.js';

/** The first slice against the real reference upstream (apps/api on embedded PGlite). */
describe('sessions against the reference upstream', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let clock = Date.now();
  const store = new MemorySessionStore(30 * 60_000, () => clock);
  const answers: LightMyRequestResponse[] = [];

  async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await app.inject(options);
    answers.push(response);
    return response;
  }

  beforeAll(async () => {
    api = await startTestApi();
    // The clock starts after the upstream's (slow, under load) boot, or the renewal window
    // computed from the upstream's real-time token expiry would be missed.
    clock = Date.now();
    app = await buildTestBff({ upstreamUrl: api.url, store, now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it('logs the two-tenant user in, selects a tenant, renews the token and logs out; no token ever leaves', async () => {
    const { cookie, response: login } = await logIn(app, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD });
    answers.push(login);
    expect(login.statusCode).toBe(200);
    const session = login.json<{
      tenants: Array<{ id: string }>;
      selectedTenantId: string | null;
      user: { email: string };
    }>();
    expect(session.user.email).toBe(DEMO_USERS.jana.email);
    expect(session.tenants.map((tenant) => tenant.id).sort()).toEqual(
      [DEMO_TENANTS.alfa.id, DEMO_TENANTS.beta.id].sort(),
    );
    expect(session.selectedTenantId).toBeNull();

    const sessionId = cookie.split('=')[1] ?? '';
    const tokensBefore = await store.get(sessionId);
    expect(tokensBefore?.accessToken).toMatch(/^eyJ/);

    const selected = await call({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: DEMO_TENANTS.beta.id },
    });
    expect(selected.json()).toMatchObject({ selectedTenantId: DEMO_TENANTS.beta.id });

    // 250 s later the access token (300 s) is within the renewal window: the BFF refreshes it
    // with the real upstream, which rotates the refresh token.
    clock += 250_000;
    const renewed = await call({ method: 'GET', url: '/api/session', headers: { ...API_HEADERS, cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ session: { selectedTenantId: DEMO_TENANTS.beta.id } });
    const tokensAfter = await store.get(sessionId);
    expect(tokensAfter?.refreshToken).not.toBe(tokensBefore?.refreshToken);

    const logout = await call({ method: 'DELETE', url: '/api/session', headers: { ...API_HEADERS, cookie } });
    expect(logout.statusCode).toBe(204);
    const after = await call({ method: 'GET', url: '/api/session', headers: { ...API_HEADERS, cookie } });
    expect(after.json()).toEqual({ session: null });

    const secrets = [tokensBefore, tokensAfter].flatMap((record) => [record?.accessToken, record?.refreshToken]);
    for (const answer of answers) {
      for (const secret of secrets) {
        expect(secret).toBeTruthy();
        expect(answer.body).not.toContain(secret);
        expect(JSON.stringify(answer.headers)).not.toContain(secret);
      }
    }
  });

  it('gives the one-tenant user exactly one tenant', async () => {
    const { response } = await logIn(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD });
    expect(response.json()).toMatchObject({ tenants: [{ id: DEMO_TENANTS.beta.id, name: DEMO_TENANTS.beta.name }] });
  });

  it('answers a wrong password with the Czech 400 and never a 500', async () => {
    const response = await call({
      method: 'POST',
      url: '/api/session',
      headers: API_HEADERS,
      payload: { email: DEMO_USERS.jana.email, password: 'spatne-heslo' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_credentials', message: 'Nesprávný e-mail nebo heslo.' });
    const unknown = await call({
      method: 'POST',
      url: '/api/session',
      headers: API_HEADERS,
      payload: { email: 'nikdo@example.cz', password: 'spatne-heslo' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(response.json());
  });
});
