import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from '@portal/api/demo-data';
import { expect, test } from '../support/fixtures.js';

// Issue 17: a visitor's public request reaches the staff area and the answer reaches the
// visitor, against the real stack – the visitor writes without logging in, a staff member finds
// the request, answers it and marks it resolved, and the visitor reads the answer on the page
// opened with the request's number and access code.

const CSRF = { 'X-CSRF': '1' };
const STAFF = { email: DEMO_STAFF.email, password: DEMO_PASSWORD, totpSecret: DEMO_STAFF_TOTP_SECRET };

test('staff answer a visitor’s public request and resolve it; the visitor reads the answer with the access code @journey', async ({
  page,
  browser,
  staffSessions,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const subject = `Kde si vyzvednu klíče? (${stamp})`;
  const answer = `Klíče jsou na recepci v přízemí, otevřeno 8–17 h (${stamp}).`;

  // The visitor's request, created as the public form creates it (this BFF has no bot check).
  const created = await page.request.post('/api/v1/public_support/', {
    headers: CSRF,
    data: { name: 'Karel Návštěvník', email: `karel.${Date.now()}@example.cz`, subject, message: 'Dobrý den, kde?' },
  });
  expect(created.status()).toBe(201);
  const { id, access_code: code } = (await created.json()) as { id: number; access_code: string };

  // The staff member finds it by its text in the list of public requests.
  await staffSessions.enter(page, STAFF);
  await page.goto(`/sprava/verejna-podpora?hledat=${encodeURIComponent(stamp)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Veřejné požadavky' })).toBeVisible();
  await expect(page.getByText('Celkem 1 požadavek')).toBeVisible();
  await expect(page.getByTestId('staff-requests').getByText('Čeká na odpověď')).toBeVisible();
  await a11y.check('staff public requests, filtered');
  await page.getByRole('link', { name: subject }).click();

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText(`Požadavek č. ${id}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Karel Návštěvník', { exact: true })).toBeVisible();
  await expect(page.getByText('Poslední zpráva je od návštěvníka a čeká na odpověď.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Odpověď' }).fill(answer);
  await page.getByRole('button', { name: 'Odeslat odpověď' }).click();
  await expect(page.getByText('Odpověď byla odeslána návštěvníkovi.')).toBeVisible();
  await expect(page.getByText(answer)).toBeVisible();
  await page.getByLabel('Nový stav').selectOption('resolved');
  await page.getByRole('button', { name: 'Uložit stav' }).click();
  await expect(page.getByText('Stav požadavku byl uložen.')).toBeVisible();
  await a11y.check('staff public request, answered and resolved');

  // The visitor, in a browser of their own, opens the request with its number and code.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/verejna-podpora');
    await visitor.getByLabel('Číslo požadavku').fill(String(id));
    await visitor.getByLabel('Přístupový kód').fill(code);
    await visitor.getByRole('button', { name: 'Otevřít požadavek' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(visitor.getByText('Vyřešeno', { exact: true })).toBeVisible();
    const fromStaff = visitor.getByTestId('public-request-messages').locator('li[data-author="operator"]');
    await expect(fromStaff).toContainText(answer);
    await expect(fromStaff).toContainText(`Správa budovy – ${DEMO_STAFF.firstName} ${DEMO_STAFF.lastName}`);
  } finally {
    await visitorContext.close();
  }
});
