import { readFile } from 'node:fs/promises';
import { TZDate } from '@date-fns/tz';
import type { APIRequestContext, Download, Page, TestInfo } from '@playwright/test';
import { readOutbox } from '@portal/api/testing/outbox';
import { expect, goAndLogIn, mainMenu, ONE_TENANT_USER, outboxDir, test } from '../support/fixtures.js';
import { expectFocusVisible, expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT } from '../support/stack.js';

// Issues 6 and 7, meeting rooms: a tenant books and cancels through /zasedaci-mistnosti, a
// visitor books through /zasedacky and cancels with the link from the confirmation. Everything
// runs against the real stack; the conflict is made real by a second booking through the API.

// Journeys with several axe checks, downloads and a second browser context; the machine is shared.
test.describe.configure({ timeout: 120_000 });

const HOME = { level: 1, name: ONE_TENANT_USER.greeting } as const;
const TENANT_PAGE = { level: 1, name: 'Zasedací místnosti' } as const;
const PUBLIC_PAGE = { level: 1, name: 'Rezervace zasedaček' } as const;
const CONFLICT = 'Místnost je v tomto čase již obsazená. Vyberte jiný termín.';
const CSRF = { 'X-CSRF': '1' };

/** Prague calendar day `days` from now, `YYYY-MM-DD`. */
function pragueDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** The UTC instant of a Prague wall-clock time, as the API answers it. */
function pragueIso(day: string, hour: number, minute = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, hour, minute, 'Europe/Prague').getTime()).toISOString();
}

/**
 * Days far enough ahead to be free of demo bookings, distinct per test and per project, so the
 * desktop and phone runs (two workers) never compete for a slot.
 */
function testDay(testInfo: TestInfo, base: number): string {
  return pragueDay(base + (testInfo.project.name.startsWith('phone') ? 20 : 0));
}

async function roomId(request: APIRequestContext, name: string): Promise<number> {
  const answer = await request.get('/api/v1/meeting_rooms/', { headers: CSRF });
  expect(answer.status()).toBe(200);
  const room = ((await answer.json()) as Array<{ id: number; name: string }>).find(
    (candidate) => candidate.name === name,
  );
  if (!room) throw new Error(`demo room ${name} not found`);
  return room.id;
}

/** DTSTART/DTEND/SUMMARY of a downloaded .ics: UTC instants, or Prague wall time with TZID. */
async function readCalendar(
  download: Download,
): Promise<{ start: string; end: string; summary: string; location: string }> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/\r?\n[ \t]/g, '');
  const value = (name: string) => {
    const line = text
      .split(/\r?\n/)
      .find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
    if (!line) throw new Error(`${name} missing in\n${text}`);
    return { params: line.slice(name.length, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1) };
  };
  const instant = (name: string) => {
    const { params, value: raw } = value(name);
    const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(raw);
    if (!match) throw new Error(`${name} is not a date-time: ${raw}`);
    const [, y, mo, d, h, mi] = match;
    if (match[7] === 'Z') return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!)).toISOString();
    expect(params).toContain('TZID=Europe/Prague');
    return pragueIso(`${y}-${mo}-${d}`, Number(h), Number(mi));
  };
  expect(text).toContain('BEGIN:VEVENT');
  return {
    start: instant('DTSTART'),
    end: instant('DTEND'),
    summary: value('SUMMARY').value,
    location: value('LOCATION').value,
  };
}

/**
 * Nothing wider than the viewport. A phone (isMobile) zooms out to fit wide content, which makes
 * `innerWidth` grow with it, so the width is compared with the configured viewport.
 */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(Math.max(scrollWidth, innerWidth), 'page wider than the viewport').toBeLessThanOrEqual(viewport.width);
}

async function openTenantRooms(page: Page) {
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME)).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Zasedací místnosti' }).click();
  await expect(page.getByRole('heading', TENANT_PAGE)).toBeVisible();
}

