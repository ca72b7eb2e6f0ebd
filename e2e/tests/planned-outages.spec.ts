import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, goAndLogIn, mainMenu, ONE_TENANT_USER, test } from '../support/fixtures.js';
import { expectOnPage, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT, E2E_BFF_PORT } from '../support/stack.js';

// Issue 7 (planned outages): the public page and its calendar feed against the real stack and
// its demo data (past, under-way and upcoming outages, public and tenant-only, in every building).

// Each test logs in or walks several pages with axe checks; on this shared 2-core machine that
// alone can pass the default 30 s, as the incident journey found before (it sets 120 s).
test.describe.configure({ timeout: 90_000 });

const HEADING = { level: 1, name: 'Plánované odstávky' } as const;
const API = { headers: { 'X-CSRF': '1' } };

/** The VEVENTs of an iCalendar text as property maps (lines unfolded first, RFC 5545 3.1). */
function parseIcs(text: string): Array<Record<string, string>> {
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of text.replace(/\r\n[ \t]/g, '').split('\r\n')) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current && line.includes(':')) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0] ?? ''] = line.slice(colon + 1);
    }
  }
  return events;
}

const outageTitles = (page: Page) => page.getByTestId('outages').getByRole('heading', { level: 3 }).allTextContents();

/** `later` comes after `earlier` in the list (other tests may add outages; order is what counts). */
function expectBefore(titles: string[], earlier: string, later: string) {
  expect(titles.indexOf(earlier), `${earlier} listed`).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(later), `${later} listed`).toBeGreaterThan(titles.indexOf(earlier));
}

