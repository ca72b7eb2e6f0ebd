import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { jsonLines, logFile, operatorData, ORIGIN, stateDir } from './support.js';

// Secrets travel in addresses: a public request's access code (the e-mailed page link), a
// reservation's cancel token (in the path) and a password-reset link's token. Every one this
// test makes goes through nginx, the BFFs and the APIs, and then no log line of the set may
// hold it (docs/security.md).

const API = { 'x-csrf': '1', origin: ORIGIN };

async function botToken(request: APIRequestContext, form: string): Promise<string> {
  const challenge = await request.get(`/api/bot-protection/challenge?form=${form}`, { headers: API });
  expect(challenge.status()).toBe(200);
  const issued = (await challenge.json()) as Challenge;
  const solution = await solveChallenge({ challenge: issued, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: issued, solution })).toString('base64');
}

function newMail(mailDir: string, before: Set<string>, to: string): string | undefined {
  return readdirSync(mailDir)
    .filter((file) => !before.has(file))
    .map((file) => readFileSync(join(mailDir, file), 'utf8'))
    .find((raw) => raw.includes(to));
}

test('no secret the run sends in an address reaches a log line of nginx, the BFFs or the APIs', async ({
  request,
  page,
}) => {
  const secrets: string[] = [];

  // A public support request: its access code, read back as the web app does and opened from
  // the e-mailed link.
  const created = await request.post('/api/v1/public_support/', {
    headers: { ...API, 'x-bot-token': await botToken(request, 'public-support') },
    data: { category: 'support', name: 'Host Tajný', subject: 'Kontrola logů', message: 'Dobrý den.' },
  });
  expect(created.status()).toBe(201);
  const { id, access_code: code } = (await created.json()) as { id: number; access_code: string };
  secrets.push(code);
  const detail = await request.get(`/api/v1/public_support/${id}/?code=${encodeURIComponent(code)}`, { headers: API });
  expect(detail.status()).toBe(200);
  await page.goto(`/verejna-podpora/${id}?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontrola logů' })).toBeVisible();
  // The page keeps the code in memory, not in the address bar.
  await expect.poll(() => page.url()).not.toContain(code);

  // A reservation's cancel token in the path (unknown here, so 404, but logged all the same).
  const cancelToken = randomBytes(24).toString('base64url');
  secrets.push(cancelToken);
  const cancel = await request.get(`/api/v1/meeting_rooms/reservation/${randomUUID()}/cancel/${cancelToken}/`, {
    headers: API,
  });
  expect(cancel.status()).toBe(404);

  // A password-reset link: the page address with its token, as the mail has it.
  const user = operatorData();
  const mailDir = join(stateDir(), 'mail');
  const before = new Set(readdirSync(mailDir));
  const reset = await request.post('/api/password-reset/request', {
    headers: { ...API, 'x-bot-token': await botToken(request, 'password-reset') },
    data: { email: user.email },
  });
  expect(reset.status()).toBe(202);
  let mail: string | undefined;
  await expect.poll(() => (mail = newMail(mailDir, before, user.email)) !== undefined, { timeout: 15_000 }).toBe(true);
  const body = (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /\/zapomenute-heslo\/change\?uid=([^&\s"<]+)&token=([^&\s"<]+)/.exec(body);
  expect(link).not.toBeNull();
  const resetToken = link?.[2] ?? '';
  secrets.push(resetToken);
  const last = await request.get(`/zapomenute-heslo/change?uid=${link?.[1] ?? ''}&token=${resetToken}`, {
    headers: { accept: 'text/html' },
  });
  expect(last.status()).toBe(200);
  const lastId = last.headers()['x-request-id'];

  // nginx writes its line after the answer: wait for the last request's line, then read all.
  await expect.poll(() => jsonLines(logFile('nginx-access')).some((line) => line['request_id'] === lastId)).toBe(true);
  const logs = readdirSync(join(stateDir(), 'logs')).filter((file) => file.endsWith('.log'));
  expect(logs).toEqual(expect.arrayContaining(['nginx-access.log', 'bff-1.log', 'api-1.log']));
  for (const file of logs) {
    const text = readFileSync(join(stateDir(), 'logs', file), 'utf8');
    for (const secret of secrets) expect(text.includes(secret), `${file} holds ${secret}`).toBe(false);
  }
});
