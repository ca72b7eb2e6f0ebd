import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, goAndLogIn, test } from '../support/fixtures.js';
import { portalAdmin, setUpTenant } from '../support/operator.js';

// Tenant-experience issue, the incident list: the number and the last change of each incident,
// full-text search, ordering, filters in the URL (back, forward and reload keep them).

async function report(page: Page, building: number, subject: string, priority: string) {
  const response = await page.request.post('/api/v1/support_tickets/', {
    headers: { 'x-csrf': '1', 'idempotency-key': randomUUID() },
    data: { subject, building, priority, description: `${subject} – popis.` },
  });
  expect(response.status()).toBe(201);
}

test('search, ordering and filters live in the URL and survive reload and back @journey', async ({
  page,
  a11y,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `lida.${stamp}@example.cz`, password: 'Silne-Heslo-2026' };
  const { buildingId } = await setUpTenant(portalAdmin, {
    tenantName: `Sigma ${stamp} s.r.o.`,
    user: { ...user, firstName: 'Lída', lastName: 'Krátká' },
    buildingName: `Dům Sigma ${stamp}`,
  });
  await goAndLogIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: /Dobrý den/ })).toBeVisible();
  await report(page, Number(buildingId), 'Kape voda v kuchyňce', 'high');
  await report(page, Number(buildingId), 'Nesvítí světlo na chodbě', 'low');
  await report(page, Number(buildingId), 'Nejde zamknout dveře', 'standard');

  await page.goto('/hlaseni-incidentu');
  await expect(page.getByRole('status').filter({ hasText: 'Celkem 3 incidenty' })).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items.first()).toContainText(/č\.\s\d+/);
  await expect(items.first()).toContainText('Poslední změna');
  await a11y.check('incident list');

  // The search applies after a pause in typing.
  const search = page.getByRole('searchbox', { name: 'Hledat' });
  await search.fill('voda');
  await expect(page).toHaveURL(/\?hledat=voda$/);
  await expect(page.getByRole('status').filter({ hasText: 'Celkem 1 incident' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kape voda v kuchyňce' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nesvítí světlo na chodbě' })).toHaveCount(0);

  await page.getByLabel('Řadit').selectOption({ label: 'Od nejvyšší priority' });
  await expect(page).toHaveURL(/\?hledat=voda&razeni=-priority$/);

  // Reload keeps both.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Hledat' })).toHaveValue('voda');
  await expect(page.getByLabel('Řadit')).toHaveValue('-priority');
  await expect(page.getByRole('status').filter({ hasText: 'Celkem 1 incident' })).toBeVisible();

  // Without the search, the ordering by priority: high, standard, low.
  await page.getByRole('searchbox', { name: 'Hledat' }).fill('');
  await expect(page).toHaveURL(/\?razeni=-priority$/);
  await expect(page.getByRole('status').filter({ hasText: 'Celkem 3 incidenty' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').getByRole('link')).toHaveText([
    'Kape voda v kuchyňce',
    'Nejde zamknout dveře',
    'Nesvítí světlo na chodbě',
  ]);

  // A status filter, then back: the previous view, its search text back in the box.
  await page.getByLabel('Stav').selectOption({ label: 'Otevřeno' });
  await expect(page).toHaveURL(/\?stav=open&razeni=-priority$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?razeni=-priority$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?hledat=voda&razeni=-priority$/);
  await expect(page.getByRole('searchbox', { name: 'Hledat' })).toHaveValue('voda');
  await expect(page.getByRole('status').filter({ hasText: 'Celkem 1 incident' })).toBeVisible();
  await a11y.check('incident list searched and sorted');
});
