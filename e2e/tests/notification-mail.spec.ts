import { readOutbox, type OutboxMail } from '@portal/api/testing/outbox';
import { expect, goAndLogIn, outboxDir, test } from '../support/fixtures.js';
import { DEMO_STAFF, portalAdmin, setUpTenant } from '../support/operator.js';

// Issue 18 (the mail's part): the staff resolve a tenant's incident, the tenant's mail arrives,
// its link opens the incident to confirm, and its unsubscribe link switches that kind of mail
// off – which the tenant's profile then shows. A fresh tenant user, so no demo account changes.

const RESOLVED_MAIL = 'ticket-resolved';

/** The newest mail of a type to an address, or null while none has arrived. */
async function newestMail(to: string, type: string): Promise<OutboxMail | null> {
  const mails = (await readOutbox(outboxDir())).filter((mail) => mail.to === to && mail.type === type);
  return mails.at(-1) ?? null;
}

/** The first address in a mail's text that matches `pattern`. */
function linkIn(mail: OutboxMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text)?.[0];
  if (found === undefined) throw new Error(`no ${pattern} in mail ${mail.file}`);
  return found;
}

test('the resolved-incident mail leads to the incident to confirm, and its unsubscribe link switches that mail off @journey', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `posta.${stamp}@example.cz`, password: 'Silne-Heslo-2026' };
  const subject = `Nejde zavřít okno v kanceláři (${stamp})`;
  const { buildingId } = await setUpTenant(portalAdmin, {
    tenantName: `Pošta ${stamp} s.r.o.`,
    user: { ...user, firstName: 'Pavla', lastName: 'Poštová' },
    buildingName: `Dům ${stamp}`,
  });

  // The tenant reports an incident.
  await goAndLogIn(page, user, '/prihlaseni?redirect=%2Fhlaseni-incidentu%2Fnovy');
  await expect(page.getByRole('heading', { level: 1, name: 'Nahlásit incident' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Budova').selectOption({ value: String(buildingId) });
  await page.getByRole('textbox', { name: 'Předmět' }).fill(subject);
  await page.getByRole('textbox', { name: 'Popis' }).fill('Klika okna se protáčí a okno nejde zavřít.');
  await page.getByRole('button', { name: 'Odeslat hlášení' }).click();
  await expect(page).toHaveURL(/\/hlaseni-incidentu\/\d+$/);
  const ticketId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  // The staff resolve it; the tenant is told by mail.
  await portalAdmin(
    'ticket-status',
    '--ticket',
    ticketId,
    '--status',
    'resolved',
    '--staff',
    DEMO_STAFF,
    '--resolution',
    'Vyměnili jsme kliku.',
  );
  await expect.poll(async () => newestMail(user.email, RESOLVED_MAIL), { timeout: 30_000 }).not.toBeNull();
  const mail = (await newestMail(user.email, RESOLVED_MAIL)) as OutboxMail;
  expect(mail.subject).toContain(`Incident č. ${ticketId} je vyřešen`);
  const ticketLink = linkIn(mail, new RegExp(`https?://\\S+/hlaseni-incidentu/${ticketId}(?=\\s|$)`));
  const unsubscribeLink = linkIn(mail, /https?:\/\/\S+\/odhlasit-odber\?token=\S+/);
  // The same address a mail client's one-click unsubscribe posts to (RFC 8058).
  expect(mail.headers.get('list-unsubscribe')).toContain(`<${unsubscribeLink}>`);

  // The mail's link opens the incident, which asks for the confirmation.
  await page.goto(ticketLink);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await page.getByRole('button', { name: 'Ano, závada je odstraněna' }).click();
  await expect(page.getByText('Děkujeme, incident je uzavřen.')).toBeVisible();

  // The unsubscribe link shows what it is for; only the button switches it off.
  await page.goto(unsubscribeLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Odhlášení odběru e-mailů' })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-kind')).toHaveText('Odpovědi a změny stavu mých incidentů');
  await a11y.check('unsubscribe page');
  await page.getByRole('button', { name: 'Odhlásit odběr' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Odběr je odhlášen' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    'Už vám nebudeme posílat upozornění „Odpovědi a změny stavu mých incidentů“',
  );
  await a11y.check('unsubscribed');

  // The profile shows that kind switched off, the others still on.
  await page.getByRole('link', { name: 'Nastavit upozornění v profilu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'E-mailová upozornění' });
  await expect(settings.getByRole('checkbox', { name: 'Odpovědi a změny stavu mých incidentů' })).not.toBeChecked();
  await expect(settings.getByRole('checkbox', { name: 'Návštěvy technika' })).toBeChecked();
});
