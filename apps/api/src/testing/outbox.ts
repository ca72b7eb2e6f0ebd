import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** `X-Portal-Mail-Type`, e.g. `password-reset`, `password-changed`. */
  type: string;
  text: string;
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
  return Promise.all(files.map(async (name) => parseMail(name, await readFile(path.join(outboxDir, name), 'utf8'))));
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

function parseMail(file: string, raw: string): OutboxMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    type: headers.get('x-portal-mail-type') ?? '',
    text: raw
      .slice(split + 4)
      .replace(/\r\n/g, '\n')
      .trimEnd(),
  };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_match, data: string) =>
      Buffer.from(data, 'base64').toString('utf8'),
    );
}
