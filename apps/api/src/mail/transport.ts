import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MAIL_FROM, messageIdDomain, nodemailerOptions, type MailMessage } from './message.js';

export interface Mailer {
  /** Delivers one message; resolves once the server (or the outbox folder) has it, rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** Base address of the portal (PORTAL_URL): the Message-ID domain. */
  portalUrl: string;
  from?: string | undefined;
  now?: () => Date;
}

/** The Message-ID of one mail, `<thread.key@host>`: the mail's own key, or a random one. */
function messageId(message: MailMessage, portalUrl: string): string {
  const key = message.uniqueKey ?? randomBytes(8).toString('hex');
  return `<${message.thread ?? message.type}.${key}@${messageIdDomain(portalUrl)}>`;
}

/**
 * Outbox: nodemailer's stream transport builds the very message SMTP would send, and it is
 * written as one `.eml` file per mail in `DATA_DIR/outbox`, readable by any mail client and by
 * tests. Used when `SMTP_URL` is not set.
 * @see {@link https://nodemailer.com/transports/stream/}
 */
export function createOutboxMailer(outboxDir: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const now = options.now ?? (() => new Date());
  // Orders mails written within one millisecond as they were sent (readers sort by name).
  let sequence = 0;
  return {
    async send(message) {
      const date = now();
      const info = await transport.sendMail({
        ...nodemailerOptions(message, options.from ?? MAIL_FROM, options.portalUrl),
        messageId: messageId(message, options.portalUrl),
        date,
      });
      await mkdir(outboxDir, { recursive: true });
      sequence += 1;
      const order = String(sequence).padStart(6, '0');
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${order}-${randomBytes(8).toString('hex')}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      // Readers never see a half-written file.
      await rename(temporary, path.join(outboxDir, name));
    },
    close: () => transport.close(),
  };
}

/**
 * SMTP (nodemailer) for `SMTP_URL`, e.g. `smtps://user:password@mail.example.cz:465`. A
 * failure rejects, so the mail job is tried again later instead of pretending the mail left.
 */
export function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        ...nodemailerOptions(message, options.from ?? MAIL_FROM, options.portalUrl),
        messageId: messageId(message, options.portalUrl),
      });
    },
    close: () => transport.close(),
  };
}