test.describe('meeting rooms for tenants', () => {
  // Whatever zone the browser is in, the building's (Prague) times are shown and booked.
  test.use({ timezoneId: 'America/New_York' });

  test('rooms and details, day and week views, booking a free slot @journey', async ({ page, a11y }, testInfo) => {
    const day = testDay(testInfo, 8);
    const title = `Porada týmu (${testInfo.project.name})`;
    await openTenantRooms(page);

    // Both the public rooms and the tenant-only room of Petr's building, with their details.
    const small = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Malá zasedačka' }) });
    await expect(small.getByText('Jen pro nájemce')).toBeVisible();
    await expect(small.getByText('4 osoby')).toBeVisible();
    await expect(small.getByText('3. patro')).toBeVisible();
    const big = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Velká zasedačka' }) });
    await expect(big.getByText('12 osob')).toBeVisible();
    await expect(big.getByText('Videokonference')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await a11y.check('room list');

    await big.getByRole('link', { name: /Obsazenost a rezervace\s+místnosti Velká zasedačka/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Velká zasedačka' })).toBeFocused();
    await expect(page.getByText('8:00–18:00')).toBeVisible();
    const id = new URL(page.url()).searchParams.get('mistnost');

    // The view is in the URL: open the chosen day directly, then step through it.
    await page.goto(`/zasedaci-mistnosti?mistnost=${id}&den=${day}&zobrazeni=den`);
    await expect(page.getByRole('button', { name: 'Vybrat 10:00–10:30 Volno' })).toBeVisible();
    await page.getByRole('link', { name: /Následující den/ }).click();
    await expect(page).toHaveURL(new RegExp(`den=${pragueDayAfter(day)}`));
    // The address changes before the new day has rendered (a transition): step back from the
    // rendered next day, not from the old one's links.
    await expect(page.getByRole('link', { name: /Předchozí den/ })).toHaveAttribute('href', new RegExp(`den=${day}&`));
    await page.getByRole('link', { name: /Předchozí den/ }).click();
    await expect(page).toHaveURL(new RegExp(`den=${day}&`));
    await expectNoSidewaysScroll(page);
    await a11y.check('day view');

    await page.getByRole('button', { name: 'Vybrat 10:00–10:30 Volno' }).click();
    await expect(page.getByLabel('Začátek')).toBeFocused();
    await expect(page.getByLabel('Začátek').locator('option:checked')).toHaveText('10:00');
    await expect(page.getByLabel('Konec').locator('option:checked')).toHaveText('11:00');
    // Exact: the menu's „Hlášení incidentů, 1 s novinkou“ also contains „den“.
    await expect(page.getByLabel('Den', { exact: true })).toHaveValue(day.split('-').map(Number).reverse().join('. '));
    await page.getByLabel('Název schůzky').fill(title);
    await page.getByLabel(/Počet osob/).fill('5');
    await expectNoSidewaysScroll(page);
    await a11y.check('booking form filled');
    await page.getByRole('button', { name: 'Rezervovat', exact: true }).click();

    await expect(page.getByText('Místnost je zarezervována.').first()).toBeVisible();
    // Busy in the grid now, and in the week view as one stretch.
    await expect(page.getByRole('button', { name: /10:00–10:30/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Týden' }).click();
    await expect(page).toHaveURL(/zobrazeni=tyden/);
    const dayBlock = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(`Podrobně\\s+– .*${czechDay(day)}`) }) });
    await expect(dayBlock.getByText('10:00–11:00', { exact: true })).toBeVisible();
    await expect(dayBlock.getByText('10:00–11:00 Obsazeno')).toBeVisible();
    await expect(page.getByRole('heading', { level: 4 })).toHaveCount(7);
    await expectNoSidewaysScroll(page);
    await a11y.check('week view');

    // Among the tenant's reservations, at 10:00 Prague time – also for the API.
    const mine = page
      .getByTestId('reservations')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(mine.getByText(/10:00–11:00/)).toBeVisible();
    const listed = await page.request.get(`/api/v1/meeting_rooms/reservation/?date_from=${day}&date_to=${day}`, {
      headers: CSRF,
    });
    const booked = ((await listed.json()) as Array<{ title: string; starts_at: string; ends_at: string }>).find(
      (r) => r.title === title,
    );
    expect(booked).toMatchObject({ starts_at: pragueIso(day, 10), ends_at: pragueIso(day, 11) });
  });

  test('a slot booked meanwhile: Czech message at the form, input kept, grid refreshed @journey', async ({
    page,
    playwright,
    a11y,
  }, testInfo) => {
    const day = testDay(testInfo, 10);
    await openTenantRooms(page);
    const karlin = await roomId(page.request, 'Konferenční sál Karlín');
    await page.goto(`/zasedaci-mistnosti?mistnost=${karlin}&den=${day}&zobrazeni=den`);
    await page.getByRole('button', { name: 'Vybrat 14:00–15:00 Volno' }).click();
    await page.getByLabel('Název schůzky').fill('Školení nových kolegů');
    await page.getByLabel(/Poznámka/).fill('Potřebujeme ozvučení.');

    // Someone else takes the slot while the form is open: a visitor, through the BFF's API.
    const visitor = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: CSRF,
    });
    const taken = await visitor.post('/api/v1/meeting_rooms/reservation/public/', {
      data: {
        room: karlin,
        starts_at: pragueIso(day, 14),
        ends_at: pragueIso(day, 15),
        name: 'Rychlejší Host',
        email: 'rychlejsi@example.cz',
      },
    });
    expect(taken.status()).toBe(201);
    await visitor.dispose();

    await page.getByRole('button', { name: 'Rezervovat', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Vyskytl se problém' })).toBeVisible();
    await expect(page.getByRole('link', { name: CONFLICT })).toBeVisible();
    await expect(page.getByLabel('Název schůzky')).toHaveValue('Školení nových kolegů');
    await expect(page.getByLabel(/Poznámka/)).toHaveValue('Potřebujeme ozvučení.');
    await expect(page.getByLabel('Začátek').locator('option:checked')).toHaveText('14:00');
    // The grid was fetched again: the slot is shown as taken.
    await expect(page.getByText('14:00–15:00 Obsazeno')).toBeVisible();
    await expect(page.getByRole('button', { name: /14:00–15:00/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await a11y.check('conflict at the form');
  });

  test('the .ics of a reservation is in Prague time; cancelling asks first @journey', async ({
    page,
    a11y,
  }, testInfo) => {
    const day = testDay(testInfo, 12);
    const title = `Pohovor s uchazečem (${testInfo.project.name})`;
    await openTenantRooms(page);
    const velka = await roomId(page.request, 'Velká zasedačka');
    const made = await page.request.post('/api/v1/meeting_rooms/reservation/', {
      headers: CSRF,
      data: { room: velka, title, starts_at: pragueIso(day, 13, 30), ends_at: pragueIso(day, 15) },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    await page.reload();

    const entry = page
      .getByTestId('reservations')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(entry.getByText(/13:30–15:00/)).toBeVisible();
    const download = page.waitForEvent('download');
    await entry.getByRole('button', { name: 'Stáhnout do kalendáře (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`rezervace-${id}.ics`);
    const calendar = await readCalendar(file);
    expect(calendar).toEqual({
      start: pragueIso(day, 13, 30),
      end: pragueIso(day, 15),
      summary: `${title} – Velká zasedačka`,
      location: 'Velká zasedačka\\, Kancelářský dům Florenc',
    });

    await entry.getByRole('button', { name: 'Zrušit rezervaci' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zrušit rezervaci?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ponechat rezervaci' })).toBeFocused();
    await expectNoSidewaysScroll(page);
    await a11y.check('cancel dialog');
    // Escape keeps the reservation.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await entry.getByRole('button', { name: 'Zrušit rezervaci' }).click();
    await dialog.getByRole('button', { name: 'Ano, zrušit rezervaci' }).click();
    await expect(page.getByText('Rezervace byla zrušena.')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Vaše rezervace' })).toBeFocused();
    const after = await page.request.get(`/api/v1/meeting_rooms/reservation/${id}/`, { headers: CSRF });
    expect(await after.json()).toMatchObject({ id, status: 'cancelled' });
  });
});

test.describe('public meeting-room booking', () => {
  test('book as a guest; the link shows the booking and cancels only on the button, once @journey', async ({
    page,
    browser,
    a11y,
  }, testInfo) => {
    const day = testDay(testInfo, 14);
    // Long on purpose: a real address can be, and it must wrap on a 360 px phone.
    const email = `eva.hostova.${testInfo.project.name}.${Date.now()}@example.cz`;
    await page.goto('/');
    await mainMenu(page).getByRole('link', { name: 'Rezervace zasedaček' }).click();
    await expect(page.getByRole('heading', PUBLIC_PAGE)).toBeVisible();
    // Only rooms open to the public.
    await expect(page.getByRole('heading', { level: 3, name: 'Velká zasedačka' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Konferenční sál Karlín' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Malá zasedačka' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await a11y.check('public room list');

    await page.getByRole('link', { name: /Obsazenost a rezervace\s+místnosti Velká zasedačka/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Velká zasedačka' })).toBeFocused();
    const id = new URL(page.url()).searchParams.get('mistnost');
    await page.goto(`/zasedacky?mistnost=${id}&den=${day}&zobrazeni=den`);
    await page.getByRole('button', { name: 'Vybrat 15:00–15:30 Volno' }).click();
    // Submitting without a name or e-mail: Czech messages, nothing sent.
    await page.getByRole('button', { name: 'Rezervovat', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Zadejte jméno a příjmení' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zadejte e-mail' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await a11y.check('public form with errors');
    await page.getByLabel('Jméno a příjmení').fill('Eva Hostová');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/Účel rezervace/).fill('Školení');
    await page.getByRole('button', { name: 'Rezervovat', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Rezervace je potvrzena' })).toBeFocused();
    const link = await page.getByTestId('cancellation-link').getAttribute('href');
    expect(link).toMatch(/\/zasedacky\?zrusit=[0-9a-f-]{36}&token=[A-Za-z0-9_-]+$/);
    const cancelUrl = new URL(link ?? '');
    const read = `/api/v1/meeting_rooms/reservation/${cancelUrl.searchParams.get('zrusit')}/cancel/${cancelUrl.searchParams.get('token')}/`;
    await expect(page.getByText(`Poslali jsme ho také na e-mail ${email}.`)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Stáhnout do kalendáře (.ics)' }).click();
    expect(await readCalendar(await download)).toMatchObject({
      start: pragueIso(day, 15),
      end: pragueIso(day, 16),
      summary: 'Rezervace: Velká zasedačka',
    });
    await expectNoSidewaysScroll(page);
    await a11y.check('public confirmation');

    // The e-mail carries the same link to this page.
    await expect.poll(async () => mailedLink(email), { timeout: 10_000 }).toBe(link);

    // Opening the link elsewhere (a mail client, a scanner) shows the booking and a button only.
    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const linkPage = await other.newPage();
    await linkPage.goto(link ?? '');
    await expect(linkPage.getByRole('heading', { level: 1, name: 'Zrušení rezervace' })).toBeVisible();
    await expect(linkPage.getByText('Eva Hostová')).toBeVisible();
    await expect(linkPage.getByText(/15:00–16:00/)).toBeVisible();
    await linkPage.reload();
    await expect(linkPage.getByRole('button', { name: 'Zrušit rezervaci' })).toBeVisible();
    // Still booked after opening it twice.
    const stillBooked = await other.request.get(read, { headers: CSRF });
    expect(await stillBooked.json()).toMatchObject({ status: 'confirmed' });
    await expect.poll(async () => busyAt(other.request, Number(id), day, pragueIso(day, 15))).toBe(true);

    await linkPage.getByRole('button', { name: 'Zrušit rezervaci' }).click();
    await expect(linkPage.getByRole('heading', { level: 1, name: 'Rezervace byla zrušena.' })).toBeVisible();
    expect(await busyAt(other.request, Number(id), day, pragueIso(day, 15))).toBe(false);

    // The link is used up.
    await linkPage.goto(link ?? '');
    await expect(linkPage.getByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toBeVisible();
    await expect(linkPage.getByText('Odkaz pro zrušení rezervace je neplatný nebo už byl použit.')).toBeVisible();
    await expect(linkPage.getByRole('button', { name: 'Zrušit rezervaci' })).toHaveCount(0);
    const again = await other.request.post(read, { headers: CSRF });
    expect(again.status()).toBe(409);
    await other.close();
  });
});

/**
 * By keyboard from the main menu through a booking page (its h1 `pageHeading`) to Velká
 * zasedačka; then `day` is opened from its address (a link or a bookmark). The rest is keys only.
 */
async function keyboardToRoomDay(
  page: Page,
  menuEntry: string,
  pageHeading: string,
  day: string,
  { backwards = false } = {},
): Promise<void> {
  await tabTo(page, mainMenu(page).getByRole('link', { name: menuEntry }), { backwards });
  await page.keyboard.press('Enter');
  await expectOnPage(page, pageHeading);
  await tabTo(page, page.getByRole('link', { name: /Obsazenost a rezervace\s+místnosti Velká zasedačka/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Velká zasedačka' })).toBeFocused();
  const room = new URL(page.url());
  await page.goto(`${room.pathname}?mistnost=${room.searchParams.get('mistnost')}&den=${day}&zobrazeni=den`);
}

test.describe('by keyboard alone', () => {
  test('a tenant books a slot and cancels it through the dialog', async ({ page, a11y }, testInfo) => {
    const day = testDay(testInfo, 16);
    const title = `Porada z klávesnice (${testInfo.project.name})`;
    await logInByKeyboard(page, ONE_TENANT_USER);
    await expectOnPage(page, HOME.name);
    await keyboardToRoomDay(page, 'Zasedací místnosti', TENANT_PAGE.name, day, { backwards: true });
    await tabTo(page, page.getByRole('button', { name: 'Vybrat 10:00–10:30 Volno' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Začátek')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Konec')).toBeFocused();
    // One slot longer with the arrow key: 10:00–11:30.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Konec').locator('option:checked')).toHaveText('11:30');
    await tabTo(page, page.getByLabel('Název schůzky'));
    await page.keyboard.type(title);
    await tabTo(page, page.getByRole('button', { name: 'Rezervovat', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Místnost je zarezervována.').first()).toBeVisible();
    await expectFocusVisible(page);

    const mine = page
      .getByTestId('reservations')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(mine.getByText(/10:00–11:30/)).toBeVisible();
    const opener = mine.getByRole('button', { name: 'Zrušit rezervaci' });
    await tabTo(page, opener, { max: 120 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Zrušit rezervaci?' });
    await expect(dialog.getByRole('button', { name: 'Ponechat rezervaci' })).toBeFocused();
    await a11y.check('cancel dialog opened by keyboard');
    // The page behind the modal is inert: Tab and Shift+Tab reach only the dialog's buttons (or,
    // past its last one, the browser's own controls, as with every native modal dialog).
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inPage = await page.evaluate(
        () => document.activeElement !== null && document.activeElement !== document.body,
      );
      if (inPage) {
        await expect(dialog.locator(':focus')).toHaveCount(1);
        await expectFocusVisible(page);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Ponechat rezervaci' })).toBeFocused();
    await tabTo(page, dialog.getByRole('button', { name: 'Ano, zrušit rezervaci' }), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Rezervace byla zrušena.')).toBeVisible();
    await expect(mine).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Vaše rezervace' })).toBeFocused();
  });

  test('a visitor books a public room, correcting what the form refused', async ({ page, a11y }, testInfo) => {
    const day = testDay(testInfo, 18);
    await page.goto('/');
    await keyboardToRoomDay(page, 'Rezervace zasedaček', PUBLIC_PAGE.name, day);
    await tabTo(page, page.getByRole('button', { name: 'Vybrat 16:00–16:30 Volno' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Začátek')).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Rezervovat', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Vyskytl se problém' }).locator('..')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Zadejte jméno a příjmení' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Jméno a příjmení')).toBeFocused();
    await page.keyboard.type('Eva Klávesová');
    await tabTo(page, page.getByLabel('E-mail'));
    await page.keyboard.type(`klavesnice.${testInfo.project.name}.${Date.now()}@example.cz`);
    await tabTo(page, page.getByRole('button', { name: 'Rezervovat', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Rezervace je potvrzena' })).toBeFocused();
    await a11y.check('public booking confirmed by keyboard');
    await tabTo(page, page.getByTestId('cancellation-link'));
  });
});

test.describe('meeting rooms switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entries, both routes go home, the API answers 404', async ({ page }) => {
    // A visitor: no public booking.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rezervace zasedaček' })).toHaveCount(0);
    await page.goto('/zasedacky?zrusit=3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b&token=Zr7mQ2xK9pLw4vBn8cTy1dHs6fGj3kEa');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    const publicBooking = await page.request.post('/api/v1/meeting_rooms/reservation/public/', {
      headers: CSRF,
      data: {
        room: 1,
        starts_at: pragueIso(pragueDay(30), 10),
        ends_at: pragueIso(pragueDay(30), 11),
        name: 'Host',
        email: 'host@example.cz',
      },
    });
    expect(publicBooking.status()).toBe(404);
    const link = await page.request.get(
      '/api/v1/meeting_rooms/reservation/3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b/cancel/Zr7mQ2xK9pLw4vBn8cTy1dHs6fGj3kEa/',
      { headers: CSRF },
    );
    expect(link.status()).toBe(404);

    // A tenant: no room booking.
    await goAndLogIn(page, ONE_TENANT_USER);
    await expect(page.getByRole('heading', HOME)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zasedací místnosti' })).toHaveCount(0);
    await page.goto('/zasedaci-mistnosti?mistnost=1&den=2030-01-14&zobrazeni=tyden');
    await expect(page.getByRole('heading', HOME)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    for (const path of [
      '/api/v1/meeting_rooms/reservation/',
      '/api/v1/meeting_rooms/reservation/all/?date_from=2030-01-14&date_to=2030-01-14',
    ]) {
      const answer = await page.request.get(path, { headers: CSRF });
      expect(answer.status(), path).toBe(404);
    }
  });
});

/** The cancellation link in the newest mail to `email`, or null while none has arrived. */
async function mailedLink(email: string): Promise<string | null> {
  // Parsed as a mail client would: nodemailer sends the Czech text quoted-printable.
  const mails = (await readOutbox(outboxDir())).filter((mail) => mail.to === email);
  const newest = mails.at(-1);
  return newest === undefined ? null : (/https?:\/\/\S+\/zasedacky\?\S+/.exec(newest.text)?.[0] ?? null);
}

/** Whether the room's availability lists a busy range starting at `startsAt`. */
async function busyAt(request: APIRequestContext, room: number, day: string, startsAt: string): Promise<boolean> {
  const answer = await request.get(`/api/v1/meeting_rooms/${room}/availability/?date_from=${day}&date_to=${day}`, {
    headers: CSRF,
  });
  const { busy } = (await answer.json()) as { busy: Array<{ starts_at: string }> };
  return busy.some((range) => range.starts_at === startsAt);
}

function pragueDayAfter(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** „14. ledna 2030" as the week view's hidden day names write it (no-break spaces). */
function czechDay(day: string): string {
  return new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(/ /g, '\\s');
}
