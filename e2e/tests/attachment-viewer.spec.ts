import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from '@portal/api/demo-data';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectFocusVisible, tabTo } from '../support/keyboard.js';

// Issue 19, attachments: the public support request takes files like the fault report; a HEIC
// photo from a phone is kept as JPEG; image attachments show as thumbnails (the API's small
// preview) that open an accessible viewer (the large preview, its name, the original for
// download, Escape, arrows, focus back on the thumbnail) – for the visitor and for the staff.

const CSRF = { 'X-CSRF': '1' };
const STAFF = { email: DEMO_STAFF.email, password: DEMO_PASSWORD, totpSecret: DEMO_STAFF_TOTP_SECRET };
/** A real HEIC photo, 64 × 48 (apps/api/src/testing/fixtures/README.md). */
const heic = () => readFile(new URL('../../apps/api/src/testing/fixtures/quadrants.heic', import.meta.url));
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** The width the image of `locator` was decoded at, once it has loaded (0 while it has not). */
const loadedWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

/** A request created as the public form creates it (this BFF has no bot check), with files as its page adds them. */
async function requestWithFiles(
  page: Page,
  subject: string,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
): Promise<{ id: number; code: string }> {
  const created = await page.request.post('/api/v1/public_support/', {
    headers: CSRF,
    data: { name: 'Eva Testovací', subject, message: 'Posílám fotky.' },
  });
  expect(created.status()).toBe(201);
  const { id, access_code: code } = (await created.json()) as { id: number; access_code: string };
  for (const file of files) {
    const uploaded = await page.request.post(`/api/v1/public_support/${id}/attachments/`, {
      headers: { ...CSRF, 'X-Access-Code': code },
      multipart: { files: file },
    });
    expect(uploaded.status()).toBe(201);
  }
  return { id, code };
}

test('a support request with a HEIC photo, a PNG and a PDF: thumbnails and the viewer, for the visitor and the staff @journey', async ({
  page,
  browser,
  staffSessions,
  a11y,
}, testInfo) => {
  test.setTimeout(150_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const subject = `Prasklé okno v kanceláři (${stamp})`;

  await page.goto('/verejna-podpora/novy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nový požadavek' })).toBeVisible();
  await page.getByLabel('Jméno a příjmení').fill('Eva Fotografující');
  await page.getByLabel('Předmět').fill(subject);
  await page.getByLabel('Popis').fill('Okno ve 2. patře má prasklé sklo, posílám fotky a protokol.');
  await page.getByLabel(/^Přílohy/).setInputFiles([
    { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: await heic() },
    { name: 'okno.png', mimeType: 'image/png', buffer: PNG },
    { name: 'protokol.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeFocused();
  await expect(page.getByText(/přílohy se nepodařilo nahrát/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // The HEIC photo is kept as a JPEG under the same name; images have thumbnails, the PDF not.
  const photo = page.getByRole('button', { name: 'Zobrazit obrázek IMG_0042.jpg' });
  await expect(photo.getByRole('img', { name: 'IMG_0042.jpg' })).toBeVisible();
  // The small preview of the 64 × 48 photo: decoded, and never enlarged.
  await expect.poll(() => loadedWidth(photo.getByRole('img'))).toBe(64);
  await expect.poll(() => loadedWidth(page.getByRole('img', { name: 'okno.png' }))).toBe(1);
  await expect(page.getByRole('button', { name: /Zobrazit obrázek protokol/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stáhnout protokol.pdf' })).toBeVisible();
  await a11y.check('public request with thumbnails');

  // The viewer by mouse: the large preview, named by the file; the buttons move between images.
  await photo.click();
  const viewer = page.getByRole('dialog', { name: 'IMG_0042.jpg' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Zavřít' })).toBeFocused();
  await expect(viewer.getByText('Obrázek 1 z 2')).toBeVisible();
  await expect.poll(() => loadedWidth(viewer.getByRole('img', { name: 'IMG_0042.jpg' }))).toBe(64);
  await a11y.check('image viewer');
  await viewer.getByRole('button', { name: 'Další obrázek' }).click();
  await expect(page.getByRole('dialog', { name: 'okno.png' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Předchozí obrázek' }).click();
  await expect(viewer).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Stáhnout originál' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('IMG_0042.jpg');
  expect((await readFile(await file.path())).subarray(0, 3).toString('hex')).toBe('ffd8ff');
  await viewer.getByRole('button', { name: 'Zavřít' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(photo).toBeFocused();

  // The staff see the same thumbnails and viewer on their detail of the request.
  const id = /\/verejna-podpora\/(\d+)$/.exec(page.url())?.[1] ?? '';
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const staff = await staffContext.newPage();
    await staffSessions.enter(staff, STAFF);
    await staff.goto(`/sprava/verejna-podpora/${id}`);
    await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const staffPhoto = staff.getByRole('button', { name: 'Zobrazit obrázek IMG_0042.jpg' });
    await expect.poll(() => loadedWidth(staffPhoto.getByRole('img'))).toBe(64);
    await staffPhoto.click();
    await expect(staff.getByRole('dialog', { name: 'IMG_0042.jpg' })).toBeVisible();
    await staff.keyboard.press('Escape');
    await expect(staff.getByRole('dialog')).toHaveCount(0);
    await expect(staffPhoto).toBeFocused();
  } finally {
    await staffContext.close();
  }
});

test('by keyboard alone: a thumbnail opens the viewer, arrows move, Tab stays inside, Escape returns to it', async ({
  page,
  a11y,
}) => {
  const { id, code } = await requestWithFiles(page, `Fotky z chodby ${Date.now()}`, [
    { name: 'chodba.heic', mimeType: 'image/heic', buffer: await heic() },
    { name: 'strop.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await page.goto(`/verejna-podpora/${id}?code=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Fotky z chodby/ })).toBeVisible();

  const first = page.getByRole('button', { name: 'Zobrazit obrázek chodba.jpg' });
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName('chodba.jpg');
  await expect(viewer.getByRole('button', { name: 'Zavřít' })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName('strop.png');
  await expect(viewer.getByText('Obrázek 2 z 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName('chodba.jpg');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toHaveAccessibleName('strop.png');

  // The page behind is inert: Tab goes round the viewer's own controls only.
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    const inside = await viewer.evaluate((dialog) => dialog.contains(document.activeElement));
    // Past the last control the focus may rest on the browser's own controls, never the page.
    const onPage = await page.evaluate(() => document.activeElement !== document.body);
    if (onPage) expect(inside).toBe(true);
  }
  await tabTo(page, viewer.getByRole('button', { name: 'Stáhnout originál' }));
  await a11y.check('image viewer by keyboard');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
  await expectFocusVisible(page);
});
