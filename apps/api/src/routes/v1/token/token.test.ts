import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../demo/demo-data.js';
import { refreshTokens, users } from '../../../db/schema.js';
import { newJti } from '../../../security/jwt.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { forgeToken } from '../../../testing/forged-tokens.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { PROFILE_URL, REFRESH_URL, login, refresh, request } from '../../../testing/test-client.js';
import { anyString } from '../../../testing/matchers.js';

const jana = DEMO_USERS.jana;
const petr = DEMO_USERS.petr;
const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };

describe.each(DATABASE_DRIVERS)('POST /api/v1/token/refresh/ (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const sign = (claims: Record<string, unknown>) => forgeToken(t, claims);

  it('rotates: a new access and refresh token, the old refresh token marked used', async () => {
    const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
    const response = await refresh(t.app, tokens.refresh);

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ access: anyString, refresh: anyString });
    const next = response.body as { access: string; refresh: string };
    expect(next.refresh).not.toBe(tokens.refresh);
    expect(decodeJwt(next.access)).toMatchObject({ token_type: 'access', user_id: decodeJwt(tokens.access).user_id });

    const oldJti = String(decodeJwt(tokens.refresh).jti);
    const newJtiValue = String(decodeJwt(next.refresh).jti);
    const [old] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.jti, oldJti));
    const [successor] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.jti, newJtiValue));
    expect(old?.usedAt).toBeInstanceOf(Date);
    expect(old?.replacedBy).toBe(newJtiValue);
    expect(successor?.familyId).toBe(old?.familyId);
    expect(successor?.usedAt).toBeNull();

    // The new access token works.
    const profile = await request(t.app, { method: 'GET', url: PROFILE_URL, token: next.access });
    expect(profile.statusCode).toBe(200);
    // And the new refresh token rotates again.
    expect((await refresh(t.app, next.refresh)).statusCode).toBe(200);
  });

  it('refuses reuse of a rotated token and revokes the whole family', async () => {
    const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
    const first = (await refresh(t.app, tokens.refresh)).body as { refresh: string };
    const second = (await refresh(t.app, first.refresh)).body as { refresh: string };

    // Someone replays the first, already rotated token.
    const reuse = await refresh(t.app, tokens.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.body).toEqual(BLACKLISTED);
    expect(reuse.headers['www-authenticate']).toBe('Bearer realm="api"');

    // The legitimate holder's newest token died with the family.
    const newest = await refresh(t.app, second.refresh);
    expect(newest.statusCode).toBe(401);
    expect(newest.body).toEqual(BLACKLISTED);

    const family = String(
      (
        await t.app.db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.jti, String(decodeJwt(tokens.refresh).jti)))
      )[0]?.familyId,
    );
    const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, family));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.revokedAt instanceof Date)).toBe(true);
  });

  it('does not touch other families when one is revoked', async () => {
    const victim = await login(t.app, jana.email, DEMO_PASSWORD);
    const other = await login(t.app, jana.email, DEMO_PASSWORD);
    await refresh(t.app, victim.refresh);
    await refresh(t.app, victim.refresh);
    expect((await refresh(t.app, other.refresh)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const tokens = await login(t.app, petr.email, DEMO_PASSWORD);
    const answers = await Promise.all([refresh(t.app, tokens.refresh), refresh(t.app, tokens.refresh)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('answers 400 {refresh: ["This field is required."]} when the field is missing', async () => {
    for (const body of [{}, undefined, { access: 'x' }]) {
      const response = await request(t.app, {
        method: 'POST',
        url: REFRESH_URL,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ refresh: ['This field is required.'] });
    }
  });

  it('answers DRF field errors for a blank or non-string token', async () => {
    const blank = await request(t.app, { method: 'POST', url: REFRESH_URL, body: { refresh: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toEqual({ refresh: ['Toto pole nesmí být prázdné.'] });

    const object = await request(t.app, { method: 'POST', url: REFRESH_URL, body: { refresh: { a: 1 } } });
    expect(object.statusCode).toBe(400);
    expect(object.body).toEqual({ refresh: ['Zadejte text.'] });

    const list = await request(t.app, { method: 'POST', url: REFRESH_URL, body: [1, 2] });
    expect(list.statusCode).toBe(400);
    expect(list.body).toEqual({ non_field_errors: ['Neplatná data: očekáván objekt JSON.'] });
  });

  it('refuses garbage, a foreign signature and an access token with token_not_valid', async () => {
    const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
    const foreign = await new SignJWT({ ...decodeJwt(tokens.refresh) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const unsigned = `${tokens.refresh.split('.').slice(0, 2).join('.')}.`;
    const cases: Array<[string, string]> = [
      ['not-a-jwt', 'Token je neplatný.'],
      [foreign, 'Token je neplatný.'],
      [unsigned, 'Token je neplatný.'],
      [tokens.access, 'Token je nesprávného typu.'],
    ];
    for (const [token, detail] of cases) {
      const response = await refresh(t.app, token);
      expect(response.statusCode).toBe(401);
      expect(response.body).toEqual({ detail, code: 'token_not_valid' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });

  it('refuses an expired refresh token with token_not_valid', async () => {
    const tokens = await login(t.app, jana.email, DEMO_PASSWORD);
    const claims = decodeJwt(tokens.refresh);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ ...claims, iat: now - 100, exp: now - 10 });
    const response = await refresh(t.app, expired);
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({ detail: 'Platnost tokenu vypršela.', code: 'token_not_valid' });
  });

  it('refuses a validly signed token the database never issued', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign({ token_type: 'refresh', user_id: '1', jti: newJti(), iat: now, exp: now + 60 });
    const response = await refresh(t.app, forged);
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({ detail: 'Token je neplatný.', code: 'token_not_valid' });
  });

  it('refuses a token without a proper jti', async () => {
    const now = Math.floor(Date.now() / 1000);
    const response = await refresh(t.app, await sign({ token_type: 'refresh', user_id: '1', iat: now, exp: now + 60 }));
    expect(response.body).toEqual({ detail: 'Token nemá identifikátor.', code: 'token_not_valid' });
  });

  it('refuses to renew for a deactivated account and revokes its family', async () => {
    const email = `deaktivovany.${driver}@example.cz`;
    const { hashPassword } = await import('../../../security/password-hash.js');
    const [user] = await t.app.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning();
    const tokens = await login(t.app, email, DEMO_PASSWORD);
    await t.app.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, user?.id ?? 0));

    const response = await refresh(t.app, tokens.refresh);
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({
      detail: 'K tomuto tokenu neexistuje aktivní účet.',
      code: 'no_active_account',
    });
  });

  it('prunes rows of tokens that expired more than a day ago', async () => {
    const tokens = await login(t.app, petr.email, DEMO_PASSWORD);
    const jti = String(decodeJwt(tokens.refresh).jti);
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(refreshTokens.jti, jti));
    expect(await t.app.tokens.pruneExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti))).toEqual([]);
  });
});
