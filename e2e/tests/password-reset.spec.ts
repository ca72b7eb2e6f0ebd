import { passwordResetLink, readOutbox, waitForMail } from '@portal/api/testing/outbox';
import type { APIRequestContext } from '@playwright/test';
import { expect, logIn, ONE_TENANT_USER, outboxDir, test } from '../support/fixtures.js';
import { expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';
import { portalAdmin, setUpTenant } from '../support/operator.js';

// docs/product.md §2 password reset, from the request form through the e-mailed link to a login with the
// new password. Petr's password is put back at the end: other tests log in as him.

const NEW_PASSWORD = 'Jarni-uklid-2026';
const CONFIRMATION = /Pokud k zadanému e-mailu existuje účet, poslali jsme na něj odkaz/;

/** The mails already in the outbox; a reset link is looked for only among newer ones. */
async function mailsBefore(): Promise<Set<string>> {
  return new Set((await readOutbox(outboxDir())).map((mail) => mail.file));
}

async function resetLinkFor(email: string, before: Set<string>) {
  const mail = await waitForMail(
    outboxDir(),
    (candidate) => !before.has(candidate.file) && candidate.to.includes(email) && candidate.type === 'password-reset',
    10_000,
  );
  return passwordResetLink(mail);
}

/** Puts a password back through the BFF's own reset operations (what an integrator would call). */
async function restorePassword(request: APIRequestContext, email: string, password: string) {
  const headers = { 'X-CSRF': '1' };
  const before = await mailsBefore();
  const asked = await request.post('/api/password-reset/request', { headers, data: { email } });
  expect(asked.status()).toBe(202);
  const { uid, token } = await resetLinkFor(email, before);
  const confirmed = await request.post('/api/password-reset/confirm', { headers, data: { uid, token, password } });
  expect(confirmed.status()).toBe(204);
}

test('a forgotten password is reset from the e-mailed link and the new one logs in @journey', async ({
  page,
  a11y,
}) => {
  const before = await mailsBefore();
  await page.goto('/prihlaseni');
  await page.getByRole('link', { name: 'Zapomněli jste heslo?' }).click();
  await expect(page).toHaveURL(/\/zapomenute-heslo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeVisible();
  await a11y.check('reset request form');

  await page.getByLabel('E-mail').fill(ONE_TENANT_USER.email);
  await page.getByRole('button', { name: 'Poslat odkaz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zkontrolujte svou e-mailovou schránku' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(CONFIRMATION);
  await a11y.check('reset requested');

  try {
    const link = await resetLinkFor(ONE_TENANT_USER.email, before);
    expect(link.url.pathname).toBe('/zapomenute-heslo/change');
    await page.goto(`${link.url.pathname}${link.url.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nastavení nového hesla' })).toBeVisible();

    // Czech validation first: the two entries differ.
    await page.getByLabel('Nové heslo', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Nové heslo znovu').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await expect(page.getByRole('link', { name: /Hesla se neshodují/ })).toBeVisible();
    await a11y.check('new password with an error');

    await page.getByLabel('Nové heslo znovu').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await expect(page).toHaveURL(/\/prihlaseni$/);
    await expect(page.getByRole('status').filter({ hasText: 'Heslo bylo změněno.' })).toBeVisible();
    await a11y.check('login after the reset');

    // The old password no longer works, the new one does.
    await logIn(page, ONE_TENANT_USER);
    await expect(page.getByText('Nesprávný e-mail nebo heslo.').first()).toBeVisible();
    await logIn(page, { email: ONE_TENANT_USER.email, password: NEW_PASSWORD });
    await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(`${link.url.pathname}${link.url.search}`);
    await page.getByLabel('Nové heslo', { exact: true }).fill('Jiné-heslo-2026');
    await page.getByLabel('Nové heslo znovu').fill('Jiné-heslo-2026');
    await page.getByRole('button', { name: 'Nastavit heslo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toBeVisible();
  } finally {
    await restorePassword(page.request, ONE_TENANT_USER.email, ONE_TENANT_USER.password);
  }
});

test('an unknown e-mail gets the same confirmation', async ({ page }) => {
  await page.goto('/zapomenute-heslo');
  await page.getByLabel('E-mail').fill('nikdo.neexistuje@example.cz');
  await page.getByRole('button', { name: 'Poslat odkaz' }).click();
  await expect(page.getByRole('status')).toHaveText(CONFIRMATION);
});

test('an invalid link explains itself and leads to a new request', async ({ page, a11y }) => {
  await page.goto('/zapomenute-heslo/change?uid=1&token=neplatny-odkaz');
  await page.getByLabel('Nové heslo', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Nové heslo znovu').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Nastavit heslo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('neplatný nebo mu vypršela platnost');
  await a11y.check('invalid reset link');
  await page.getByRole('link', { name: 'Požádat o nový odkaz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeVisible();
});

test('by keyboard alone: request the link, set the new password, log in with it', async ({ page, a11y }, testInfo) => {
  // An account of its own: the API allows five reset requests a minute per address, and the
  // other tests of this file already ask for Petr's (and put his password back the same way).
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `klara.${stamp}@example.cz`, password: 'Puvodni-Heslo-2026', firstName: 'Klára' };
  await setUpTenant(portalAdmin, { tenantName: `Delta ${stamp} s.r.o.`, user: { ...user, lastName: 'Nová' } });

  const before = await mailsBefore();
  await page.goto('/prihlaseni');
  await tabTo(page, page.getByRole('link', { name: 'Zapomněli jste heslo?' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Zapomenuté heslo');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Zkontrolujte svou e-mailovou schránku' })).toBeFocused();

  const link = await resetLinkFor(user.email, before);
  await page.goto(`${link.url.pathname}${link.url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nastavení nového hesla' })).toBeVisible();
  await tabTo(page, page.getByLabel('Nové heslo', { exact: true }));
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Nové heslo znovu')).toBeFocused();
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Přihlášení');
  await expect(page.getByRole('status').filter({ hasText: 'Heslo bylo změněno.' })).toBeVisible();
  await a11y.check('login after a reset by keyboard');

  await logInByKeyboard(page, { email: user.email, password: NEW_PASSWORD });
  await expectOnPage(page, 'Dobrý den, Kláro');
});
