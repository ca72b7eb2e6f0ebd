import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; line breaks may be `\n`. */
  text: string;
  /** Machine-readable kind, written as `X-Portal-Mail-Type` so tools can find a mail. */
  type: string;
}

export interface Mailer {
  /** Delivers one message; resolves once it is stored. */
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const MAIL_FROM = 'Portál nájemců <no-reply@portal.invalid>';

/**
 * Outbox transport: one RFC 5322 `.eml` file per message in `DATA_DIR/outbox`, readable by
 * any mail client and by tests. Used when `SMTP_URL` is not set (see createSmtpMailer).
 */
export function createOutboxMailer(outboxDir: string, now: () => Date = () => new Date()): Mailer {
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const date = now();
      const id = randomBytes(8).toString('hex');
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      await writeFile(temporary, formatMessage(message, date, id), { mode: 0o600 });
      // Readers never see a half-written file.
      await rename(temporary, path.join(outboxDir, name));
    },
  };
}

/** UTF-8 plain text with 8bit transfer encoding (RFC 6152), CRLF line ends. */
export function formatMessage(message: MailMessage, date: Date, id: string): string {
  const headers = [
    `From: ${encodeHeader(MAIL_FROM)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${id}@portal-api>`,
    `X-Portal-Mail-Type: ${headerValue(message.type)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = message.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/** Header values come from data: a line break would let it inject headers. */
function headerValue(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('Mail header values must not contain line breaks.');
  return value;
}

/** RFC 2047 encoded-word for non-ASCII display text ("Portál", "Obnovení hesla"). */
function encodeHeader(value: string): string {
  const safe = headerValue(value);
  if (/^[\x20-\x7e]*$/.test(safe)) return safe;
  const match = /^(.*?)\s*(<[^<>]+>)$/.exec(safe);
  if (match !== null) return `${encodeWord(match[1] ?? '')} ${match[2] ?? ''}`;
  return encodeWord(safe);
}

/** Encoded-words may be 75 characters and header lines should stay under 78, so longer text
 * becomes several folded words of at most 39 bytes (52 base64 characters) each. */
function encodeWord(text: string): string {
  const chunks: string[] = [];
  let current = '';
  for (const char of text) {
    if (Buffer.byteLength(current + char, 'utf8') > 39) {
      chunks.push(current);
      current = '';
    }
    current += char;
  }
  chunks.push(current);
  return chunks.map((chunk) => `=?UTF-8?B?${Buffer.from(chunk, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/**
 * SMTP transport (nodemailer) for `SMTP_URL`, e.g. `smtps://user:password@mail.example.cz:465`.
 * Sends the same plain-text UTF-8 message as the outbox; a failure rejects, so the background
 * task logs it instead of pretending the mail left.
 */
export function createSmtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        headers: { 'X-Portal-Mail-Type': message.type },
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Outgoing mail: SMTP when `SMTP_URL` is set, otherwise the outbox folder.
 * @see {@link https://www.rfc-editor.org/rfc/rfc5322} (message format)
 */
export const mailerPlugin = fp(
  (fastify, _opts, done) => {
    const { smtpUrl, mailFrom, dataDir } = fastify.config;
    if (smtpUrl === undefined) {
      fastify.decorate('mailer', createOutboxMailer(path.join(dataDir, 'outbox')));
    } else {
      const smtp = createSmtpMailer(smtpUrl, mailFrom);
      fastify.decorate('mailer', smtp);
      fastify.addHook('onClose', (_instance, finished) => {
        smtp.close();
        finished();
      });
    }
    done();
  },
  { name: 'mailer', dependencies: ['config'] },
);
