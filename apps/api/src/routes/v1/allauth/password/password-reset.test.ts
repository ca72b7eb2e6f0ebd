import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../../demo/demo-data.js';
import { passwordResetTokens, users } from '../../../../db/schema.js';
import { hashPassword } from '../../../../security/password-hash.js';
import { buildTestApp, type TestApp } from '../../../../testing/build-test-app.js';
import { passwordResetLink, readOutbox, waitForMail, type OutboxMail } from '../../../../testing/outbox.js';
import { DATABASE_DRIVERS } from '../../../../testing/scratch-database.js';
import { ALLAUTH_LOGGED_OUT, allauthBadRequest, missingParam } from '../../../../testing/allauth-answers.js';
import {
  LOGIN_URL,
  PASSWORD_REQUEST_URL,
  PASSWORD_RESET_URL,
  login,
  refresh,
  request,
} from '../../../../testing/test-client.js';

const INVALID_KEY = allauthBadRequest({
  code: 'invalid_password_reset',
  message: 'Odkaz pro obnovení hesla je neplatný, už byl použit nebo mu vypršela platnost.',
  param: 'key',
});
const NEW_PASSWORD = 'Nové-heslo-2026';

describe.each(DATABASE_DRIVERS)('allauth password reset (%s)', (driver) => {
  let t: TestApp;
  let outbox: string;
  let counter = 0;
  /** A fresh user per test, so changed passwords and revoked tokens never leak between tests. */
  let email: string;

  beforeAll(async () => {
    t = await buildTestApp(driver, { config: { portalUrl: 'https://portal.example.cz' } });
    outbox = path.join(t.config.dataDir, 'outbox');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    counter += 1;
    email = `reset.${counter}.${driver}@example.cz`;
    await t.app.db.insert(users).values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Karel',
      lastName: 'Dvořák',
    });
  });

  async function requestReset(address: string): Promise<void> {
    const response = await request(t.app, {
      method: 'POST',
      url: PASSWORD_REQUEST_URL,
      body: { email: address },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ status: 200 });
    await t.app.jobs.drain();
  }

  async function resetMailFor(address: string): Promise<OutboxMail> {
    return waitForMail(outbox, (mail) => mail.to === address && mail.type === 'password-reset');
  }

  function reset(key: string, password: string) {
    return request(t.app, { method: 'POST', url: PASSWORD_RESET_URL, body: { key, password } });
  }

  it('runs the whole flow: request, mail in the outbox, reset, log in with the new password', async () => {
    const before = await login(t.app, email, DEMO_PASSWORD);
    await requestReset(email);

    const mail = await resetMailFor(email);
    expect(mail.subject).toBe('Obnovení hesla k Portálu nájemníka');
    expect(mail.text).toContain('Dobrý den,');
    expect(mail.text).toContain('Odkaz platí 3 dny a lze jej použít jen jednou.');
    const { url, uid, token } = passwordResetLink(mail);
    expect(`${url.origin}${url.pathname}`).toBe('https://portal.example.cz/zapomenute-heslo/change');
    expect(uid).toMatch(/^[0-9a-z]+$/);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const mailFile = await stat(path.join(outbox, mail.file));
    expect(mailFile.mode & 0o777).toBe(0o600);

    const response = await reset(`${uid}-${token}`, NEW_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual(ALLAUTH_LOGGED_OUT);

    // The old password is gone, the new one works.
    const old = await request(t.app, { method: 'POST', url: LOGIN_URL, body: { email, password: DEMO_PASSWORD } });
    expect(old.statusCode).toBe(400);
    await login(t.app, email, NEW_PASSWORD);

    // Sessions from before the reset are over.
    const stale = await refresh(t.app, before.refresh);
    expect(stale.statusCode).toBe(401);
    expect(stale.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });

    // And the user is told that the password changed.
    await t.app.jobs.drain();
    const notice = await waitForMail(outbox, (m) => m.to === email && m.type === 'password-changed');
    expect(notice.subject).toBe('Heslo k Portálu nájemníka bylo změněno');
  });

  it('stores only a hash of the token', async () => {
    await requestReset(email);
    const { token } = passwordResetLink(await resetMailFor(email));
    const rows = await t.app.db.select().from(passwordResetTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const digest = createHash('sha256').update(token).digest('hex');
    expect(rows.filter((row) => row.tokenHash === digest)).toHaveLength(1);
  });

  it('accepts a link only once', async () => {
    await requestReset(email);
    const { uid, token } = passwordResetLink(await resetMailFor(email));
    expect((await reset(`${uid}-${token}`, NEW_PASSWORD)).statusCode).toBe(401);
    const again = await reset(`${uid}-${token}`, 'Jiné-heslo-2027');
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual(INVALID_KEY);
    await login(t.app, email, NEW_PASSWORD);
  });

  it('invalidates older links of the same user once one was used', async () => {
    await requestReset(email);
    const first = passwordResetLink(await resetMailFor(email));
    await requestReset(email);
    const mails = (await readOutbox(outbox)).filter((m) => m.to === email && m.type === 'password-reset');
    expect(mails).toHaveLength(2);
    const secondMail = mails.find((m) => !m.text.includes(first.token));
    if (secondMail === undefined) throw new Error('second reset mail missing');
    const second = passwordResetLink(secondMail);
    expect((await reset(`${second.uid}-${second.token}`, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await reset(`${first.uid}-${first.token}`, 'Jiné-heslo-2027')).body).toEqual(INVALID_KEY);
  });

  it('refuses an expired link (3 days)', async () => {
    await requestReset(email);
    const { uid, token } = passwordResetLink(await resetMailFor(email));
    const [row] = await t.app.db
      .select({ expiresAt: passwordResetTokens.expiresAt, createdAt: passwordResetTokens.createdAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(
      3 * 24 * 3600 * 1000 - 5_000,
    );
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((await reset(`${uid}-${token}`, NEW_PASSWORD)).body).toEqual(INVALID_KEY);
  });

  it('refuses malformed and foreign keys with invalid_password_reset on param key', async () => {
    await requestReset(email);
    const { uid, token } = passwordResetLink(await resetMailFor(email));
    const petr = await t.app.users.findByEmail(DEMO_USERS.petr.email);
    for (const key of [
      'wrong',
      `${uid}`,
      `${uid}-`,
      `-${token}`,
      `${uid}-${token}x`,
      `${(petr?.id ?? 0).toString(36)}-${token}`,
      `zzzzzzzzzzzz-${token}`,
      `${uid.toUpperCase()}X-${token}`,
    ]) {
      const response = await reset(key, NEW_PASSWORD);
      expect(response.statusCode, key).toBe(400);
      expect(response.body).toEqual(INVALID_KEY);
    }
    // None of that spent the real link.
    expect((await reset(`${uid}-${token}`, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a weak password on param password without spending the link', async () => {
    await requestReset(email);
    const { uid, token } = passwordResetLink(await resetMailFor(email));
    const short = await reset(`${uid}-${token}`, 'krátké');
    expect(short.statusCode).toBe(400);
    expect(short.body).toEqual({
      status: 400,
      errors: [
        {
          code: 'password_too_short',
          message: 'Heslo je příliš krátké. Musí obsahovat alespoň 8 znaků.',
          param: 'password',
        },
      ],
    });
    const numeric = await reset(`${uid}-${token}`, '1234567890');
    expect((numeric.body as { errors: Array<{ code: string }> }).errors.map((e) => e.code)).toEqual([
      'password_too_common',
      'password_entirely_numeric',
    ]);
    // A breached password that the length rule lets through.
    const breached = await reset(`${uid}-${token}`, 'Summer2024');
    expect(breached.statusCode).toBe(400);
    expect((breached.body as { errors: Array<{ code: string; param: string }> }).errors).toEqual([
      expect.objectContaining({ code: 'password_too_common', param: 'password' }),
    ]);
    const similar = await reset(`${uid}-${token}`, email);
    expect((similar.body as { errors: Array<{ code: string }> }).errors.map((e) => e.code)).toContain(
      'password_too_similar',
    );
    expect((await reset(`${uid}-${token}`, NEW_PASSWORD)).statusCode).toBe(401);
  });

  function check(key: string) {
    return request(t.app, { method: 'GET', url: PASSWORD_RESET_URL, headers: { 'x-password-reset-key': key } });
  }

  it('checks a key without spending it: 200 while usable, 400 once used or for a wrong key', async () => {
    await requestReset(email);
    const { uid, token } = passwordResetLink(await resetMailFor(email));
    const usable = await check(`${uid}-${token}`);
    expect(usable.statusCode).toBe(200);
    expect(usable.body).toEqual({ status: 200 });
    // Checking twice spends nothing.
    expect((await check(`${uid}-${token}`)).statusCode).toBe(200);
    for (const key of ['wrong', `${uid}-${token}x`, `zzzzzzzzzzzz-${token}`]) {
      const refused = await check(key);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.body).toEqual(INVALID_KEY);
    }
    expect((await reset(`${uid}-${token}`, NEW_PASSWORD)).statusCode).toBe(401);
    const used = await check(`${uid}-${token}`);
    expect(used.statusCode).toBe(400);
    expect(used.body).toEqual(INVALID_KEY);
  });

  it('answers a check without the key header as a wrong key', async () => {
    const response = await request(t.app, { method: 'GET', url: PASSWORD_RESET_URL });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual(INVALID_KEY);
  });

  it('validates the reset body in the allauth envelope', async () => {
    const response = await request(t.app, { method: 'POST', url: PASSWORD_RESET_URL, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual(allauthBadRequest(missingParam('key'), missingParam('password')));
  });

  it('answers an unknown e-mail address the same way and sends nothing', async () => {
    const before = (await readOutbox(outbox)).length;
    await requestReset(`nikdo.${counter}@example.cz`);
    await requestReset(email.toUpperCase());
    const after = await readOutbox(outbox);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.to).toBe(email);
  });

  it('sends nothing to an inactive account', async () => {
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const before = (await readOutbox(outbox)).length;
    await requestReset(email);
    expect(await readOutbox(outbox)).toHaveLength(before);
  });

  it('answers allauth’s 429 after five requests a minute for one address', async () => {
    for (let i = 0; i < 5; i += 1) await requestReset(email);
    const address = `neznamy.${counter}@example.cz`;
    for (const target of [email, email.toUpperCase()]) {
      const response = await request(t.app, { method: 'POST', url: PASSWORD_REQUEST_URL, body: { email: target } });
      expect(response.statusCode).toBe(429);
      expect(response.body).toEqual({ status: 429 });
    }
    // Another address is unaffected.
    await requestReset(address);
  });

  it('refuses a malformed e-mail address with param email', async () => {
    for (const body of [{ email: 'neni-email' }, {}]) {
      const response = await request(t.app, { method: 'POST', url: PASSWORD_REQUEST_URL, body });
      expect(response.statusCode).toBe(400);
      expect((response.body as { errors: Array<{ param: string }> }).errors[0]?.param).toBe('email');
    }
  });
});
