import { expect, goAndLogIn, test, TWO_TENANT_USER } from '../support/fixtures.js';

// Tenant-experience issue, bug 5: Jana opens a link to an incident of her other tenant while
// the first is selected; the page says whose it is and offers to switch, instead of „nemáte
// přístup“.

const [BETA, ALFA] = TWO_TENANT_USER.tenants as [string, string];

test('an incident of the other tenant offers the switch and then shows the incident', async ({ page, a11y }) => {
  await goAndLogIn(page, TWO_TENANT_USER);
  await page.getByRole('main').getByRole('button', { name: BETA }).click();
  await expect(page.getByRole('heading', { level: 1, name: TWO_TENANT_USER.greeting })).toBeVisible();

  // Ticket 1 of the fresh demo database belongs to Alfa.
  await page.goto('/hlaseni-incidentu/1');
  await expect(page.getByText(`Tento incident patří nájemci ${ALFA}`)).toBeVisible();
  await expect(page.getByText(/nemáte přístup/)).toHaveCount(0);
  await a11y.check('incident of the other tenant');

  await page.getByRole('button', { name: `Přepnout na ${ALFA}` }).click();
  // The incident itself: its timeline, and no offer any more.
  await expect(page.getByRole('heading', { level: 2, name: 'Průběh' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Přepnout na/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/1$/);
  await expect(page.getByRole('button', { name: `Nájemce: ${ALFA}` })).toBeVisible();

  // An id no tenant of hers owns is still the product's not-found message.
  await page.goto('/hlaseni-incidentu/999999');
  await expect(page.getByText('Incident s ID 999999 neexistuje nebo k němu nemáte přístup.')).toBeVisible();
});

test('the active tenant’s name is readable in the switcher at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await goAndLogIn(page, TWO_TENANT_USER);
  await page.getByRole('main').getByRole('button', { name: ALFA }).click();
  const switcher = page.getByRole('button', { name: `Nájemce: ${ALFA}` });
  await expect(switcher).toBeVisible();
  // The whole name is shown (wrapped if need be), not cut off with an ellipsis.
  const name = switcher.locator('span', { hasText: ALFA }).last();
  await expect(name).toBeVisible();
  const cut = await name.evaluate(
    (span) =>
      getComputedStyle(span).textOverflow === 'ellipsis' ||
      span.scrollWidth > span.clientWidth + 1 ||
      span.scrollHeight > span.clientHeight + 1,
  );
  expect(cut).toBe(false);
  const box = await switcher.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
});
