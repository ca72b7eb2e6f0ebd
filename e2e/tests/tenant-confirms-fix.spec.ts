import type { Page } from '@playwright/test';
import { DEMO_STAFF_TOTP_SECRET, expect, goAndLogIn, mainMenu, ONE_TENANT_USER, test } from '../support/fixtures.js';
import { DEMO_STAFF, portalAdmin } from '../support/operator.js';

// Issue 18 (the tenant's part): a resolved incident asks the tenant whether the fault is gone –
// confirmed and rated, the staff see the rating; reopened with a reason, the staff see it open
// with the reason. The list marks incidents with news until they are opened, the menu counts
// them, and the new-incident form mentions a planned outage starting soon in the building.

const STAFF_USER = { email: DEMO_STAFF, password: 'Heslo123!', totpSecret: DEMO_STAFF_TOTP_SECRET };

/** Fills and sends the new-incident form (the building already chosen); answers the new id. */
async function sendIncident(page: Page, subject: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByRole('textbox', { name: 'Popis' }).fill('Ve sklepě u výtahu teče voda z potrubí.');
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page.getByText('Incident byl úspěšně vytvořen.')).toBeVisible();
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/\d+$/);
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/** The list item of an incident on the first page of the tenant's list. */
const listItem = (page: Page, subject: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: subject, exact: true }) });

test('the tenant is warned of an outage ahead, sees news marks, confirms and rates one fix and reopens another; the staff see both @journey', async ({
  page,
  staffSessions,
  a11y,
}, testInfo) => {
  test.setTimeout(300_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const fixed = `Nesvítí světlo na chodbě (${stamp})`;
  const notFixed = `Kape kohoutek v kuchyňce (${stamp})`;
  const outageTitle = `Odstávka elektřiny ${stamp}`;
  const reason = `Kohoutek pořád kape, hlavně ráno (${stamp}).`;
  const ratingComment = `Rychlé a čisté (${stamp}).`;

  // An outage starting in three hours in the tenant's first building.
  await goAndLogIn(page, ONE_TENANT_USER, '/prihlaseni?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible({ timeout: 30_000 });
  const buildingId = (await page.getByLabel('Budova').locator('option').nth(1).getAttribute('value')) ?? '';
  await portalAdmin(
    'publish-maintenance',
    '--building',
    buildingId,
    '--title',
    outageTitle,
    '--description',
    'Revize rozvaděče, elektřina bude vypnuta v celé budově.',
    '--category',
    'electricity',
    '--starts',
    new Date(Date.now() + 3 * 3_600_000).toISOString(),
    '--ends',
    new Date(Date.now() + 5 * 3_600_000).toISOString(),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible();
  const notice = page.getByTestId('ongoing-outages');
  await expect(notice).toBeEmpty();
  await page.getByLabel('Budova').selectOption({ value: buildingId });
  await expect(notice.getByText('Možná jde o plánovanou odstávku…')).toBeVisible();
  await expect(notice.getByText(outageTitle)).toBeVisible();
  // The other viewport's run may have announced one in the same building: look at ours.
  const ours = notice.getByRole('listitem').filter({ hasText: outageTitle });
  await expect(ours.getByText(/^Plánováno: \d{1,2}\.\s\d{1,2}\.\s\d{4}/)).toBeVisible();
  await a11y.check('new incident with an outage ahead');
  // The tenant may still report.
  const fixedId = await sendIncident(page, fixed);

  await page.goto('/hlaseni-incidentu/novy');
  await page.getByLabel('Budova').selectOption({ value: buildingId });
  const notFixedId = await sendIncident(page, notFixed);

  // The operator answers the first and resolves both.
  await portalAdmin('ticket-answer', '--ticket', fixedId, '--staff', DEMO_STAFF, '--body', 'Vyměnili jsme jistič.');
  for (const id of [fixedId, notFixedId]) {
    await portalAdmin(
      'ticket-status',
      '--ticket',
      id,
      '--status',
      'resolved',
      '--staff',
      DEMO_STAFF,
      '--resolution',
      'Opraveno.',
    );
  }

  // News marks on both, counted by the menu entry.
  await page.goto('/hlaseni-incidentu');
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
  await expect(listItem(page, fixed).getByTestId('incident-news')).toHaveText('Novinka');
  await expect(listItem(page, notFixed).getByTestId('incident-news')).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: /^Hlášení incidentů, \d+ s novinka(mi)?$/ })).toBeVisible();
  await a11y.check('incident list with news marks');

  // Opening the first clears its mark; it asks whether the fault is gone.
  await page.getByRole('link', { name: fixed, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Je závada odstraněna?' })).toBeVisible();
  await a11y.check('resolved incident asking whether the fault is gone');
  await page.goBack();
  await expect(listItem(page, fixed)).toBeVisible();
  await expect(listItem(page, fixed).getByTestId('incident-news')).toHaveCount(0);
  await expect(listItem(page, notFixed).getByTestId('incident-news')).toBeVisible();

  // Confirm and rate.
  await page.getByRole('link', { name: fixed, exact: true }).click();
  await page.getByRole('button', { name: 'Ano, závada je odstraněna' }).click();
  await expect(page.getByText('Děkujeme, incident je uzavřen.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ohodnoťte řešení' })).toBeVisible();
  await page.getByRole('radio', { name: 'Ano' }).check();
  await page.getByLabel('Komentář (nepovinné)').fill(ratingComment);
  await a11y.check('rating form');
  await page.getByRole('button', { name: 'Odeslat hodnocení' }).click();
  await expect(page.getByText('S řešením jste byli spokojeni.')).toBeVisible();
  await expect(page.getByTestId('incident-rating')).toContainText(ratingComment);

  // Reopen the second with the reason.
  await page.goto(`/hlaseni-incidentu/${notFixedId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Je závada odstraněna?' })).toBeVisible();
  await page.getByLabel('Co stále nefunguje?').fill(reason);
  await page.getByRole('button', { name: 'Znovu otevřít incident' }).click();
  await expect(page.getByText('Incident je znovu otevřen.')).toBeVisible();
  await expect(page.getByTestId('incident-timeline')).toContainText('Změna stavu: Vyřešeno → Otevřeno');
  await expect(page.getByTestId('incident-timeline')).toContainText(reason);
  await expect(page.getByRole('heading', { level: 2, name: 'Je závada odstraněna?' })).toHaveCount(0);

  // The staff see the rating, and the reopened incident open with the reason.
  await page.context().clearCookies();
  await staffSessions.enter(page, STAFF_USER);
  await page.goto(`/sprava/incidenty/${fixedId}`);
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
  const rating = page.getByTestId('staff-ticket-rating');
  await expect(rating.getByRole('heading', { level: 2, name: 'Hodnocení nájemce' })).toBeVisible();
  await expect(rating).toContainText('Spokojen');
  await expect(rating).toContainText(ratingComment);
  await a11y.check('staff detail with the tenant’s rating');
  await page.goto(`/sprava/incidenty/${notFixedId}`);
  await expect(page.getByRole('heading', { level: 1, name: notFixed })).toBeVisible();
  await expect(page.getByRole('definition').getByText('Otevřeno', { exact: true })).toBeVisible();
  await expect(page.getByTestId('staff-timeline')).toContainText(reason);
});
