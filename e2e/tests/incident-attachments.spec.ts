import { expect, goAndLogIn, test } from '../support/fixtures.js';
import { portalAdmin, setUpTenant } from '../support/operator.js';

// Tenant-experience issue, bug 1: an attachment the API refuses must not leave an incident
// without it, nor a duplicate on the next submit. The form checks every file before anything
// is created; a refusal only the server can judge (the content) keeps the form, and the retry
// uploads to the incident already created.

// A 1×1 PNG: the API accepts images by type, extension and content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a refused attachment creates nothing, names the file and the retry uploads to the same incident', async ({
  page,
  a11y,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `ota.${stamp}@example.cz`, password: 'Silne-Heslo-2026' };
  await setUpTenant(portalAdmin, {
    tenantName: `Omega ${stamp} s.r.o.`,
    user: { ...user, firstName: 'Ota', lastName: 'Malý' },
    buildingName: `Dům Omega ${stamp}`,
  });
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/support_tickets/') {
      creates.push(request.url());
    }
  });

  await goAndLogIn(page, user, '/prihlaseni?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  // The tenant's only building is chosen already.
  await expect(page.getByLabel('Budova').locator('option:checked')).toHaveText(new RegExp(`Dům Omega ${stamp}`));
  await page.getByRole('textbox', { name: 'Předmět' }).fill('Nesvítí světlo na chodbě');
  await page.getByRole('textbox', { name: 'Popis' }).fill('Ve 3. patře nesvítí žádné světlo.');

  // A type the API refuses: caught before anything is created, with the file and the reason.
  await page.getByLabel(/^Přílohy/).setInputFiles([
    { name: 'chodba.png', mimeType: 'image/png', buffer: PNG },
    { name: 'program.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  ]);
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  const typeError = /Soubor „program.exe“ nelze přiložit: povolené jsou fotografie/;
  await expect(page.getByRole('link', { name: typeError })).toBeVisible();
  await expect(page.getByLabel(/^Přílohy/)).toHaveAccessibleDescription(typeError);
  await a11y.check('attachment of a refused type');
  expect(creates).toEqual([]);

  // A file only the server can judge (a "PNG" that is a web page): the incident is created,
  // the upload refused; the form stays with the server's reason and the incident's number.
  await page
    .getByLabel(/^Přílohy/)
    .setInputFiles([
      { name: 'chodba.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>ne</body></html>') },
    ]);
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(
    page.getByRole('link', { name: /Soubor „chodba.png“ nemá obsah, jaký slibuje jeho přípona/ }),
  ).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: /je založen, ale přílohy se nepodařilo nahrát/ });
  await expect(notice).toBeVisible();
  const id = /Incident č\. (\d+)/.exec((await notice.textContent()) ?? '')?.[1];
  expect(id).toMatch(/^\d+$/);
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/novy$/);
  expect(creates).toHaveLength(1);
  await a11y.check('upload refused after the create');

  // The retry uploads to that incident; no second incident.
  await page.getByLabel(/^Přílohy/).setInputFiles([{ name: 'chodba.png', mimeType: 'image/png', buffer: PNG }]);
  await page.getByRole('button', { name: `Nahrát přílohy k incidentu č. ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/hlaseni-incidentu/${id}$`));
  await expect(page.getByRole('link', { name: 'Stáhnout chodba.png' })).toBeVisible();
  // The image shows as a thumbnail of its preview, which opens the viewer.
  const thumbnail = page.getByRole('button', { name: 'Zobrazit obrázek chodba.png' });
  await expect(thumbnail.getByRole('img', { name: 'chodba.png' })).toBeVisible();
  await thumbnail.click();
  await expect(page.getByRole('dialog', { name: 'chodba.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thumbnail).toBeFocused();
  expect(creates).toHaveLength(1);

  await page.goto('/hlaseni-incidentu');
  await expect(page.getByText('Celkem 1 incident')).toBeVisible();
});
