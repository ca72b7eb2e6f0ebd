import { readFile } from 'node:fs/promises';
import { waitForMail } from '@portal/api/testing/outbox';
import type { Page } from '@playwright/test';
import { expect, mainMenu, outboxDir, test } from '../support/fixtures.js';
import { createBuildingArgs, DEMO_STAFF, portalAdmin } from '../support/operator.js';
import { expectFocusVisible, expectOnPage, tabTo } from '../support/keyboard.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT } from '../support/stack.js';

// Issue 7, the public support area: anonymous requests, fault reports and orders, followed with
// an id and an access code, against the real stack; the operator answers through the CLI.

const CSRF = { 'X-CSRF': '1' };
const NOT_FOUND = (id: string | number) => `Požadavek č. ${id} neexistuje nebo přístupový kód není správný.`;
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Created {
  id: number;
  access_code: string;
  subject: string;
}

/** A request created through the BFF the way an integrator would (no bot protection on this BFF). */
async function createThroughApi(page: Page, subject: string): Promise<Created> {
  const answer = await page.request.post('/api/v1/public_support/', {
    headers: CSRF,
    data: { name: 'Eva Testovací', subject, message: 'Vytvořeno testem.' },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as Created;
}

async function credentials(page: Page): Promise<{ id: string; code: string }> {
  const box = page.getByTestId('public-request-credentials');
  await expect(box).toBeVisible();
  const id = (await box.locator('dd').first().textContent())?.trim() ?? '';
  const code = (await page.getByTestId('public-request-code').textContent())?.trim() ?? '';
  expect(id).toMatch(/^\d+$/);
  expect(code.length).toBeGreaterThanOrEqual(20);
  return { id, code };
}

test('a public request: created, mailed, opened elsewhere by id and code, answered by the operator @journey', async ({
  page,
  browser,
  context,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const email = `host.${stamp}@example.cz`;
  const subject = `Dotaz na parkování (${stamp})`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/');
  await mainMenu(page).getByRole('link', { name: 'Veřejná podpora' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Veřejná podpora' })).toBeVisible();
  await expect(page.getByText('V tomto prohlížeči zatím nemáte uložený žádný požadavek.')).toBeVisible();
  await a11y.check('public support, nothing remembered');

  await page.getByRole('link', { name: 'Nový požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nový požadavek' })).toBeVisible();
  // Submitting empty: the summary takes focus and links to the fields.
  await page.getByRole('button', { name: 'Odeslat požadavek' }).click();
  await expect(page.getByRole('heading', { name: 'Vyskytl se problém' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zadejte své jméno' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zadejte předmět' })).toBeVisible();
  await expect(page).toHaveTitle(/^Chyba: Nový požadavek/);
  await a11y.check('new request with errors');

  await page.getByLabel('Jméno a příjmení').fill('Jan Host');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Telefon/).fill('+420 777 123 456');
  await page.getByLabel(/^Budova/).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByRole('textbox', { name: 'Popis' }).fill('Dobrý den,\nkde mohou parkovat návštěvy?');
  await page.getByRole('button', { name: 'Odeslat požadavek' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeFocused();
  const { id, code } = await credentials(page);
  await expect(page.getByText(`Číslo požadavku a přístupový kód jsme poslali také na e-mail ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Kopírovat přístupový kód' }).click();
  await expect(page.getByText('Přístupový kód byl zkopírován.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await a11y.check('request sent');

  // The confirmation mail carries the id, the code and the direct link.
  const mail = await waitForMail(outboxDir(), (candidate) => candidate.to === email, 10_000);
  expect(mail.subject).toBe(`Požadavek č. ${id} byl přijat`);
  expect(mail.text).toContain(`Přístupový kód: ${code}`);
  const link = new URL(/https?:\/\/\S+\/verejna-podpora\/\d+\?code=\S+/.exec(mail.text)?.[0] ?? 'http://missing');
  expect(link.pathname).toBe(`/verejna-podpora/${id}`);

  // Another browser opens it with id and code, and writes a message.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto('/verejna-podpora');
    await other.getByLabel('Číslo požadavku').fill(id);
    await other.getByLabel('Přístupový kód').fill(code);
    await other.getByRole('button', { name: 'Otevřít požadavek' }).click();
    await expect(other.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    // The code leaves the address once the request is remembered in that browser.
    await expect(other).toHaveURL(new RegExp(`/verejna-podpora/${id}$`));
    await other.getByRole('textbox', { name: 'Vaše zpráva' }).fill('Přijedu autem v pondělí.');
    await other.getByRole('button', { name: 'Odeslat zprávu' }).click();
    await expect(other.getByText('Zpráva byla odeslána.')).toBeVisible();
    await expect(other.getByTestId('public-request-messages').getByText('Přijedu autem v pondělí.')).toBeVisible();

    // The e-mailed link works in a third browser too, and drops the code from the address.
    const third = await browser.newContext();
    try {
      const mailed = await third.newPage();
      await mailed.goto(`${link.pathname}${link.search}`);
      await expect(mailed.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(mailed).toHaveURL(new RegExp(`/verejna-podpora/${id}$`));
    } finally {
      await third.close();
    }
  } finally {
    await elsewhere.close();
  }

  // The first browser follows the request; the operator answers while the page is open.
  await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Správa budovy zatím neodpověděla.', { exact: false })).toBeVisible();
  await portalAdmin(
    'public-answer',
    '--request',
    id,
    '--staff',
    DEMO_STAFF,
    '--body',
    'Parkovat můžete v garáži B.',
    '--status',
    'in_progress',
  );
  const messages = page.getByTestId('public-request-messages');
  const answer = messages.locator('li[data-author="operator"]');
  await expect(answer).toContainText('Parkovat můžete v garáži B.', { timeout: 30_000 });
  await expect(answer).toContainText('Správa budovy – Tomáš Dvořák');
  await expect(messages.locator('li[data-author="visitor"]')).toHaveCount(2);
  await expect(messages.locator('li[data-author="visitor"]').first()).toContainText('Vy');
  await expect(page.getByText('Zpracovává se')).toBeVisible();
  await a11y.check('request with the operator’s answer');
});

test('remembered requests: listed newest first, opened without the code in the address, forgotten @journey', async ({
  page,
  a11y,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const older = await createThroughApi(page, `Starší požadavek ${stamp}`);
  const newer = await createThroughApi(page, `Novější požadavek ${stamp}`);
  // The browser's API calls carry the code in X-Access-Code, never in their address.
  const apiCalls: Array<{ url: string; code: string | undefined }> = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname.startsWith('/api/v1/public_support/')) {
      apiCalls.push({ url: call.url(), code: call.headers()['x-access-code'] });
    }
  });
  // Opening a request with its code remembers it in this browser.
  for (const request of [older, newer]) {
    await page.goto(`/verejna-podpora/${request.id}?code=${encodeURIComponent(request.access_code)}`);
    await expect(page.getByRole('heading', { level: 1, name: request.subject })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/verejna-podpora/${request.id}$`));
  }
  // A reload needs no code: it comes from the remembered list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: newer.subject })).toBeVisible();

  await page.getByRole('link', { name: 'Zpět na veřejnou podporu' }).click();
  const list = page.getByTestId('remembered-requests');
  await expect(list.getByRole('link')).toHaveText([
    `Požadavek č. ${newer.id}: ${newer.subject}`,
    `Požadavek č. ${older.id}: ${older.subject}`,
  ]);
  await a11y.check('remembered requests');
  await list.getByRole('link', { name: `Požadavek č. ${older.id}: ${older.subject}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: older.subject })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  await page.goBack();
  await page.getByRole('button', { name: `Zapomenout požadavek č. ${older.id}` }).click();
  await expect(page.getByText(`Požadavek č. ${older.id} byl z tohoto prohlížeče odebrán.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Požadavky uložené v tomto prohlížeči' })).toBeFocused();
  await expect(list.getByRole('link')).toHaveText([`Požadavek č. ${newer.id}: ${newer.subject}`]);
  // Forgotten: its page asks for the code again.
  await page.goto(`/verejna-podpora/${older.id}`);
  await expect(
    page.getByText(`Požadavek č. ${older.id} v tomto prohlížeči uložený není.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Číslo požadavku')).toHaveValue(String(older.id));
  await page.getByLabel('Přístupový kód').fill(older.access_code);
  await page.getByRole('button', { name: 'Otevřít požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: older.subject })).toBeVisible();
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const call of apiCalls) {
    expect(call.url).not.toContain('code=');
    expect([older.access_code, newer.access_code]).toContain(call.code);
  }
});

test('a wrong code looks exactly like a missing request', async ({ page, a11y }, testInfo) => {
  const request = await createThroughApi(page, `Tajný požadavek ${testInfo.project.name} ${Date.now()}`);
  const answers: { status: number; body: string }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/v1/public_support/')) {
      answers.push({ status: response.status(), body: await response.text() });
    }
  });
  await page.goto(`/verejna-podpora/${request.id}?code=spatny-kod`);
  await expect(page.getByRole('heading', { level: 1, name: 'Požadavek jsme nenašli' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND(request.id));
  await expect(page.getByText(/přístupový kód – má 20 znaků ve skupinách po čtyřech/)).toBeVisible();
  await expect(page).toHaveTitle(`Chyba: ${NOT_FOUND(request.id)} – Portál nájemníka`);
  await a11y.check('wrong code');

  await page.goto('/verejna-podpora/999999?code=spatny-kod');
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND(999999));
  await expect.poll(() => answers.length).toBe(2);
  expect(answers[0]).toEqual(answers[1]);
  expect(answers[0]?.status).toBe(404);

  // Nothing was remembered by the failed attempts.
  await page.goto('/verejna-podpora');
  await expect(page.getByText('V tomto prohlížeči zatím nemáte uložený žádný požadavek.')).toBeVisible();

  // The code is typed as people type it: small letters, spaces instead of dashes.
  expect(request.access_code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){4}$/);
  await page.getByLabel('Číslo požadavku').fill(String(request.id));
  await page.getByLabel('Přístupový kód').fill(request.access_code.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Otevřít požadavek' }).click();
  await expect(page).toHaveURL(new RegExp(`/verejna-podpora/${request.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Tajný požadavek/ })).toBeVisible();
});

test('the fault report shows an outage under way first, then reports with a photo @journey', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const quiet = (await portalAdmin(
    ...createBuildingArgs({ name: `Zkušební dům bez odstávky ${stamp}`, street: 'Tichá 1', city: 'Praha 2' }),
  )) as { id: number };
  const busy = (await portalAdmin(
    ...createBuildingArgs({ name: `Zkušební dům s odstávkou ${stamp}`, street: 'Hlučná 2', city: 'Praha 3' }),
  )) as { id: number };
  const outageTitle = `Odstávka vody ${stamp}`;
  await portalAdmin(
    'publish-maintenance',
    '--building',
    String(busy.id),
    '--title',
    outageTitle,
    '--description',
    'Výměna stoupačky, voda neteče v celé budově.',
    '--category',
    'water',
    '--starts',
    new Date(Date.now() - 3_600_000).toISOString(),
    '--ends',
    new Date(Date.now() + 3 * 3_600_000).toISOString(),
  );

  await page.goto('/');
  await mainMenu(page).getByRole('link', { name: 'Nahlásit poruchu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit poruchu' })).toBeVisible();
  const notice = page.getByTestId('ongoing-outages');
  await page.getByLabel('Budova').selectOption({ value: String(quiet.id) });
  await expect(page.getByLabel('Místo v budově')).toBeVisible();
  await expect(notice).toBeEmpty();
  await page.getByLabel('Budova').selectOption({ value: String(busy.id) });
  await expect(notice.getByText('Možná jde o plánovanou odstávku…')).toBeVisible();
  await expect(notice.getByText(outageTitle)).toBeVisible();
  await expect(
    notice.getByText('Pokud se váš problém týká některé z těchto odstávek, nemusíte jej hlásit', { exact: false }),
  ).toBeVisible();
  // The notice comes before the questions about the fault.
  const noticeBox = await notice.boundingBox();
  const placeBox = await page.getByLabel('Místo v budově').boundingBox();
  expect(noticeBox && placeBox && noticeBox.y < placeBox.y).toBe(true);
  await a11y.check('fault report with an outage under way');

  // Not about the outage: report it anyway, anonymously, with a photo.
  await page.getByLabel('Místo v budově').fill('3. patro, kuchyňka');
  await page.getByLabel('Co je porouchané').fill('Nesvítí světlo nad linkou.');
  await page.getByLabel(/^Fotografie/).setInputFiles({ name: 'kuchynka.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Nahlásit poruchu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Porucha byla nahlášena' })).toBeFocused();
  const { id } = await credentials(page);
  await a11y.check('fault reported');

  await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Porucha: Zkušební dům s odstávkou/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/verejna-podpora/${id}$`));
  const facts = page.getByRole('definition');
  await expect(facts.getByText('Hlášení poruchy')).toBeVisible();
  await expect(facts.getByText('3. patro, kuchyňka')).toBeVisible();
  await expect(facts.getByText('Bez kontaktu')).toBeVisible();
  await expect(page.getByTestId('public-request-messages')).toContainText('Nesvítí světlo nad linkou.');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stáhnout kuchynka.png' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('kuchynka.png');
  expect((await readFile(await file.path())).equals(PNG)).toBe(true);
});

test('the order form: clear errors, then an order the operator recognises @journey', async ({ page, a11y }) => {
  await page.goto('/');
  await mainMenu(page).getByRole('link', { name: 'Objednávka služeb' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Objednávka služeb' })).toBeVisible();
  await page.getByRole('button', { name: 'Odeslat objednávku' }).click();
  for (const error of ['Vyberte službu', 'Vyberte budovu', 'Zadejte své jméno', 'Zadejte e-mail nebo telefon']) {
    await expect(page.getByRole('link', { name: error })).toBeVisible();
  }
  await a11y.check('order with errors');

  await page.getByLabel('Služba').selectOption({ label: 'Jiná služba' });
  await page.getByLabel('Množství (ks)').fill('sto');
  await page.getByLabel('Budova').selectOption({ index: 1 });
  await page.getByLabel('Jméno a příjmení').fill('Petra Objednávající');
  await page.getByLabel(/^Telefon/).fill('777 123 456');
  await page.getByRole('button', { name: 'Odeslat objednávku' }).click();
  await expect(page.getByRole('link', { name: 'Zadejte množství jako celé číslo od 1 do 99' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Napište, jakou službu potřebujete' })).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel('Jméno a příjmení')).toHaveValue('Petra Objednávající');

  await page.getByLabel('Služba').selectOption({ label: 'Kopie klíče' });
  await page.getByLabel('Množství (ks)').fill('2');
  await page.getByLabel(/^Poznámka/).fill('Klíče od kanceláře 2.14.');
  await page.getByRole('button', { name: 'Odeslat objednávku' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Objednávka byla odeslána' })).toBeFocused();
  await credentials(page);

  await page.getByRole('link', { name: 'Otevřít požadavek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Objednávka: Kopie klíče, 2 ks' })).toBeVisible();
  await expect(page.getByRole('definition').getByText('Objednávka', { exact: true })).toBeVisible();
  const message = page.getByTestId('public-request-messages');
  await expect(message).toContainText('Služba: Kopie klíče');
  await expect(message).toContainText('Množství: 2 ks');
  await expect(message).toContainText('Poznámka: Klíče od kanceláře 2.14.');
});

/** The error summary (GOV.UK pattern) has the focus after a refused submit. */
async function expectErrorSummaryFocused(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Vyskytl se problém' }).locator('..')).toBeFocused();
}

test('by keyboard alone: a new request through the error summary, then a message on its page', async ({
  page,
  a11y,
}, testInfo) => {
  const subject = `Dotaz z klávesnice (${testInfo.project.name} ${Date.now()})`;
  await page.goto('/');
  await tabTo(page, mainMenu(page).getByRole('link', { name: 'Veřejná podpora' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Veřejná podpora');
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Nový požadavek' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, 'Nový požadavek');

  // Sent empty: the summary takes the focus; its first link leads to the first field at fault.
  await tabTo(page, page.getByRole('button', { name: 'Odeslat požadavek' }));
  await page.keyboard.press('Enter');
  await expectErrorSummaryFocused(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zadejte své jméno' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Jméno a příjmení')).toBeFocused();
  await a11y.check('new request, error summary followed by keyboard');

  await page.keyboard.type('Jan Klávesnice');
  await tabTo(page, page.getByRole('textbox', { name: 'Předmět' }));
  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Popis' })).toBeFocused();
  // Enter in a text area starts a new line; it does not send the form (docs/product.md §5).
  await page.keyboard.type('Dobrý den,');
  await page.keyboard.press('Enter');
  await page.keyboard.type('kde je kolárna?');
  await expect(page.getByRole('textbox', { name: 'Popis' })).toHaveValue('Dobrý den,\nkde je kolárna?');
  await tabTo(page, page.getByRole('button', { name: 'Odeslat požadavek' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Požadavek byl odeslán' })).toBeFocused();
  await credentials(page);

  await tabTo(page, page.getByRole('link', { name: 'Otevřít požadavek' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, subject);
  await tabTo(page, page.getByRole('textbox', { name: 'Vaše zpráva' }));
  await page.keyboard.type('Doplňuji: jde o kola dvou zaměstnanců.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Odeslat zprávu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Zpráva byla odeslána.')).toBeVisible();
  await expect(
    page.getByTestId('public-request-messages').getByText('Doplňuji: jde o kola dvou zaměstnanců.'),
  ).toBeVisible();
  await expectFocusVisible(page);
});

test('by keyboard alone: an order, and a fault report with a photo chosen in the file dialog', async ({ page }) => {
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Objednávka služeb' })).toBeVisible();
  await tabTo(page, page.getByLabel('Služba'));
  await page.keyboard.type('Kopie');
  await expect(page.getByLabel('Služba').locator('option:checked')).toHaveText('Kopie klíče');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Množství (ks)')).toBeFocused();
  await page.keyboard.type('2');
  await tabTo(page, page.getByLabel('Budova'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Budova')).not.toHaveValue('');
  await tabTo(page, page.getByLabel('Jméno a příjmení'));
  await page.keyboard.type('Petra Klávesová');
  await tabTo(page, page.getByLabel(/^Telefon/));
  await page.keyboard.type('777 123 456');
  await tabTo(page, page.getByRole('button', { name: 'Odeslat objednávku' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Objednávka byla odeslána' })).toBeFocused();
  await credentials(page);

  await page.goto('/hlaseni-poruch');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit poruchu' })).toBeVisible();
  await tabTo(page, page.getByLabel('Budova'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, page.getByLabel('Místo v budově'));
  await page.keyboard.type('chodba u výtahu');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Co je porouchané')).toBeFocused();
  await page.keyboard.type('Bliká zářivka.');
  // The file field opens the system's file dialog on Space, as a button does.
  await tabTo(page, page.getByLabel(/^Fotografie/));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'zarivka.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel(/^Fotografie/)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Nahlásit poruchu' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Porucha byla nahlášena' })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Otevřít požadavek' }));
  await page.keyboard.press('Enter');
  await expectOnPage(page, /^Porucha: /);
  await tabTo(page, page.getByRole('button', { name: 'Stáhnout zarivka.png' }));
});

test.describe('public support switched off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test('no menu entries, the routes go home and the API answers 404', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
    for (const name of ['Veřejná podpora', 'Nahlásit poruchu', 'Objednávka služeb']) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    }
    for (const path of [
      '/verejna-podpora',
      '/verejna-podpora/novy',
      '/verejna-podpora/1',
      '/hlaseni-poruch',
      '/order',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/');
    }
    const create = await page.request.post('/api/v1/public_support/', {
      headers: CSRF,
      data: { name: 'Eva', subject: 'Dotaz', message: 'Text' },
    });
    expect(create.status()).toBe(404);
    expect(await create.json()).toMatchObject({ code: 'not_found' });
    const read = await page.request.get('/api/v1/public_support/1/', {
      headers: { ...CSRF, 'X-Access-Code': 'demo-pristupovy-kod-2026' },
    });
    expect(read.status()).toBe(404);
  });
});
