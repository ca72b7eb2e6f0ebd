import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET, DEMO_USERS } from '../../../../demo/demo-data.js';
import { totpAuthenticators } from '../../../../db/schema.js';
import { currentTotpCode, regenerateRecoveryCodes } from '../../../../domain/second-factor.js';
import { findUserByEmail } from '../../../../domain/users.js';
import { runCommand } from '../../../../cli/portal-admin.js';
import { openFileStore } from '../../../../files/open-file-store.js';
import { buildTestApp, type TestApp } from '../../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../../testing/scratch-database.js';
import { anyNumber, anyString } from '../../../../testing/matchers.js';
import {
  LOGIN_URL,
  MFA_AUTHENTICATE_URL,
  caller,
  login,
  request,
  unusedTotpCode,
  type Caller,
} from '../../../../testing/test-client.js';

const ACCOUNT = '/api/v1/_allauth/app/v1/account/authenticators';
const petr = DEMO_USERS.petr;

/** A login that stops at the second factor: the pending login's handle. */
async function pendingLogin(t: TestApp, email: string): Promise<string> {
  const response = await request(t.app, { method: 'POST', url: LOGIN_URL, body: { email, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(401);
  expect(response.body).toEqual({
    status: 401,
    data: { flows: [{ id: 'login' }, { id: 'mfa_authenticate', is_pending: true }] },
    meta: { is_authenticated: false, session_token: anyString },
  });
  return (response.body as { meta: { session_token: string } }).meta.session_token;
}

function authenticate(t: TestApp, sessionToken: string, code: string) {
  return request(t.app, {
    method: 'POST',
    url: MFA_AUTHENTICATE_URL,
    headers: { 'x-session-token': sessionToken },
    body: { code },
  });
}

describe.each(DATABASE_DRIVERS)('second factor (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  describe('staff', () => {
    it('get no tokens for the password alone, only a pending mfa_authenticate flow', async () => {
      const sessionToken = await pendingLogin(t, DEMO_STAFF.email);
      // The handle is no access token.
      const staff = await request(t.app, { method: 'GET', url: '/api/v1/staff/buildings/', token: sessionToken });
      expect(staff.statusCode).toBe(401);
    });

    it('log in with the TOTP code, which then cannot be used again', async () => {
      const sessionToken = await pendingLogin(t, DEMO_STAFF.email);
      const code = await unusedTotpCode(t.app.db, DEMO_STAFF.email);
      const response = await authenticate(t, sessionToken, code);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        status: 200,
        data: { methods: [{ method: 'password' }, { method: 'mfa', type: 'totp' }] },
        meta: { is_authenticated: true, access: anyString, refresh: anyString },
      });
      const access = (response.body as { meta: { access: string } }).meta.access;
      expect((await caller(t.app, access).get('/api/v1/staff/buildings/')).statusCode).toBe(200);

      // The handle is spent, and the same code does not open a second login.
      expect((await authenticate(t, sessionToken, code)).statusCode).toBe(401);
      const replay = await authenticate(t, await pendingLogin(t, DEMO_STAFF.email), code);
      expect(replay.statusCode).toBe(400);
      expect(replay.body).toMatchObject({ errors: [{ code: 'code_already_used', param: 'code' }] });
    });

    it('refuse a wrong code in Czech and end the pending login after five', async () => {
      const sessionToken = await pendingLogin(t, DEMO_STAFF.email);
      const wrong = await authenticate(t, sessionToken, '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toEqual({
        status: 400,
        errors: [{ code: 'incorrect_code', message: 'Zadaný kód není správný.', param: 'code' }],
      });
      for (let attempt = 2; attempt <= 4; attempt += 1) {
        expect((await authenticate(t, sessionToken, '000000')).statusCode).toBe(400);
      }
      expect((await authenticate(t, sessionToken, '000000')).statusCode).toBe(401);
      // Even the right code cannot revive it.
      const right = await authenticate(t, sessionToken, await unusedTotpCode(t.app.db, DEMO_STAFF.email));
      expect(right.body).toMatchObject({ status: 401, data: { flows: [{ id: 'login' }] } });
    });

    it('cannot turn their second factor off', async () => {
      const tomas = caller(t.app, (await login(t.app, DEMO_STAFF.email, DEMO_PASSWORD)).access);
      const response = await tomas.delete(`${ACCOUNT}/totp`);
      expect(response.statusCode).toBe(403);
      expect(response.body).toMatchObject({ errors: [{ code: 'second_factor_required' }] });
      // The secret of an active authenticator is never shown again.
      const totp = await tomas.get(`${ACCOUNT}/totp`);
      expect(totp.statusCode).toBe(200);
      expect(JSON.stringify(totp.body)).not.toContain(DEMO_STAFF_TOTP_SECRET);
    });
    it('log in with a recovery code when the phone is lost, once, into the staff area', async () => {
      // The codes as the staff member saved them (their regeneration over HTTP is the tenant's
      // test below; logging in for it here would wait for a TOTP step the tests above left).
      const tomas = await findUserByEmail(t.app.db, DEMO_STAFF.email);
      const [code = ''] = (await regenerateRecoveryCodes(t.app.db, tomas?.id ?? 0)) ?? [];
      const first = await authenticate(t, await pendingLogin(t, DEMO_STAFF.email), code);
      expect(first.statusCode).toBe(200);
      expect(first.body).toMatchObject({ data: { methods: [{ method: 'password' }, { type: 'recovery_codes' }] } });
      const access = (first.body as { meta: { access: string } }).meta.access;
      expect((await caller(t.app, access).get('/api/v1/staff/buildings/')).statusCode).toBe(200);
      const again = await authenticate(t, await pendingLogin(t, DEMO_STAFF.email), code);
      expect(again.body).toMatchObject({ status: 400, errors: [{ code: 'incorrect_code' }] });
    });
  });

  describe('a tenant', () => {
    let petrApi: Caller;
    let recoveryCodes: string[];

    it('logs in with the password alone while no second factor is set up', async () => {
      petrApi = caller(t.app, (await login(t.app, petr.email, DEMO_PASSWORD)).access);
      expect((await petrApi.get(ACCOUNT)).body).toEqual({ status: 200, data: [] });
    });

    it('sets TOTP up: a secret to scan, confirmed with a code, recovery codes once', async () => {
      const setup = await petrApi.get(`${ACCOUNT}/totp`);
      expect(setup.statusCode).toBe(404);
      const { secret, totp_url: url } = (setup.body as { meta: { secret: string; totp_url: string } }).meta;
      expect(url).toMatch(/^otpauth:\/\/totp\//);
      expect(url).toContain(`secret=${secret}`);
      // The same secret until it is activated.
      expect((await petrApi.get(`${ACCOUNT}/totp`)).body).toMatchObject({ meta: { secret } });

      const wrong = await petrApi.post(`${ACCOUNT}/totp`, { code: '123 456' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toMatchObject({ errors: [{ code: 'incorrect_code', param: 'code' }] });

      const activated = await petrApi.post(`${ACCOUNT}/totp`, { code: currentTotpCode(secret) });
      expect(activated.statusCode).toBe(200);
      expect(activated.body).toEqual({
        status: 200,
        data: { type: 'totp', created_at: anyNumber, last_used_at: anyNumber },
        meta: { recovery_codes: expect.any(Array) as unknown },
      });
      recoveryCodes = (activated.body as { meta: { recovery_codes: string[] } }).meta.recovery_codes;
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);

      const list = await petrApi.get(ACCOUNT);
      expect(list.body).toMatchObject({
        data: [{ type: 'totp' }, { type: 'recovery_codes', total_code_count: 10, unused_code_count: 10 }],
      });
      // Only hashes are kept: the codes are not answered again.
      const codes = await petrApi.get(`${ACCOUNT}/recovery-codes`);
      expect(codes.body).toMatchObject({ data: { unused_code_count: 10 } });
      expect(JSON.stringify(codes.body)).not.toContain(recoveryCodes[0]);
      expect((await petrApi.post(`${ACCOUNT}/totp`, { code: currentTotpCode(secret) })).statusCode).toBe(409);
    });

    it('then needs the code at login; a recovery code works once', async () => {
      const code = recoveryCodes[0] ?? '';
      const first = await authenticate(t, await pendingLogin(t, petr.email), code.toUpperCase());
      expect(first.statusCode).toBe(200);
      expect(first.body).toMatchObject({ data: { methods: [{ method: 'password' }, { type: 'recovery_codes' }] } });
      const again = await authenticate(t, await pendingLogin(t, petr.email), code);
      expect(again.statusCode).toBe(400);
      expect(again.body).toMatchObject({ errors: [{ code: 'incorrect_code' }] });
      expect((await petrApi.get(`${ACCOUNT}/recovery-codes`)).body).toMatchObject({
        data: { unused_code_count: 9, total_code_count: 10 },
      });
    });

    it('regenerates the recovery codes, voiding the old ones', async () => {
      const renewed = await petrApi.post(`${ACCOUNT}/recovery-codes`);
      expect(renewed.statusCode).toBe(200);
      const fresh = (renewed.body as { data: { unused_codes: string[] } }).data.unused_codes;
      expect(fresh).toHaveLength(10);
      const old = await authenticate(t, await pendingLogin(t, petr.email), recoveryCodes[1] ?? '');
      expect(old.statusCode).toBe(400);
      expect((await authenticate(t, await pendingLogin(t, petr.email), fresh[0] ?? '')).statusCode).toBe(200);
    });

    it('turns it off and logs in with the password alone again', async () => {
      expect((await petrApi.delete(`${ACCOUNT}/totp`)).statusCode).toBe(200);
      expect((await petrApi.get(ACCOUNT)).body).toEqual({ status: 200, data: [] });
      expect((await petrApi.delete(`${ACCOUNT}/totp`)).statusCode).toBe(404);
      expect(
        (await request(t.app, { method: 'POST', url: LOGIN_URL, body: { email: petr.email, password: DEMO_PASSWORD } }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('an unknown handle answers the login flow again', async () => {
    const response = await authenticate(t, 'no-such-handle', '123456');
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({
      status: 401,
      data: { flows: [{ id: 'login' }] },
      meta: { is_authenticated: false },
    });
  });

  it('the operator’s CLI resets a staff member’s lost factor: password login, staff area closed until set up', async () => {
    const fileStore = openFileStore('database', { db: t.app.db, dataDir: t.database.dataDir });
    const result = await runCommand(['reset-second-factor', DEMO_STAFF.email], t.app.db, fileStore);
    expect(result).toEqual({ email: DEMO_STAFF.email, isStaff: true, secondFactorRemoved: true });

    const response = await request(t.app, {
      method: 'POST',
      url: LOGIN_URL,
      body: { email: DEMO_STAFF.email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const tomas = caller(t.app, (response.body as { meta: { access: string } }).meta.access);
    const refused = await tomas.get('/api/v1/staff/buildings/');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({
      code: 'second_factor_required',
      detail: 'Správa budov vyžaduje dvoufázové ověření. Nastavte si ho prosím v profilu.',
    });

    // Setting a new one up opens the staff area again.
    const { secret } = ((await tomas.get(`${ACCOUNT}/totp`)).body as { meta: { secret: string } }).meta;
    expect(secret).not.toBe(DEMO_STAFF_TOTP_SECRET);
    expect((await tomas.post(`${ACCOUNT}/totp`, { code: currentTotpCode(secret) })).statusCode).toBe(200);
    expect((await tomas.get('/api/v1/staff/buildings/')).statusCode).toBe(200);

    const user = await findUserByEmail(t.app.db, DEMO_STAFF.email);
    const [row] = await t.app.db
      .select()
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.userId, user?.id ?? 0));
    expect(row?.activatedAt).not.toBeNull();
  });
});
