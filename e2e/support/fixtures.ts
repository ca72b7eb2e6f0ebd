import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type Cookie, expect, type Page } from '@playwright/test';
import { passSecondFactor } from './second-factor.js';
import { CZECH_CONTEXT } from './browser.js';
import { bffUrl, E2E_BFF_PORT, E2E_DATA_DIR_ENV } from './stack.js';

/** Who logs in; a staff member also has the TOTP secret of their second factor (ADR 012). */
export interface LoginUser {
  email: string;
  password: string;
  totpSecret?: string;
}

/** Demo accounts seeded by apps/api on its first start (apps/api/src/demo/demo-data.ts). */
export const TWO_TENANT_USER = {
  email: 'jana.novakova@example.cz',
  password: 'Heslo123!',
  firstName: 'Jana',
  /** The home page's heading: the first name in the vocative. */
  greeting: 'Dobrý den, Jano',
  displayName: 'Jana Nováková',
  // As GET /tenant_access/ lists them (by name, Czech collation).
  tenants: ['Beta Solutions a.s.', 'Kancelářský dům Florenc – Alfa s.r.o.'],
};
/**
 * The demo staff's second factor (apps/api demo data, README): every staff login passes the
 * code step with the current code of this secret.
 */
export const DEMO_STAFF_TOTP_SECRET = 'PORTALDEMOSTAFF2';

export const ONE_TENANT_USER = {
  email: 'petr.svoboda@example.cz',
  password: 'Heslo123!',
  firstName: 'Petr',
  greeting: 'Dobrý den, Petře',
  displayName: 'Petr Svoboda',
  tenant: 'Beta Solutions a.s.',
};

/** This run's data folder (playwright.config.ts creates it and passes it to the workers). */
function dataDir(): string {
  const folder = process.env[E2E_DATA_DIR_ENV];
  if (!folder) throw new Error(`${E2E_DATA_DIR_ENV} is not set; run through playwright.config.ts`);
  return folder;
}

/** Where apps/api writes its mails in this run (playwright.config.ts sets DATA_DIR). */
export function outboxDir(): string {
  return join(dataDir(), 'api', 'outbox');
}

export async function logIn(page: Page, user: LoginUser): Promise<void> {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Heslo', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  if (user.totpSecret !== undefined) await passSecondFactor(page, user.totpSecret);
}

/** Opens the login page of the BFF under `origin` (default: baseURL) and logs in. */
export async function goAndLogIn(page: Page, user: LoginUser, path = '/prihlaseni') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  await logIn(page, user);
}

/** The main menu under the header (the home page repeats its entries as cards). */
export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Hlavní nabídka' });
}

const JWT_PATTERN = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

/** Responses a test fabricates with `page.route` carry this header; the 5xx check skips them. */
export const STUB_HEADER = 'x-e2e-stub';

/**
 * axe rules by tag: WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices (landmarks, heading
 * order, every piece of content in a region, one h1), which back WCAG 1.3.1, 2.4.1 and 2.4.6.
 * Selecting by tag also runs `target-size` (2.5.8, AA), which axe leaves off by default.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * A staff member's session, logged in once per parallel worker slot (password and code step)
 * and handed to each test that only needs to be signed in as them. The server takes each
 * 30-second code once per user, so every further login of the same member within the period
 * waited for the next code, up to half a minute; the login itself stays covered by the
 * journeys that do it (second-factor.spec.ts, staff-incidents.spec.ts).
 */
export interface StaffSessions {
  /** Signs `page` in as `user` and opens the staff overview. */
  enter: (page: Page, user: LoginUser) => Promise<void>;
}

export interface A11y {
  /** Runs axe on the page as it is now; a violation of any impact (minor to critical) fails the test. */
  check: (state: string) => Promise<void>;
}

/**
 * - `seenByBrowser` (automatic): no API answer may be a 5xx (except stubs) or carry a token.
 * - `a11y`: axe-core on each page state a test reaches – explicitly through `a11y.check()` at
 *   intermediate states, and automatically on the state the test ends in.
 */
