import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { readOutbox } from '../../testing/outbox.js';
import { startSmtpSink, until, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.js';
import { LOGIN_URL, PASSWORD_REQUEST_URL, PASSWORD_RESET_URL, request } from '../../testing/test-client.js';

/** Decodes a quoted-printable body (nodemailer encodes non-ASCII text that way). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * SMTP delivery end to end: a local SMTP sink (smtp-server on a random port) stands in for
 * the operator's mail server, the app gets `SMTP_URL` pointing at it, and the password-reset
 * mail must arrive there over SMTP – and not in the outbox folder.
 */
describe('password-reset mail over SMTP', () => {
  const received: ReceivedMail[] = [];
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink(received);
    t = await buildTestApp('pglite', {
      config: {
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        mailFrom: 'Portál nájemníka <portal@sprava.example.cz>',
        portalUrl: 'https://portal.example.cz',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('sends the reset link through the SMTP server, and the link works', async () => {
    const answer = await request(t.app, {
      method: 'POST',
      url: PASSWORD_REQUEST_URL,
      body: { email: DEMO_USERS.petr.email },
    });
    expect(answer.statusCode).toBe(200);

    await until(() => received.length > 0, 10_000);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('portal@sprava.example.cz');
    expect(mail?.to).toEqual([DEMO_USERS.petr.email]);
    expect(mail?.raw).toMatch(/^X-Portal-Mail-Type: password-reset\r$/m);
    const body = decodeQuotedPrintable(mail?.raw.slice(mail.raw.indexOf('\r\n\r\n')) ?? '');
    const link = /https:\/\/portal\.example\.cz\/zapomenute-heslo\/change\?uid=([0-9a-z]+)&token=([A-Za-z0-9_-]+)/.exec(
      body,
    );
    expect(link).not.toBeNull();
    // Nothing went to the outbox folder: with SMTP_URL the mail leaves by SMTP only.
    expect(await readOutbox(path.join(t.config.dataDir, 'outbox'))).toEqual([]);

    const reset = await request(t.app, {
      method: 'POST',
      url: PASSWORD_RESET_URL,
      body: { key: `${link?.[1]}-${link?.[2]}`, password: 'Nové-heslo-přes-SMTP-2026' },
    });
    expect(reset.statusCode).toBe(401);
    const loggedIn = await request(t.app, {
      method: 'POST',
      url: LOGIN_URL,
      body: { email: DEMO_USERS.petr.email, password: 'Nové-heslo-přes-SMTP-2026' },
    });
    expect(loggedIn.statusCode).toBe(200);
  });
});
