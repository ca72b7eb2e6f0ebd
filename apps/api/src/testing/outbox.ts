import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** `X-Portal-Mail-Type`, e.g. `password-reset`, `password-changed`. */
  type: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (every portal mail has one). */
  html: string;
  /** Every header, names lower-cased, values as written (unfolded). */
  headers: Map<string, string>;
  /** Attachments and calendar parts: file name, type and content as text. */
  attachments: Array<{ filename: string | undefined; contentType: string; content: string }>;
}

/** Every mail in an outbox directory, oldest first. A missing directory holds no mail. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort();
  return Promise.all(files.map(async (name) => parseMail(name, await readFile(path.join(outboxDir, name)))));
}

/**
 * Polls until a mail matching `predicate` exists. Mails are written after the response (so
 * known and unknown addresses answer alike), hence the wait.
 */
export async function waitForMail(
  outboxDir: string,
  predicate: (mail: OutboxMail) => boolean,
  timeoutMs = 5_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(outboxDir)).find(predicate);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail in ${outboxDir} after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The `uid` and `token` query parameters of the reset link in a password-reset mail. */
export function passwordResetLink(mail: OutboxMail): { url: URL; uid: string; token: string } {
  const match = /https?:\/\/\S+\/zapomenute-heslo\/change\?\S+/.exec(mail.text);
  if (match === null) throw new Error(`No reset link in ${mail.file}.`);
  const url = new URL(match[0]);
  const uid = url.searchParams.get('uid');
  const token = url.searchParams.get('token');
  if (uid === null || token === null) throw new Error(`Incomplete reset link in ${mail.file}.`);
  return { url, uid, token };
}

async function parseMail(file: string, raw: Buffer): Promise<OutboxMail> {
  const parsed = await simpleParser(raw);
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) headers.set(line.key, line.line.slice(line.line.indexOf(':') + 1).trim());
  const to = Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? '');
  return {
    file,
    to,
    subject: parsed.subject ?? '',
    type: headers.get('x-portal-mail-type') ?? '',
    text: (parsed.text ?? '').replace(/\r\n/g, '\n').trimEnd(),
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content.toString('utf8'),
    })),
  };
}
