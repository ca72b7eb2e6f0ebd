import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET, DEMO_USERS } from '@portal/api/demo-data';
import { currentTotpCode, startTestApi, type TestApi } from '@portal/api/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySessionStore } from '../../sessions/session-store.js';
import {
  API_HEADERS,
  buildTestBff,
  getSession,
  logIn,
  postLogin,
  sessionCookieFrom,
} from '../../testing/build-test-bff.js';

/** The second factor through the BFF (ADR 012), against the real apps/api. */
describe('second factor against the reference upstream', () => {
  let api: TestApi;
  let app: FastifyInstance;
  const store = new MemorySessionStore(30 * 60_000);

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...API_HEADERS, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    api = await startTestApi();
    app = await buildTestBff({ upstreamUrl: api.url, store });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it('keeps a staff login pending until the code: nothing but the code step and logout accept it', async () => {
    const login = await postLogin(app, { email: DEMO_STAFF.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(202);
    expect(login.json()).toEqual({ secondFactor: 'pending' });
    const pendingCookie = sessionCookieFrom(login);
    // The pending login lives on the server; the browser holds only the opaque id.
    const record = await store.get(pendingCookie.split('=')[1] ?? '');
    expect(record?.pendingSecondFactor?.sessionToken).toBeTruthy();
    expect(login.body).not.toContain(record?.pendingSecondFactor?.sessionToken ?? '-');

    // A pending login is no session yet, but the session check keeps its cookie for the code step.
    const session = await getSession(app, pendingCookie);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ session: null });
    expect(session.headers['set-cookie']).toBeUndefined();
    for (const url of [
      '/api/v1/staff/support_tickets/',
      '/api/v1/my_profile/',
      '/api/sessions',
      '/api/second-factor',
    ]) {
      const refused = await call('GET', url, pendingCookie);
      expect(refused.statusCode, url).toBe(401);
    }

    const wrong = await call('POST', '/api/session/second-factor', pendingCookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_code',
      message: 'Zadaný kód není správný.',
      fields: { code: 'Zadaný kód není správný.' },
    });

    const done = await call('POST', '/api/session/second-factor', pendingCookie, {
      code: currentTotpCode(DEMO_STAFF_TOTP_SECRET),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: DEMO_STAFF.email, is_staff: true }, tenants: [] });
    expect(done.json()).not.toHaveProperty('secondFactorSetupRequired');
    const cookie = sessionCookieFrom(done);
    // A new session id for the logged-in session; the pending one is gone.
    expect(cookie).not.toBe(pendingCookie);
    expect((await getSession(app, pendingCookie)).json()).toEqual({ session: null });
    expect((await call('GET', '/api/v1/staff/support_tickets/', pendingCookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/staff/support_tickets/', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/second-factor', cookie)).json()).toMatchObject({
      active: true,
      required: true,
      recoveryCodes: null,
    });
    // Staff cannot turn it off.
    const off = await call('DELETE', '/api/second-factor', cookie, { password: DEMO_PASSWORD });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'second_factor_required' });
  });

  it('lets a tenant turn it on with a code, log in with a recovery code, and turn it off with the password', async () => {
    const { cookie } = await logIn(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD });
    expect((await call('GET', '/api/second-factor', cookie)).json()).toEqual({
      active: false,
      required: false,
      activatedAt: null,
      lastUsedAt: null,
      recoveryCodes: null,
    });
    const setup = (await call('GET', '/api/second-factor/setup', cookie)).json<{
      secret: string;
      otpauthUrl: string;
    }>();
    expect(setup.otpauthUrl).toContain(setup.secret);
    const wrong = await call('POST', '/api/second-factor', cookie, { code: '111111' });
    expect(wrong.statusCode).toBe(400);
    const on = await call('POST', '/api/second-factor', cookie, { code: currentTotpCode(setup.secret) });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect((await call('GET', '/api/second-factor/setup', cookie)).statusCode).toBe(409);

    const pending = await postLogin(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD });
    expect(pending.statusCode).toBe(202);
    const withRecovery = await call('POST', '/api/session/second-factor', sessionCookieFrom(pending), {
      code: recoveryCodes[0],
    });
    expect(withRecovery.statusCode).toBe(200);
    const second = sessionCookieFrom(withRecovery);
    expect((await call('GET', '/api/second-factor', second)).json()).toMatchObject({
      recoveryCodes: { unused: 9, total: 10 },
    });

    const badPassword = await call('DELETE', '/api/second-factor', second, { password: 'spatne-heslo' });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ code: 'invalid_password' });
    expect((await call('DELETE', '/api/second-factor', second, { password: DEMO_PASSWORD })).statusCode).toBe(204);
    expect((await logIn(app, { email: DEMO_USERS.petr.email, password: DEMO_PASSWORD })).response.statusCode).toBe(200);
  });

  it('ends a pending login on logout', async () => {
    const login = await postLogin(app, { email: DEMO_STAFF.email, password: DEMO_PASSWORD });
    const cookie = sessionCookieFrom(login);
    const id = cookie.split('=')[1] ?? '';
    expect(await store.get(id)).not.toBeNull();
    expect((await call('DELETE', '/api/session', cookie)).statusCode).toBe(204);
    expect(await store.get(id)).toBeNull();
  });
});
