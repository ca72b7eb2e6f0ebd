import type { Page, Request, TestInfo } from '@playwright/test';
import { expect, goAndLogIn, mainMenu, ONE_TENANT_USER, test } from '../support/fixtures.js';
import { portalAdmin, setUpTenant } from '../support/operator.js';
import { expectFocusVisible, expectOnPage, logInByKeyboard, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT } from '../support/stack.js';

// Issue 6, meter readings: the tenant's meters with their last reading, submitting a reading
// (a lower value asks why, an implausible jump asks for confirmation), the history with its
// chart, and the feature switched off. Tests that write use a tenant of their worker and meters
// of their own, created with their past readings through the operator CLI, so tests running
// side by side never meet on a meter.

const PAGE = { level: 1, name: 'Odečet měřidel' } as const;
const DAY = 86_400_000;
const PASSWORD = 'Silne-Heslo-2026';

/** „1. 11. 2026" as the portal prints it (Prague day, no-break spaces). */
function czechDate(iso: string): string {
  return new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeZone: 'Europe/Prague' })
    .format(new Date(iso))
    .replace(/ /g, '\u00a0');
}
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface MeterSetup {
  kind: 'electricity' | 'water_cold' | 'heat';
  location: string;
  /** [value, days ago], oldest first. */
  readings: Array<[string, number]>;
}

interface WorkerTenant {
  id: string;
  building: number;
  user: { email: string; password: string };
}

// One tenant, user and building per worker (module state lives per worker): each CLI call
// costs seconds on a busy machine, and the tests tell their meters apart by serial number.
let workerTenant: Promise<WorkerTenant> | undefined;

function tenantOfWorker(testInfo: TestInfo): Promise<WorkerTenant> {
  workerTenant ??= (async () => {
    const stamp = `${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`;
    const user = { email: `odecty.${stamp}@example.cz`, password: PASSWORD };
    const { tenantId, buildingId } = await setUpTenant(portalAdmin, {
      tenantName: `Měřidla ${stamp} s.r.o.`,
      user: { ...user, firstName: 'Olga', lastName: 'Odečtová' },
      buildingName: `Dům ${stamp}`,
    });
    return { id: tenantId, building: buildingId ?? 0, user };
  })();
  return workerTenant;
}

/** Meters of the worker's tenant, each with readings the operator took on past days. */
async function metersWithHistory(testInfo: TestInfo, setups: MeterSetup[]) {
  const tenant = await tenantOfWorker(testInfo);
  const meters: Array<{ id: number; serial: string; lastReadAt: string }> = [];
  for (const [index, setup] of setups.entries()) {
    const serial = `M-${Date.now()}-${testInfo.workerIndex}-${index + 1}`;
    const readings = setup.readings.map(([value, days]) => ({ value, readAt: daysAgo(days) }));
    const row = (await portalAdmin(
      'create-meter',
      '--tenant',
      tenant.id,
      '--building',
      String(tenant.building),
      '--serial',
      serial,
      '--kind',
      setup.kind,
      '--location',
      setup.location,
      ...readings.flatMap((reading) => ['--reading', `${reading.value}@${reading.readAt}`]),
    )) as { id: number };
    meters.push({ id: row.id, serial, lastReadAt: readings.at(-1)?.readAt ?? '' });
  }
  return { user: tenant.user, meters };
}

/** Monthly electricity readings: 2 400 kWh in 80 days, i.e. 30 kWh a day; the last 10 days ago. */
const ELECTRICITY: MeterSetup = {
  kind: 'electricity',
  location: '2. patro, rozvaděč R2',
  readings: [
    ['1000', 90],
    ['1800', 60],
    ['2650', 30],
    ['3400', 10],
  ],
};

/** The POSTs of readings the page sends, to check what was (not yet) sent. */
function readingPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/readings/') posts.push(request);
  });
  return posts;
}

const card = (page: Page, serial: string) => page.getByTestId('meter-card').filter({ hasText: serial });
const historyRows = (page: Page) => page.getByRole('table', { name: 'Odečty od nejnovějšího' }).locator('tbody tr');

async function openMeterReadings(page: Page, user: { email: string; password: string }) {
  await goAndLogIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: /^Dobrý den/ })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Odečet měřidel' }).click();
  await expect(page.getByRole('heading', PAGE)).toBeVisible();
}

