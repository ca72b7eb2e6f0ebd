import path from 'node:path';
import fp from 'fastify-plugin';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../mail/transport.js';
import { loadOrCreateJwtSecret } from '../../security/jwt-secret.js';
import { signUnsubscribe, verifyUnsubscribe, type UnsubscribeClaim } from '../../security/unsubscribe-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends one rendered message now; everything else goes through a `mail` job (plugins/app/jobs.ts). */
    mailer: Mailer;
    /** The signed one-click unsubscribe address of a kind for an address (RFC 8058). */
    unsubscribeUrl(email: string, kind: string): string;
    /** The address and kind of a genuine unsubscribe token; undefined for anything else. */
    verifyUnsubscribe(token: string): UnsubscribeClaim | undefined;
  }
}

/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise its stream
 * transport into `DATA_DIR/outbox` – the same message either way (mail/transport.ts).
 * @see {@link https://www.rfc-editor.org/rfc/rfc5322} (message format)
 * @see {@link https://www.rfc-editor.org/rfc/rfc8058} (one-click unsubscribe)
 */
export const mailerPlugin = fp(
  async (fastify) => {
    const { smtpUrl, mailFrom, dataDir, portalUrl } = fastify.config;
    const options = { portalUrl, from: mailFrom };
    const mailer =
      smtpUrl === undefined
        ? createOutboxMailer(path.join(dataDir, 'outbox'), options)
        : createSmtpMailer(smtpUrl, options);
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', async () => mailer.close());
    const secret = fastify.config.jwtSecret ?? (await loadOrCreateJwtSecret(dataDir));
    fastify.decorate('verifyUnsubscribe', (token: string) => verifyUnsubscribe(secret, token));
    fastify.decorate('unsubscribeUrl', (email: string, kind: string) => {
      const url = new URL(`${portalUrl}/odhlasit-odber`);
      url.searchParams.set('token', signUnsubscribe(secret, { email, kind }));
      return url.toString();
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
