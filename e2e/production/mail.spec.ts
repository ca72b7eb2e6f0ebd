import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { operatorData, ORIGIN, stateDir } from './support.js';

// A password-reset request through nginx, past the BFF's ALTCHA check, ends as a real SMTP
// delivery from the API to the mail server (the set's sink), with a link to the public address.

const API = { 'x-csrf': '1', origin: ORIGIN };

function newMails(mailDir: string, before: Set<string>, to: string): string | undefined {
  return readdirSync(mailDir)
    .filter((file) => !before.has(file))
    .map((file) => readFileSync(join(mailDir, file), 'utf8'))
    .find((raw) => raw.includes(to));
}

test('a password-reset request is mailed over SMTP with a link to the public HTTPS address', async ({ request }) => {
  const user = operatorData();
  const mailDir = join(stateDir(), 'mail');
  const before = new Set(readdirSync(mailDir));

  // The proof of work an ALTCHA client does, solved with altcha-lib as the BFF's own tests do.
  const challenge = await request.get('/api/bot-protection/challenge?form=password-reset', { headers: API });
  expect(challenge.status()).toBe(200);
  const issued = (await challenge.json()) as Challenge;
  const solution = await solveChallenge({ challenge: issued, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge: issued, solution })).toString('base64');
  const answer = await request.post('/api/password-reset/request', {
    headers: { ...API, 'x-bot-token': token },
    data: { email: user.email },
  });
  expect(answer.status()).toBe(202);

  let mail: string | undefined;
  await expect.poll(() => (mail = newMails(mailDir, before, user.email)) !== undefined, { timeout: 15_000 }).toBe(true);
  // Quoted-printable bodies fold long lines and escape "=".
  const body = (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(body).toContain(`${ORIGIN}/zapomenute-heslo/change?uid=`);
});

// The page solves the BFF's ALTCHA (altcha-lib v2) challenge in the browser, as a visitor's does.
test('the reset page solves the BFF’s ALTCHA challenge and the mail goes out', async ({ page }) => {
  const user = operatorData();
  const mailDir = join(stateDir(), 'mail');
  const before = new Set(readdirSync(mailDir));
  await page.goto('/zapomenute-heslo');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Poslat odkaz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zkontrolujte svou e-mailovou schránku' })).toBeVisible();
  await expect.poll(() => newMails(mailDir, before, user.email) !== undefined, { timeout: 15_000 }).toBe(true);
});