/** Chooses a meter in the list; its form and history follow, with focus on its heading. */
async function selectMeter(page: Page, meter: { id: number; serial: string }, name: string) {
  await card(page, meter.serial).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
  expect(new URL(page.url()).search).toBe(`?meridlo=${meter.id}`);
}

/**
 * A fresh electricity meter of the worker's tenant (last reading 3 400 kWh ten days ago), open
 * on the meter readings page, with the reading POSTs recorded from here on.
 */
async function openElectricityMeter(page: Page, testInfo: TestInfo) {
  const { user, meters } = await metersWithHistory(testInfo, [ELECTRICITY]);
  const [meter] = meters as [(typeof meters)[number]];
  const posts = readingPosts(page);
  await openMeterReadings(page, user);
  await selectMeter(page, meter, `Elektroměr ${meter.serial}`);
  return { meter, posts };
}

test('meters with their last reading; a reading is sent and shows as the last one, in the history and the chart @journey', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(150_000);
  const { user, meters } = await metersWithHistory(testInfo, [
    ELECTRICITY,
    {
      kind: 'water_cold',
      location: 'kuchyňka 2.04',
      readings: [
        ['40.5', 60],
        ['46.25', 30],
        ['52.75', 5],
      ],
    },
  ]);
  const [electricity, water] = meters as [(typeof meters)[number], (typeof meters)[number]];
  const posts = readingPosts(page);

  await openMeterReadings(page, user);
  await expect(card(page, electricity.serial)).toContainText(`Elektroměr ${electricity.serial}`);
  await expect(card(page, electricity.serial)).toContainText(
    `Poslední odečet: 3\u00a0400\u00a0kWh (${czechDate(electricity.lastReadAt)})`,
  );
  await expect(card(page, water.serial)).toContainText(`Vodoměr studené vody ${water.serial}`);
  await expect(card(page, water.serial)).toContainText(
    `Poslední odečet: 52,75\u00a0m³ (${czechDate(water.lastReadAt)})`,
  );

  // The chosen meter: its history as a table and as a chart with a text summary.
  await selectMeter(page, electricity, `Elektroměr ${electricity.serial}`);
  await expect(historyRows(page)).toHaveCount(4);
  await expect(historyRows(page).first()).toContainText(`3\u00a0400\u00a0kWh750\u00a0kWh`);
  const chart = page.getByRole('img', { name: /^Sloupcový graf spotřeby mezi odečty, 3 období/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3);
  await a11y.check('meters and history');

  await page.getByLabel('Stav měřidla').fill('3 420,5');
  await page.getByLabel(/^Poznámka/).fill('Odečteno z fotografie');
  await page.getByRole('button', { name: 'Odeslat odečet' }).click();
  await expect(page.getByText('Odečet byl uložen.')).toBeVisible();

  // Sent as the contract's body, with an Idempotency-Key; the list and the history show it.
  expect(posts).toHaveLength(1);
  expect(posts[0]?.postDataJSON()).toEqual({
    meter: electricity.id,
    value: '3420.5',
    note: 'Odečteno z fotografie',
    picture: null,
  });
  expect(posts[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const today = czechDate(new Date().toISOString());
  await expect(card(page, electricity.serial)).toContainText(`Poslední odečet: 3\u00a0420,5\u00a0kWh (${today})`);
  await expect(historyRows(page)).toHaveCount(5);
  const newest = historyRows(page).first();
  await expect(newest).toContainText(today);
  await expect(newest).toContainText('3\u00a0420,5\u00a0kWh20,5\u00a0kWh');
  // In its own column on a wide screen, under the date on a phone: shown once either way.
  await expect(newest.getByText('Odečteno z fotografie').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('img', { name: /^Sloupcový graf spotřeby mezi odečty, 4 období/ })).toBeVisible();
  await expect(page.getByLabel('Stav měřidla')).toHaveValue('');
  await a11y.check('after a reading');

  // Another meter: its form and history.
  await selectMeter(page, water, `Vodoměr studené vody ${water.serial}`);
  await expect(historyRows(page).first()).toContainText('52,75\u00a0m³6,5\u00a0m³');
  await expect(page.getByText('V m³, desetinná místa oddělte čárkou, například 12 345,6.')).toBeVisible();
});

test('the demo tenant’s meters are alive: a year of readings, a replaced meter in the history @journey', async ({
  page,
  a11y,
}) => {
  await openMeterReadings(page, ONE_TENANT_USER);
  await expect(page.getByTestId('meter-card')).toHaveCount(2);
  await expect(card(page, 'TP-KA-2140')).toContainText('Měřič tepla TP-KA-2140');
  await expect(card(page, 'TP-KA-2140')).toContainText('Poslední odečet: 97,1\u00a0GJ');
  await card(page, 'EL-KA-2141').getByRole('link', { name: 'Elektroměr EL-KA-2141' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Elektroměr EL-KA-2141' })).toBeFocused();
  expect(new URL(page.url()).searchParams.has('meridlo')).toBe(true);
  await expect(page.getByText('Celkem 13 odečtů')).toBeVisible();
  await expect(historyRows(page).filter({ hasText: 'výměna měřiče' })).toContainText('Výměna elektroměru při revizi');
  await expect(page.getByRole('img', { name: /^Sloupcový graf spotřeby mezi odečty, 11 období/ })).toBeVisible();
  await a11y.check('demo history with a replacement');
});

test('a value below the last reading asks whether the meter was replaced or rolled over, and is sent only with the answer', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(150_000);
  const { meter, posts } = await openElectricityMeter(page, testInfo);
  await page.getByLabel('Stav měřidla').fill('12,5');
  await page.getByRole('button', { name: 'Odeslat odečet' }).click();
  const question = page.getByRole('group', { name: 'Stav je nižší než poslední odečet' });
  await expect(question).toContainText(
    `Zadali jste 12,5\u00a0kWh, poslední odečet z ${czechDate(meter.lastReadAt)} je ale 3\u00a0400\u00a0kWh.`,
  );
  await expect(question.getByRole('heading')).toBeFocused();
  await a11y.check('lower value question');
  expect(posts).toHaveLength(0);

  await question.getByRole('button', { name: 'Měřič se přetočil' }).click();
  await expect(page.getByText('Odečet byl uložen.')).toBeVisible();
  expect(posts.map((post) => post.postDataJSON() as unknown)).toEqual([
    { meter: meter.id, value: '12.5', note: null, picture: null, reason: 'rollover' },
  ]);
  await expect(card(page, meter.serial)).toContainText('Poslední odečet: 12,5\u00a0kWh');
  await expect(historyRows(page).first()).toContainText('12,5\u00a0kWh–\u00a0přetočení měřiče');
});

test('an implausible jump asks for confirmation before it is sent', async ({ page, a11y }, testInfo) => {
  test.setTimeout(150_000);
  const { meter, posts } = await openElectricityMeter(page, testInfo);

  // Ten days at the usual 30 kWh a day is 300; ten times that is the limit, 9 600 is far above.
  await page.getByLabel('Stav měřidla').fill('13000');
  await page.getByRole('button', { name: 'Odeslat odečet' }).click();
  const question = page.getByRole('group', { name: 'Neobvykle vysoká spotřeba' });
  await expect(question).toContainText(
    `Od posledního odečtu z ${czechDate(meter.lastReadAt)} by spotřeba byla 9\u00a0600\u00a0kWh`,
  );
  await expect(question).toContainText('Obvykle je to asi 30\u00a0kWh za den.');
  await a11y.check('implausible jump question');
  expect(posts).toHaveLength(0);

  // „Opravit hodnotu" returns to the field with the value kept, still nothing sent.
  await question.getByRole('button', { name: 'Opravit hodnotu' }).click();
  await expect(page.getByLabel('Stav měřidla')).toBeFocused();
  await expect(page.getByLabel('Stav měřidla')).toHaveValue('13000');
  expect(posts).toHaveLength(0);

  await page.getByRole('button', { name: 'Odeslat odečet' }).click();
  await question.getByRole('button', { name: 'Stav je správný, odeslat' }).click();
  await expect(page.getByText('Odečet byl uložen.')).toBeVisible();
  expect(posts).toHaveLength(1);
  // The API judged it the same way: stored, flagged for the operator.
  await expect(historyRows(page).first()).toContainText('9\u00a0600\u00a0kWhneobvykle vysoká');
});

test('a refused reading keeps what was typed; the list shows the reading that came in between', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const { user, meters } = await metersWithHistory(testInfo, [ELECTRICITY]);
  const [meter] = meters as [(typeof meters)[number]];
  await openMeterReadings(page, user);
  await selectMeter(page, meter, `Elektroměr ${meter.serial}`);
  await page.getByLabel('Stav měřidla').fill('3410');
  await page.getByLabel(/^Poznámka/).fill('Odečet z chodby');

  // Meanwhile a higher reading arrives from elsewhere (another session of the same tenant).
  const other = await page.request.post('/api/v1/readings/', {
    headers: { 'X-CSRF': '1' },
    data: { meter: meter.id, value: '3450', note: null, picture: null },
  });
  expect(other.status()).toBe(201);

  await page.getByRole('button', { name: 'Odeslat odečet' }).click();
  await expect(page.getByText('Odečet se nepodařilo odeslat.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Hodnota je nižší než poslední odečet/ })).toBeVisible();
  await expect(page.getByLabel('Stav měřidla')).toHaveValue('3410');
  await expect(page.getByLabel(/^Poznámka/)).toHaveValue('Odečet z chodby');
  await expect(card(page, meter.serial)).toContainText('Poslední odečet: 3\u00a0450\u00a0kWh');
});

test('by keyboard alone: choose a meter, send a reading, answer the lower-value question', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(150_000);
  const { user, meters } = await metersWithHistory(testInfo, [ELECTRICITY]);
  const [meter] = meters as [(typeof meters)[number]];
  const posts = readingPosts(page);
  await logInByKeyboard(page, user);
  await expectOnPage(page, /^Dobrý den/);
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Odečet měřidel' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expectOnPage(page, PAGE.name);

  // Choosing a meter moves the focus to its heading (the same page, another query).
  await tabTo(page, card(page, meter.serial).getByRole('link', { name: `Elektroměr ${meter.serial}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: `Elektroměr ${meter.serial}` })).toBeFocused();

  await tabTo(page, page.getByLabel('Stav měřidla'));
  await page.keyboard.type('3 420,5');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Poznámka/)).toBeFocused();
  await page.keyboard.type('Z klávesnice');
  await tabTo(page, page.getByRole('button', { name: 'Odeslat odečet' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Odečet byl uložen.')).toBeVisible();
  await expect(card(page, meter.serial)).toContainText('Poslední odečet: 3\u00a0420,5\u00a0kWh');
  await expectFocusVisible(page);
  expect(posts.map((post) => post.postDataJSON() as unknown)).toEqual([
    { meter: meter.id, value: '3420.5', note: 'Z klávesnice', picture: null },
  ]);

  // A lower value: the question takes the focus, its answers are buttons.
  await tabTo(page, page.getByLabel('Stav měřidla'), { backwards: true });
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  const question = page.getByRole('group', { name: 'Stav je nižší než poslední odečet' });
  await expect(question.getByRole('heading')).toBeFocused();
  await a11y.check('lower value question by keyboard');
  await tabTo(page, question.getByRole('button', { name: 'Měřič byl vyměněn' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Odečet byl uložen.').first()).toBeVisible();
  await expect(card(page, meter.serial)).toContainText('Poslední odečet: 12\u00a0kWh');
  expect(posts).toHaveLength(2);
});

test.describe('meter readings switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entry, the route goes home and the API answers 404', async ({ page }) => {
    await goAndLogIn(page, ONE_TENANT_USER);
    const home = page.getByRole('heading', { level: 1, name: ONE_TENANT_USER.greeting });
    await expect(home).toBeVisible();
    await expect(page.getByRole('link', { name: 'Odečet měřidel' })).toHaveCount(0);
    await page.goto('/odpocet-meridel?meridlo=1');
    await expect(home).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    const headers = { 'X-CSRF': '1' };
    expect((await page.request.get('/api/v1/meters/', { headers })).status()).toBe(404);
    expect((await page.request.get('/api/v1/readings/', { headers })).status()).toBe(404);
    const post = await page.request.post('/api/v1/readings/', {
      headers,
      data: { meter: 1, value: '1', note: null, picture: null },
    });
    expect(post.status()).toBe(404);
  });
});
