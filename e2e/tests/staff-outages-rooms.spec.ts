import { TZDate } from '@date-fns/tz';
import type { TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF_LIMITED, DEMO_STAFF_TOTP_SECRET } from '@portal/api/demo-data';
import { expect, test } from '../support/fixtures.js';

// Issue 17: the staff's planned outages and room reservations against the real stack – an
// outage announced, changed and cancelled under /sprava/vypadky reaches the public outages
// page and leaves it again; a visitor's booking cancelled with a reason under
// /sprava/zasedaci-mistnosti frees its slot for the next booking.

test.describe.configure({ timeout: 150_000 });

const CSRF = { 'X-CSRF': '1' };
/**
 * Eva Marková, who manages Karlín Business Center (its outages and Konferenční sál Karlín). The
 * other staff journeys log in as Tomáš Dvořák from the other worker, and the API takes each
 * 30-second code once per user: as Tomáš these tests would wait for the next code.
 */
const STAFF = { email: DEMO_STAFF_LIMITED.email, password: DEMO_PASSWORD, totpSecret: DEMO_STAFF_TOTP_SECRET };

/** Prague calendar day `days` from now, `YYYY-MM-DD`. */
function pragueDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A day as the day fields take it (`3. 12. 2026`). */
function dayInput(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date}. ${month}. ${year}`;
}

/** The UTC instant of a Prague wall-clock time. */
function pragueIso(day: string, hour: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, hour, 0, 'Europe/Prague').getTime()).toISOString();
}

/**
 * Days ahead of every other spec's bookings (meeting-rooms.spec.ts takes 8–38), one per
 * project, so the desktop and phone runs never compete for a slot.
 */
function testDay(testInfo: TestInfo, base: number): string {
  return pragueDay(base + (testInfo.project.name.startsWith('phone') ? 20 : 0));
}

test('staff announce, change and cancel a planned outage; visitors see it until it is cancelled @journey', async ({
  page,
  staffSessions,
  browser,
  a11y,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const title = `Odstávka teplé vody (${stamp})`;
  const changedTitle = `Odstávka teplé i studené vody (${stamp})`;
  const day = testDay(testInfo, 60);

  await staffSessions.enter(page, STAFF);
  // A tenant page sends staff to their own area.
  await page.goto('/hlaseni-incidentu');
  await expect(page.getByRole('heading', { level: 1, name: 'Správa budov' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sprava');

  await page.goto('/sprava/vypadky');
  await expect(page.getByRole('heading', { level: 1, name: 'Plánované odstávky' })).toBeVisible();
  await a11y.check('staff outages');
  const create = page.getByRole('region', { name: 'Ohlásit odstávku' });
  // Sent empty first: the summary names what is missing, nothing is created.
  await create.getByRole('button', { name: 'Ohlásit odstávku' }).click();
  await expect(page.getByRole('heading', { name: 'Vyskytl se problém' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vyberte budovu' })).toBeVisible();
  await a11y.check('outage form refused');

  await create.getByLabel('Budova').selectOption({ index: 1 });
  await create.getByLabel('Druh').selectOption('water');
  await create.getByLabel('Název').fill(title);
  await create.getByLabel('Popis').fill('Nepoteče teplá voda v celé budově.');
  await create.getByRole('radio', { name: 'Všichni' }).check();
  await create.getByLabel('Den začátku').fill(dayInput(day));
  await create.getByLabel('Čas začátku').fill('8:00');
  await create.getByLabel('Den konce').fill(dayInput(day));
  await create.getByLabel('Čas konce').fill('12:00');
  await create.getByRole('button', { name: 'Ohlásit odstávku' }).click();
  await expect(page.getByText('Odstávka byla ohlášena.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();

  // A visitor, in a browser of their own, sees it on the public outages page.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/planovane-vypadky');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Plánované odstávky' })).toBeVisible();
    await expect(visitor.getByText(title)).toBeVisible();

    // The staff change its title; the visitor sees the new one.
    await page.getByRole('button', { name: `Upravit odstávku ${title}` }).click();
    const edit = page.getByRole('region', { name: `Upravit odstávku „${title}“` });
    await expect(edit.getByLabel('Název')).toHaveValue(title);
    await edit.getByLabel('Název').fill(changedTitle);
    await edit.getByRole('button', { name: 'Uložit změny' }).click();
    await expect(page.getByText('Změny odstávky byly uloženy.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: changedTitle })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText(changedTitle)).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);

    // Cancelled after a question: it leaves the public page.
    await page.getByRole('button', { name: `Zrušit odstávku ${changedTitle}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Zrušit odstávku „${changedTitle}“?` })).toBeVisible();
    await dialog.getByLabel('Důvod zrušení').fill('Oprava byla přesunuta na jaro.');
    await a11y.check('outage cancel dialog');
    await dialog.getByRole('button', { name: 'Zrušit odstávku' }).click();
    await expect(page.getByText('Odstávka byla zrušena.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: changedTitle })).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Plánované odstávky' })).toBeVisible();
    await expect(visitor.getByText(changedTitle)).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
});

test('staff see a room’s day and cancel a visitor’s booking with a reason; the slot is free again @journey', async ({
  page,
  staffSessions,
  playwright,
  a11y,
}, testInfo) => {
  const day = testDay(testInfo, 62);
  const name = `Karel Host ${testInfo.project.name}`;

  await staffSessions.enter(page, STAFF);
  await page.goto('/sprava/zasedaci-mistnosti');
  await expect(page.getByRole('heading', { level: 1, name: 'Rezervace místností' })).toBeVisible();
  const roomSelect = page.getByLabel('Místnost', { exact: true });
  const room = await roomSelect.locator('option', { hasText: 'Konferenční sál Karlín' }).getAttribute('value');
  if (room === null) throw new Error('the demo room Konferenční sál Karlín is not offered');

  // A visitor books 15:00–16:00 that day through the BFF's API.
  const visitor = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: CSRF,
  });
  try {
    const booking = {
      room: Number(room),
      starts_at: pragueIso(day, 15),
      ends_at: pragueIso(day, 16),
      name,
      email: `karel.host.${Date.now()}@example.cz`,
    };
    expect((await visitor.post('/api/v1/meeting_rooms/reservation/public/', { data: booking })).status()).toBe(201);

    await roomSelect.selectOption(room);
    await page.getByLabel('Den', { exact: true }).fill(dayInput(day));
    await page.getByRole('button', { name: 'Zobrazit' }).click();
    await expect(page.getByText(`${name} (veřejná rezervace)`)).toBeVisible();
    await expect(page.getByText('1 rezervace', { exact: true })).toBeVisible();
    await a11y.check('staff room day');

    await page.getByRole('button', { name: 'Zrušit rezervaci 15:00–16:00' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Zrušit rezervaci 15:00–16:00?' })).toBeVisible();
    // The reason is required: without one the booking stays.
    await dialog.getByRole('button', { name: 'Zrušit rezervaci' }).click();
    await expect(dialog.getByText('Uveďte důvod zrušení')).toBeVisible();
    await a11y.check('room cancel dialog without a reason');
    await dialog.getByLabel('Důvod zrušení').fill('Sál je v tu dobu potřeba pro revizi elektroinstalace.');
    await dialog.getByRole('button', { name: 'Zrušit rezervaci' }).click();
    await expect(page.getByText('Rezervace byla zrušena.')).toBeVisible();
    await expect(page.getByText('Důvod: Sál je v tu dobu potřeba pro revizi elektroinstalace.')).toBeVisible();
    await expect(page.getByText('Zrušená', { exact: true })).toBeVisible();

    // The slot is free: the same booking is taken again.
    expect((await visitor.post('/api/v1/meeting_rooms/reservation/public/', { data: booking })).status()).toBe(201);
  } finally {
    await visitor.dispose();
  }
});
