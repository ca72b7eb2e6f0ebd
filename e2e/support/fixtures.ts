import { test as base, expect, type Page } from '@playwright/test';

/** Demo accounts seeded by apps/api on its first start (apps/api/src/db/demo-data.ts). */
export const TWO_TENANT_USER = { email: 'jana.novakova@example.cz', password: 'Heslo123!', firstName: 'Jana' };
export const ONE_TENANT_USER = { email: 'petr.svoboda@example.cz', password: 'Heslo123!', firstName: 'Petr' };

export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

/**
 * Records every response body and every cookie the browser can read, so a test can assert that
 * no token ever reached the browser.
 */
export const test = base.extend<{ seenByBrowser: { bodies: string[] } }>({
  seenByBrowser: async ({ page }, use) => {
    const seen = { bodies: [] as string[] };
    page.on('response', async (response) => {
      if (!response.url().includes('/api/')) return;
      try {
        seen.bodies.push(await response.text());
      } catch {
        // redirects and aborted requests have no body
      }
    });
    await use(seen);
  },
});

export { expect };