export const test = base.extend<
  { seenByBrowser: { bodies: string[]; statuses: number[] }; a11y: A11y },
  { staffSessions: StaffSessions }
>({
  staffSessions: [
    async ({ browser }, use, workerInfo) => {
      // Kept for the run per parallel slot, so the workers of later projects reuse them; two
      // workers of one slot never run at once, so no session is used by two tests at a time.
      const folder = join(dataDir(), 'staff-sessions');
      await mkdir(folder, { recursive: true });
      await use({
        async enter(page, user) {
          const file = join(folder, `${workerInfo.parallelIndex}-${user.email}.json`);
          let cookies = await readFile(file, 'utf8').then(
            (text) => JSON.parse(text) as Cookie[],
            () => undefined,
          );
          if (cookies === undefined) {
            const context = await browser.newContext({ ...CZECH_CONTEXT, baseURL: bffUrl(E2E_BFF_PORT) });
            try {
              const login = await context.newPage();
              await goAndLogIn(login, user);
              await expect(login.getByRole('heading', { level: 1, name: 'Správa budov' })).toBeVisible();
              cookies = await context.cookies();
              await writeFile(file, JSON.stringify(cookies));
            } finally {
              await context.close();
            }
          }
          await page.context().addCookies(cookies);
          await page.goto('/sprava');
          await expect(page.getByRole('heading', { level: 1, name: 'Správa budov' })).toBeVisible();
        },
      });
    },
    { scope: 'worker' },
  ],
  seenByBrowser: [
    async ({ page }, use) => {
      const seen = { bodies: [] as string[], statuses: [] as number[] };
      const reads: Promise<void>[] = [];
      page.on('response', (response) => {
        if (!new URL(response.url()).pathname.startsWith('/api/')) return;
        if (response.headers()[STUB_HEADER]) return;
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
      expect(
        seen.statuses.filter((status) => status >= 500),
        'API answers with a 5xx',
      ).toEqual([]);
      for (const body of seen.bodies) expect(body).not.toMatch(JWT_PATTERN);
    },
    { auto: true },
  ],
  a11y: [
    async ({ page }, use, testInfo) => {
      const checked: string[] = [];
      const check = async (state: string) => {
        // Data that renders after hydration (a busy placeholder until then) is part of the state.
        await page
          .locator('main [aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
        // Let entry animations (toasts, menus) settle so colours are measured at rest.
        await page
          .waitForFunction(
            () => document.getAnimations().every((animation) => animation.playState !== 'running'),
            null,
            {
              timeout: 2_000,
            },
          )
          .catch(() => undefined);
        // On a phone nothing may need sideways scrolling (WCAG 1.4.10 Reflow at 320–360 px). A
        // mobile browser zooms out to fit wide content, which widens `innerWidth` with it, so both
        // are compared with the configured viewport.
        const viewport = page.viewportSize();
        if (viewport && viewport.width <= 400) {
          const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
          expect(width - viewport.width, `horizontal overflow in state „${state}"`).toBeLessThanOrEqual(0);
        }
        // Legacy mode runs axe in the page itself. The default mode collects partial results per
        // frame and then opens a blank page in the context to combine them, which took half of
        // the route matrix's time; the portal has no frames, so both modes see the same document.
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
        // Every impact counts: axe's „minor" and „moderate" are still WCAG failures.
        const { violations } = results;
        // Needs review: what axe could not decide (e.g. contrast of text over an image) is listed.
        const undecided =
          results.incomplete
            .map((result) => `${result.id} [${result.nodes.map((node) => node.target.join(' ')).join('; ')}]`)
            .join(', ') || 'none';
        checked.push(`${state} (${page.url()}): ${violations.length} violations; undecided: ${undecided}`);
        expect(
          violations.map((violation) => ({
            rule: violation.id,
            impact: violation.impact,
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(' ')),
            why: violation.nodes[0]?.failureSummary,
          })),
          `axe: violations in state „${state}"`,
        ).toEqual([]);
      };
      await use({ check });
      if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url().startsWith('http')) {
        await check('final state');
      }
      await testInfo.attach('axe', { body: checked.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { JWT_PATTERN };

export { expect };