test('a guest sees upcoming public outages first, filters by building, looks back and takes the calendar feed @journey', async ({
  page,
  a11y,
}) => {
  await page.goto('/');
  await mainMenu(page).getByRole('link', { name: 'Plánované odstávky' }).click();
  await expect(page.getByRole('heading', HEADING)).toBeVisible();
  await expect(page).toHaveURL(/\/planovane-vypadky$/);

  // The page may arrive prerendered (a click before the home page's app has started is a
  // plain navigation): its list comes with hydration, so wait for it before reading it.
  await expect(page.getByTestId('outages').getByRole('heading', { level: 3 }).first()).toBeVisible();
  // Under way first (marked), then by start; nothing tenant-only, nothing over.
  let titles = await outageTitles(page);
  expect(titles[0]).toBe('Oprava fasády u vchodu');
  const first = page.getByTestId('outages').getByRole('listitem').first();
  await expect(first.getByText('Právě probíhá')).toBeVisible();
  expectBefore(titles, 'Odstávka teplé vody', 'Údržba kotelny');
  expectBefore(titles, 'Údržba kotelny', 'Kontrola plynové přípojky');
  for (const hidden of [
    'Revize výtahů',
    'Výpadek internetu',
    'Tepování koberců ve 2. patře',
    'Mytí oken',
    'Odstávka elektřiny',
  ]) {
    expect(titles).not.toContain(hidden);
  }
  await expect(page.getByText('Jen pro nájemce')).toHaveCount(0);
  await a11y.check('upcoming outages');

  // One building.
  await page.getByLabel('Budova').selectOption({ label: 'Smíchov Gate' });
  await page.getByRole('button', { name: 'Zobrazit' }).click();
  await expect(page).toHaveURL(/\?budova=\d+$/);
  const building = new URL(page.url()).searchParams.get('budova');
  await expect(page.getByTestId('outages').getByRole('heading', { level: 3 }).first()).toHaveText(
    'Kontrola plynové přípojky',
  );
  titles = await outageTitles(page);
  expect(titles).not.toContain('Oprava fasády u vchodu');

  // Past ones on request, newest first, still for that building and linkable.
  await page.getByRole('link', { name: 'Zobrazit proběhlé odstávky' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Proběhlé odstávky, nejnovější první' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?budova=${building}&probehle=1$`));
  titles = await outageTitles(page);
  expect(titles).toContain('Odstávka elektřiny');
  expect(titles).not.toContain('Kontrola plynové přípojky');
  await expect(page.getByTestId('outages').getByText('Proběhlo').first()).toBeVisible();
  await a11y.check('past outages of one building');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Proběhlé odstávky, nejnovější první' })).toBeVisible();

  // The feed of that building: its address, a webcal:// link, and the file with its events.
  const address = page.getByLabel('Adresa kalendáře');
  const origin = new URL(page.url()).origin;
  await expect(address).toHaveValue(`${origin}/kalendar/planovane-vypadky.ics?budova=${building}`);
  await expect(page.getByRole('link', { name: 'Přihlásit odběr v kalendáři' })).toHaveAttribute(
    'href',
    `webcal://${new URL(origin).host}/kalendar/planovane-vypadky.ics?budova=${building}`,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Stáhnout soubor .ics' }).click();
  const ics = await readFile(await (await download).path(), 'utf8');
  const events = parseIcs(ics);
  const summaries = events.map((event) => event['SUMMARY']);
  expect(summaries).toContain('Kontrola plynové přípojky');
  expect(summaries).toContain('Odstávka elektřiny');
  expect(summaries).not.toContain('Mytí oken'); // tenant-only, never in the public feed
  expect(summaries).not.toContain('Odstávka teplé vody'); // another building
  const gas = events.find((event) => event['SUMMARY'] === 'Kontrola plynové přípojky');
  expect(gas?.['UID']).toMatch(/^maintenance-event-\d+@localhost$/);
  expect(gas?.['DTSTART']).toMatch(/^\d{8}T\d{6}Z$/);
  expect(gas?.['DTEND']).toMatch(/^\d{8}T\d{6}Z$/);
  expect(gas?.['LOCATION']).toBe('Smíchov Gate\\, Plzeňská 3217/16\\, 150 00 Praha 5');
  expect(ics).toContain('X-WR-CALNAME:Plánované odstávky – Smíchov Gate');
});

test('the feed answers a calendar application: no session, no custom header, text/calendar, public outages only', async ({
  page,
  playwright,
}) => {
  // A bare HTTP client, like a calendar server polling the subscription.
  const calendarApp = await playwright.request.newContext({ baseURL: bffUrl(E2E_BFF_PORT) });
  const answer = await calendarApp.get('/kalendar/planovane-vypadky.ics');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(answer.headers()['cache-control']).toBe('public, max-age=900');
  const text = await answer.text();
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const events = parseIcs(text);
  const summaries = events.map((event) => event['SUMMARY']);
  for (const title of ['Oprava fasády u vchodu', 'Odstávka teplé vody', 'Údržba kotelny', 'Odstávka elektřiny'])
    expect(summaries).toContain(title);
  for (const title of ['Revize výtahů', 'Výpadek internetu', 'Tepování koberců ve 2. patře', 'Mytí oken'])
    expect(summaries).not.toContain(title);
  // The same UIDs on the next fetch, so calendars update events instead of duplicating them.
  const again = parseIcs(await (await calendarApp.get('/kalendar/planovane-vypadky.ics')).text());
  expect(again.map((event) => event['UID'])).toEqual(events.map((event) => event['UID']));
  // The page shows the same address.
  await page.goto('/planovane-vypadky');
  await expect(page.getByLabel('Adresa kalendáře')).toHaveValue(
    `${new URL(page.url()).origin}/kalendar/planovane-vypadky.ics`,
  );
  await calendarApp.dispose();
});

test('a logged-in tenant also sees the tenant-only outages of its buildings', async ({ page }) => {
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Plánované odstávky' }).click();
  await expect(page.getByRole('heading', HEADING)).toBeVisible();
  const carpets = page.getByTestId('outages').getByRole('listitem').filter({ hasText: 'Tepování koberců ve 2. patře' });
  await expect(carpets.getByText('Jen pro nájemce')).toBeVisible();
  await expect(carpets.getByText('Právě probíhá')).toBeVisible();
  const titles = await outageTitles(page);
  // Beta rents in Florenc and Karlín, not in Smíchov.
  expect(titles).toContain('Revize výtahů');
  expect(titles).not.toContain('Mytí oken');
  // Through the API (with the CSRF header and the session) the feed includes them too.
  const feed = await page.request.get('/api/v1/maintenance_events/calendar.ics', API);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const summaries = parseIcs(await feed.text()).map((event) => event['SUMMARY']);
  expect(summaries).toContain('Tepování koberců ve 2. patře');
  expect(summaries).not.toContain('Mytí oken');
});

test('by keyboard alone: filter by building, look back, take the calendar file', async ({ page, a11y }) => {
  await page.goto('/');
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Plánované odstávky' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Plánované odstávky');

  // A closed select takes typed letters (the option starting with them) and arrow keys.
  const building = page.getByLabel('Budova');
  await tabTo(page, building);
  await page.keyboard.type('Smíchov');
  await expect(building.locator('option:checked')).toHaveText('Smíchov Gate');
  await page.keyboard.press('Tab');
  const apply = page.getByRole('button', { name: 'Zobrazit' });
  await expect(apply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?budova=\d+$/);
  await expect(page.getByTestId('outages').getByRole('heading', { level: 3 }).first()).toHaveText(
    'Kontrola plynové přípojky',
  );
  // The button that applied the filter keeps the focus.
  await expect(apply).toBeFocused();

  const past = page.getByRole('link', { name: 'Zobrazit proběhlé odstávky' });
  await tabTo(page, past);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Proběhlé odstávky, nejnovější první' })).toBeVisible();
  await expect(page).toHaveURL(/\?budova=\d+&probehle=1$/);
  // The same link now leads back to the upcoming ones, and still has the focus.
  await expect(page.getByRole('link', { name: 'Zobrazit nadcházející odstávky' })).toBeFocused();
  await a11y.check('past outages reached by keyboard');

  const download = page.waitForEvent('download');
  await tabTo(page, page.getByRole('link', { name: 'Stáhnout soubor .ics' }));
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('planovane-vypadky.ics');
});

test.describe('planned outages switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entry, the page goes home, the API and the feed answer 404', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Plánované odstávky' })).toHaveCount(0);
    await page.goto('/planovane-vypadky?probehle=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    for (const path of [
      '/api/v1/maintenance_events/',
      '/api/v1/maintenance_events/1/',
      '/api/v1/maintenance_events/calendar.ics',
    ]) {
      expect((await page.request.get(path, API)).status(), path).toBe(404);
    }
    expect((await page.request.get('/kalendar/planovane-vypadky.ics')).status()).toBe(404);
  });
});
