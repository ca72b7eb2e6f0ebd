import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/demo-data.js';
import { users } from '../../../db/schema.js';
import { hashPassword } from '../../../security/password-hash.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { forgeToken } from '../../../testing/forged-tokens.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { PROFILE_URL, login, request, type ApiResponse } from '../../../testing/test-client.js';

const CHALLENGE = 'Bearer realm="api"';

/** simplejwt's 401: the challenge header and the DRF body. */
function expectUnauthorized(response: ApiResponse, body: { detail: string; code: string }) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe(CHALLENGE);
  expect(response.body).toEqual(body);
}

describe.each(DATABASE_DRIVERS)('GET /api/v1/my_profile/ (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const sign = (claims: Record<string, unknown>) => forgeToken(t, claims);

  it('answers the logged-in user’s profile', async () => {
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const response = await request(t.app, { method: 'GET', url: PROFILE_URL, token: access });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      id: Number(decodeJwt(access).user_id),
      email: 'jana.novakova@example.cz',
      first_name: 'Jana',
      last_name: 'Nováková',
      display_name: 'Jana Nováková',
      phone: '+420 601 234 567',
      is_staff: false,
    });
  });

  it('answers phone null and falls back to the e-mail as display name', async () => {
    const { access } = await login(t.app, DEMO_USERS.petr.email, DEMO_PASSWORD);
    const petr = await request(t.app, { method: 'GET', url: PROFILE_URL, token: access });
    expect(petr.body).toMatchObject({ display_name: 'Petr Svoboda', phone: null });

    const email = `bezejmenny.${driver}@example.cz`;
    await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const anonymous = await login(t.app, email, DEMO_PASSWORD);
    const response = await request(t.app, { method: 'GET', url: PROFILE_URL, token: anonymous.access });
    expect(response.body).toMatchObject({ first_name: '', last_name: '', display_name: email });
  });

  it('answers 401 not_authenticated with WWW-Authenticate when no token is sent', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Basic amFuYTpoZXNsbw==' },
    ];
    for (const headers of variants) {
      expectUnauthorized(await request(t.app, { method: 'GET', url: PROFILE_URL, headers }), {
        detail: 'Nebyly zadány přihlašovací údaje.',
        code: 'not_authenticated',
      });
    }
  });

  it('answers 401 bad_authorization_header for a malformed Bearer header', async () => {
    const response = await request(t.app, {
      method: 'GET',
      url: PROFILE_URL,
      headers: { authorization: 'Bearer a b' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toMatchObject({ code: 'bad_authorization_header' });
  });

  it('answers 401 token_not_valid for an invalid, expired or refresh token', async () => {
    const tokens = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ ...decodeJwt(tokens.access), iat: now - 400, exp: now - 100 });
    for (const token of ['garbage', expired, tokens.refresh, `${tokens.access}x`]) {
      expectUnauthorized(await request(t.app, { method: 'GET', url: PROFILE_URL, token }), {
        detail: 'Přístupový token je neplatný nebo vypršel.',
        code: 'token_not_valid',
      });
    }
  });

  it('answers 401 for a token of a deleted or deactivated user', async () => {
    const email = `smazany.${driver}@example.cz`;
    const [row] = await t.app.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning();
    const id = row?.id ?? 0;
    const { access } = await login(t.app, email, DEMO_PASSWORD);

    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    const inactive = await request(t.app, { method: 'GET', url: PROFILE_URL, token: access });
    expect(inactive.statusCode).toBe(401);
    expect(inactive.body).toMatchObject({ code: 'user_inactive' });

    await t.app.db.delete(users).where(eq(users.id, id));
    const deleted = await request(t.app, { method: 'GET', url: PROFILE_URL, token: access });
    expect(deleted.statusCode).toBe(401);
    expect(deleted.body).toMatchObject({ code: 'user_not_found' });
  });

  it('is served only with the DRF trailing slash', async () => {
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const response = await request(t.app, {
      method: 'GET',
      url: '/api/v1/my_profile',
      token: access,
      contract: false,
    });
    expect(response.statusCode).toBe(404);
  });
});
