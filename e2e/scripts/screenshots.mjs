// The visual check of the tenant's side (not a test, not in CI): full-page screenshots of home,
// the incident list and a statement at 390 px (a phone) and 1366 px (a laptop), logged in as
// Jana Nováková on the demo data, and that statement's PDF.
//
//   node scripts/start-embedded.mjs                    # the demo, in another terminal
//   pnpm --filter @portal/e2e screenshots -- /tmp/shots  # then: pdftoppm -png /tmp/shots/statement.pdf …
//
// PORTAL_URL (default http://localhost:3000) points it at another portal with the demo data.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';
const out = process.argv.slice(2).find((argument) => argument !== '--') ?? 'screenshots';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, locale: 'cs-CZ', timezoneId: 'Europe/Prague' });
    const page = await context.newPage();
    const shoot = async (name) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(out, `${name}-${viewport.width}.png`), fullPage: true });
    };

    await page.goto(`${portal}/prihlaseni`);
    await page.getByLabel('E-mail').fill('jana.novakova@example.cz');
    await page.getByLabel('Heslo', { exact: true }).fill('Heslo123!');
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page
      .getByRole('main')
      .getByRole('button', { name: /Alfa s\.r\.o\./ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Dobrý den, Jano' }).waitFor();
    await shoot('home');

    await page.goto(`${portal}/hlaseni-incidentu`);
    await page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' }).waitFor();
    await shoot('incidents');

    // The second statement of the list: the overdue one, with the payment details and QR code.
    await page.goto(`${portal}/vyuctovani`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Vyúčtování za/ })
      .nth(1)
      .click();
    await page.waitForURL(/\/vyuctovani\?id=\d+/);
    await shoot('statement');

    if (viewport === VIEWPORTS[0]) {
      const id = new URL(page.url()).searchParams.get('id');
      const pdf = await page.request.get(`${portal}/api/v1/billing_statements/${id}/pdf/`, {
        headers: { 'X-CSRF': '1' },
      });
      if (!pdf.ok()) throw new Error(`the statement's PDF answered ${pdf.status()}: ${await pdf.text()}`);
      writeFileSync(join(out, 'statement.pdf'), await pdf.body());
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`Screenshots and statement.pdf in ${out}`);
