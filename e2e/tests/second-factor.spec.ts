import { DEMO_PASSWORD, DEMO_STAFF_LIMITED } from '@portal/api/demo-data';
import { DEMO_STAFF_TOTP_SECRET, expect, goAndLogIn, test } from '../support/fixtures.js';
import { portalAdmin, setUpTenant } from '../support/operator.js';
import { passSecondFactor, totpCode } from '../support/second-factor.js';

// The second factor (ADR 012): staff pass a code step after the password before the staff area
// opens; a tenant turns it on at /profil, logs in with a recovery code and turns it off again.

test('a staff member logs in with the code from the authenticator app @journey', async ({ page, a11y }) => {
  await page.goto('/prihlaseni');
  await page.getByLabel('E-mail').fill(DEMO_STAFF_LIMITED.email);
  await page.getByLabel('Heslo', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();

  // The password alone opens nothing: the code step, announced by its focused heading.
  const heading = page.getByRole('heading', { level: 1, name: 'Ověření přihlášení' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(/Ověření přihlášení/);
  await a11y.check('second factor step');
  const staffArea = await page.request.get('/api/v1/staff/support_tickets/', { headers: { 'x-csrf': '1' } });
  expect(staffArea.status()).toBe(401);

  // A wrong code: the Czech message in the summary and at the field.
  await page.getByRole('textbox', { name: 'Ověřovací kód' }).fill('000000');
  await page.getByRole('button', { name: 'Ověřit a přihlásit se' }).click();
  await expect(page.getByRole('link', { name: 'Zadaný kód není správný.' })).toBeVisible();
  await a11y.check('second factor step with an error');

  // The recovery code instead, and back.
  await page.getByRole('button', { name: 'Použít záchranný kód' }).click();
  await expect(page.getByRole('textbox', { name: 'Záchranný kód' })).toBeVisible();
  await page.getByRole('button', { name: 'Použít kód z aplikace' }).click();
  await heading.focus();

  await passSecondFactor(page, DEMO_STAFF_TOTP_SECRET);
  await expect(page.getByRole('heading', { level: 1, name: 'Správa budov' })).toBeVisible();
  await expect(page).toHaveURL(/\/sprava$/);
});

test('a tenant turns the second factor on at /profil, logs in with a recovery code and turns it off @journey', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `dvafaktory.${stamp}@example.cz`, password: 'Jarni-Prochazka-2026', firstName: 'Hana' };
  await setUpTenant(portalAdmin, { tenantName: `Zéta ${stamp} s.r.o.`, user: { ...user, lastName: 'Veselá' } });

  // Tenants stay single-factor until they choose otherwise.
  await goAndLogIn(page, user, '/prihlaseni?redirect=%2Fprofil');
  await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Dvoufázové ověření' });
  await expect(section.getByText('Dvoufázové ověření máte vypnuté.')).toBeVisible();
  await section.getByRole('button', { name: 'Nastavit dvoufázové ověření' }).click();

  await expect(section.getByRole('img', { name: /QR kód/ })).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = section.getByRole('textbox', { name: 'Ověřovací kód' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await a11y.check('second factor setup');
  await codeField.fill(totpCode(secret));
  await section.getByRole('button', { name: 'Zapnout dvoufázové ověření' }).click();

  // The recovery codes, once, with copy and download.
  await expect(section.getByRole('heading', { name: 'Záchranné kódy' })).toBeFocused();
  const codes = await section.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(section.getByRole('button', { name: 'Stáhnout jako soubor' })).toBeVisible();
  await a11y.check('recovery codes');
  await section.getByRole('button', { name: 'Kódy mám uložené' }).click();
  await expect(section.getByText(/Dvoufázové ověření je zapnuté od/)).toBeVisible();
  await expect(section.getByText('Zbývá vám 10 nepoužitých záchranných kódů.')).toBeVisible();

  // The next login asks for the code; the phone is not at hand, so a recovery code.
  await page.context().clearCookies();
  await goAndLogIn(page, user, '/prihlaseni?redirect=%2Fprofil');
  await expect(page.getByRole('heading', { level: 1, name: 'Ověření přihlášení' })).toBeFocused();
  await page.getByRole('button', { name: 'Použít záchranný kód' }).click();
  await page.getByRole('textbox', { name: 'Záchranný kód' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Ověřit a přihlásit se' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  await expect(section.getByText('Zbývá vám 9 nepoužitých záchranných kódů.')).toBeVisible();

  // Off, with the password.
  await section.getByLabel('Heslo', { exact: true }).fill(user.password);
  await section.getByRole('button', { name: 'Vypnout dvoufázové ověření' }).click();
  await expect(section.getByText('Dvoufázové ověření máte vypnuté.')).toBeVisible();
});
