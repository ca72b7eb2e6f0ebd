import { test as base, expect, type Page } from '@playwright/test';

/** Demo accounts seeded by apps/api on its first start (apps/api/src/db/demo-data.ts). */
export const TWO_TENANT_USER = { email: 'jana.novakova@example.cz', password: 'Heslo123!', firstName: 'Jana' };
export const ONE_TENANT_USER = { email: 'petr.svoboda@example.cz', password: 'Heslo123!', firstName: 'Petr' };

export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
}

const JWT_PATTERN = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

/**
 * Watches every API answer of every test: none may be a 5xx, and none may carry a token
 * (tokens stay on the server). Tests can read what was seen for their own assertions.
 */
export const test = base.extend<{ seenByBrowser: { bodies: string[]; statuses: number[] } }>({
  seenByBrowser: [
    async ({ page }, use) => {
      const seen = { bodies: [] as string[], statuses: [] as number[] };
      const reads: Promise<void>[] = [];
      page.on('response', (response) => {
        if (!new URL(response.url()).pathname.startsWith('/api/')) return;
        seen.statuses.push(response.status());
        reads.push(
          response.text().then(
            (body) => void seen.bodies.push(body),
            () => undefined, // redirects and aborted requests have no body
          ),
        );
      });
      await use(seen);
      await Promise.all(reads);
      expect(seen.statuses.filter((status) => status >= 500), 'API answers with a 5xx').toEqual([]);
      for (const body of seen.bodies) expect(body).not.toMatch(JWT_PATTERN);
    },
    { auto: true },
  ],
});

export { JWT_PATTERN };

export { expect };
