import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../../demo/demo-data.js';
import { users } from '../../../../db/schema.js';
import { hashPassword } from '../../../../security/password-hash.js';
import { buildTestApp, type TestApp } from '../../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../../testing/scratch-database.js';
import { ALLAUTH_LOGGED_OUT, allauthBadRequest, missingParam } from '../../../../testing/allauth-answers.js';
import { LOGIN_URL, SESSION_URL, login, postBrokenJson, refresh, request } from '../../../../testing/test-client.js';
import { anyNumber, anyString, stringMatching } from '../../../../testing/matchers.js';

const jana = DEMO_USERS.jana;
const MISMATCH = allauthBadRequest({
  code: 'email_password_mismatch',
  message: 'Zadaný e-mail nebo heslo nejsou správné.',
  param: 'password',
});

describe.each(DATABASE_DRIVERS)('allauth login and logout (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  describe('POST /auth/login', () => {
    it('answers allauth’s authenticated response with simplejwt tokens in meta', async () => {
      const before = Date.now() / 1000;
      const response = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email: jana.email, password: DEMO_PASSWORD },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({
        status: 200,
        data: {
          user: {
            id: anyNumber,
            display: 'Jana Nováková',
            email: jana.email,
            has_usable_password: true,
          },
          methods: [{ method: 'password', at: anyNumber, email: jana.email }],
        },
        meta: { is_authenticated: true, access: anyString, refresh: anyString },
      });
      const body = response.body as { data: { user: { id: number } }; meta: { access: string; refresh: string } };

      const access = decodeJwt(body.meta.access);
      const refreshClaims = decodeJwt(body.meta.refresh);
      expect(access).toEqual({
        token_type: 'access',
        user_id: String(body.data.user.id),
        jti: stringMatching(/^[0-9a-f]{32}$/),
        iat: anyNumber,
        exp: anyNumber,
      });
      expect(Number.isInteger(access.iat)).toBe(true);
      expect(access.iat).toBeGreaterThanOrEqual(Math.floor(before));
      expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(300);
      expect(refreshClaims).toMatchObject({ token_type: 'refresh', user_id: String(body.data.user.id) });
      expect((refreshClaims.exp ?? 0) - (refreshClaims.iat ?? 0)).toBe(950_400);
      expect(refreshClaims.jti).not.toBe(access.jti);
    });

    it('matches the e-mail address regardless of case and surrounding spaces', async () => {
      const tokens = await login(t.app, `  ${jana.email.toUpperCase()} `.trim(), DEMO_PASSWORD);
      expect(decodeJwt(tokens.access).token_type).toBe('access');
    });

    it('refuses a wrong password with email_password_mismatch on param password', async () => {
      const response = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email: jana.email, password: 'Heslo123?' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual(MISMATCH);
    });

    it('answers an unknown e-mail address exactly like a wrong password', async () => {
      const response = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email: 'nikdo@example.cz', password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual(MISMATCH);
    });

    it('lists every missing field in the allauth envelope', async () => {
      const response = await request(t.app, { method: 'POST', url: LOGIN_URL, body: {} });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual(allauthBadRequest(missingParam('email'), missingParam('password')));
    });

    it('treats a POST without a body like an empty object', async () => {
      const response = await request(t.app, { method: 'POST', url: LOGIN_URL });
      expect(response.statusCode).toBe(400);
      expect((response.body as { errors: unknown[] }).errors).toHaveLength(2);
    });

    it('refuses a malformed e-mail address and an empty password', async () => {
      const response = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email: 'jana', password: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual(
        allauthBadRequest(
          { code: 'invalid', message: 'Zadejte platnou e-mailovou adresu.', param: 'email' },
          { code: 'blank', message: 'Toto pole nesmí být prázdné.', param: 'password' },
        ),
      );
    });

    it('answers malformed JSON with a 400 in the allauth envelope, not a 500', async () => {
      const response = await postBrokenJson(t.app, LOGIN_URL);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(
        allauthBadRequest({ code: 'parse_error', message: 'Tělo požadavku není platný JSON.' }),
      );
    });

    it('refuses an inactive account with allauth’s 401, but only after the password matched', async () => {
      const email = `neaktivni.${driver}@example.cz`;
      await t.app.db.insert(users).values({
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isActive: false,
      });

      const wrong = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email, password: 'nespravne-heslo' },
      });
      expect(wrong.body).toEqual(MISMATCH);

      const right = await request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email, password: DEMO_PASSWORD },
      });
      expect(right.statusCode).toBe(401);
      expect(right.body).toEqual({
        status: 401,
        data: { flows: [{ id: 'login' }] },
        meta: { is_authenticated: false },
      });
    });

    it('upgrades a hash with outdated scrypt parameters on login', async () => {
      const email = `stary.hash.${driver}@example.cz`;
      const [row] = await t.app.db
        .insert(users)
        .values({ email, passwordHash: await legacyHash(DEMO_PASSWORD) })
        .returning();
      await login(t.app, email, DEMO_PASSWORD);
      const [updated] = await t.app.db
        .select()
        .from(users)
        .where(eq(users.id, row?.id ?? 0));
      expect(updated?.passwordHash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
      await login(t.app, email, DEMO_PASSWORD);
    });
  });

  describe('failed-login limit (per address and client, growing delays)', () => {
    const TOO_MANY = {
      status: 400,
      errors: [
        {
          code: 'too_many_login_attempts',
          message: 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím později.',
        },
      ],
    };
    // The BFF names the browser's address in X-Forwarded-For; inject comes from loopback,
    // which the API trusts as its proxy by default.
    const attempt = (email: string, password: string, client = '203.0.113.1') =>
      request(t.app, {
        method: 'POST',
        url: LOGIN_URL,
        body: { email, password },
        headers: { 'x-forwarded-for': client },
      });

    it('makes the failing client wait, with Retry-After, even for the right password', async () => {
      const email = `zamceny.${driver}@example.cz`;
      await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt(email, `spatne-${i}`, '203.0.113.5')).body).toEqual(MISMATCH);
      }
      const locked = await attempt(email, DEMO_PASSWORD, '203.0.113.5');
      expect(locked.body).toEqual(TOO_MANY);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(email.toUpperCase(), 'cokoli', '203.0.113.5')).body).toEqual(TOO_MANY);
      // Other addresses, known or unknown, are not affected.
      expect((await attempt(`jiny.${driver}@example.cz`, 'cokoli', '203.0.113.5')).body).toEqual(MISMATCH);
    });

    it('never refuses the right password from a client that has not failed', async () => {
      const email = `obet.${driver}@example.cz`;
      await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
      // An attacker fails many times from one address …
      for (let i = 0; i < 8; i += 1) await attempt(email, `spatne-${i}`, '198.51.100.66');
      expect((await attempt(email, DEMO_PASSWORD, '198.51.100.66')).body).toEqual(TOO_MANY);
      // … and the owner, from another, still logs in.
      const owner = await attempt(email, DEMO_PASSWORD, '203.0.113.77');
      expect(owner.statusCode).toBe(200);
    });

    it('lets the client try again after the delay, and doubles it after each further failure', async () => {
      const email = `cekani.${driver}@example.cz`;
      await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
      const client = '203.0.113.9';
      for (let i = 0; i < 5; i += 1) await attempt(email, 'spatne', client);
      const first = Number((await attempt(email, 'spatne', client)).headers['retry-after']);
      expect(first).toBeGreaterThan(0);
      // Pretend the delay has passed.
      await t.app.db.execute(
        sql`update rate_limit_events set created_at = created_at - make_interval(secs => ${first + 1}) where scope = 'loginFailed'`,
      );
      expect((await attempt(email, 'spatne', client)).body).toEqual(MISMATCH);
      const second = Number((await attempt(email, DEMO_PASSWORD, client)).headers['retry-after']);
      expect(second).toBeGreaterThan(first);
    });

    it('counts only failures since the last successful login', async () => {
      const email = `obcas.spatne.${driver}@example.cz`;
      await t.app.db.insert(users).values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) });
      for (let i = 0; i < 4; i += 1) await attempt(email, 'spatne');
      expect((await attempt(email, DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await attempt(email, 'spatne');
      expect((await attempt(email, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('DELETE /auth/session', () => {
    it('revokes the token family and answers allauth’s 401', async () => {
      const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
      const rotated = await refresh(t.app, tokens.refresh);
      expect(rotated.statusCode).toBe(200);
      const current = rotated.body as { refresh: string };

      const logout = await request(t.app, {
        method: 'DELETE',
        url: SESSION_URL,
        body: { refresh: current.refresh },
      });
      expect(logout.statusCode).toBe(401);
      expect(logout.body).toEqual(ALLAUTH_LOGGED_OUT);

      const after = await refresh(t.app, current.refresh);
      expect(after.statusCode).toBe(401);
      expect(after.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    });

    it('leaves other sessions of the same user alone', async () => {
      const phone = await login(t.app, jana.email, DEMO_PASSWORD);
      const laptop = await login(t.app, jana.email, DEMO_PASSWORD);
      await request(t.app, { method: 'DELETE', url: SESSION_URL, body: { refresh: phone.refresh } });
      expect((await refresh(t.app, laptop.refresh)).statusCode).toBe(200);
    });

    it('is idempotent: a repeated, invalid or absent refresh token gets the same 401', async () => {
      const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
      const bodies: unknown[] = [
        { refresh: tokens.refresh },
        { refresh: tokens.refresh },
        { refresh: 'not-a-jwt' },
        { refresh: tokens.access },
        { refresh: '' },
        { refresh: 42 },
        { refresh: { nested: true } },
        {},
        undefined,
      ];
      for (const body of bodies) {
        const response = await request(t.app, {
          method: 'DELETE',
          url: SESSION_URL,
          ...(body === undefined ? {} : { body }),
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(401);
        expect(response.body).toEqual(ALLAUTH_LOGGED_OUT);
      }
    });
  });
});

/** A valid hash with a lower cost than today's, as an older release would have stored. */
async function legacyHash(password: string): Promise<string> {
  const { randomBytes, scryptSync } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=14,r=8,p=1$${b64(salt)}$${b64(key)}`;
}
