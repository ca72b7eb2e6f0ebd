import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, goAndLogIn, logIn, ONE_TENANT_USER, test } from '../support/fixtures.js';

// Public first pages are prerendered at build time (apps/web/src/prerender/pages.ts) and
// hydrated; the BFF serves them to visitors without a session (apps/bff/src/routes/spa).

/** `afterHydration`: what the page shows from API data, rendered only once it has hydrated. */
const PRERENDERED: { path: string; heading: string; afterHydration?: (page: Page) => ReturnType<Page['getByRole']> }[] =
  [
    { path: '/', heading: 'Portál nájemníka' },
    { path: '/prihlaseni', heading: 'Přihlášení' },
    { path: '/verejna-podpora', heading: 'Veřejná podpora' },
    {
      path: '/planovane-vypadky',
      heading: 'Plánované odstávky',
      afterHydration: (page) => page.getByRole('combobox', { name: 'Budova' }),
    },
    {
      path: '/zasedacky',
      heading: 'Rezervace zasedaček',
      afterHydration: (page) => page.getByRole('link', { name: /Velká zasedačka/ }),
    },
  ];
const HOME_HEADING = { level: 1, name: ONE_TENANT_USER.greeting } as const;

/**
 * Console errors and warnings of the page (the anonymous session check answers 200 "no
 * session", so a guest's page logs none), and whether React replaced the prerendered markup
 * instead of hydrating it.
 */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const flags = window as unknown as { prerenderedReplaced: boolean };
    flags.prerenderedReplaced = false;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.id === 'root' && target.hasAttribute('data-prerendered') && record.removedNodes.length > 0) {
          flags.prerenderedReplaced = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    problems,
    replaced: () => page.evaluate(() => (window as unknown as { prerenderedReplaced: boolean }).prerenderedReplaced),
  };
}

/** Every document the page requests, as `METHOD /path?query`: a native form submit adds one. */
function documentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'document') return;
    const url = new URL(request.url());
    documents.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return documents;
}

/**
 * The elements that layout shifts moved (`tag#id`), recorded from the first paint on: the page's
 * content must not jump when what renders after hydration replaces its placeholder.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        for (const source of entry.sources) {
          const node = source.node;
          if (node instanceof Element) moved.push(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
}

const appStarted = (page: Page) => page.locator('html[data-app-started]').waitFor({ state: 'attached' });

/** The page as an anonymous visitor gets it (no cookies), with its headers. */
async function anonymousDocument(baseURL: string, path: string) {
  const anonymous = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await anonymous.get(path, { headers: { accept: 'text/html' } });
    return { body: await response.text(), headers: response.headers() };
  } finally {
    await anonymous.dispose();
  }
}

for (const { path, heading, afterHydration } of PRERENDERED) {
  test(`${path} arrives prerendered and hydrates without errors or hydration warnings @journey`, async ({
    page,
    baseURL,
  }) => {
    const { body, headers } = await anonymousDocument(baseURL ?? '', path);
    expect(body).toContain('data-prerendered');
    expect(body).toContain(`>${heading}</h1>`);
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);

    const watched = await watch(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await appStarted(page);
    // Let the time-sliced hydration of the routed content finish.
    await page.waitForLoadState('networkidle');
    expect(await watched.replaced(), 'React replaced the prerendered markup').toBe(false);
    if (afterHydration) {
      // The placeholder the page was prerendered with gives way to the API's data.
      await expect(afterHydration(page).first()).toBeVisible();
      await expect(page.getByTestId('after-hydration')).toHaveCount(0);
    }
    expect(watched.problems).toEqual([]);
  });
}

test("the incident list arrives as the tenant area's prerendered shell, nothing personal in it, and hydrates @journey", async ({
  page,
}) => {
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();

  const watched = await watch(page);
  const layoutShifts = await watchLayoutShifts(page);
  const response = await page.goto('/hlaseni-incidentu');
  const body = (await response?.text()) ?? '';
  expect(body).toContain('data-prerendered');
  expect(body).toContain('>Hlášení incidentů</h1>');
  // Served to every logged-in user: names and the tenant come from the API, in the browser.
  expect(body).not.toContain(ONE_TENANT_USER.displayName);
  expect(body).not.toContain(ONE_TENANT_USER.tenant);
  await expect(page.getByRole('heading', { level: 1, name: 'Hlášení incidentů' })).toBeVisible();
  await appStarted(page);
  await page.waitForLoadState('networkidle');
  expect(await watched.replaced(), 'React replaced the prerendered markup').toBe(false);
  await expect(page.getByRole('button', { name: ONE_TENANT_USER.displayName })).toBeVisible();
  await expect(page.getByTestId('after-hydration')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Vaše incidenty' })).toBeVisible();
  // The account controls took their placeholder's place without growing the header (only their
  // own nav may move sideways: the user's name is wider than the placeholder).
  expect(await layoutShifts(), 'elements moved by layout shifts').not.toContain('main#obsah');
  expect(watched.problems).toEqual([]);
});

test('a login submitted before the app has started is sent once it has, never natively', async ({ page }) => {
  // Hold the entry chunk so the visitor is quicker than the boot.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const documents = documentRequests(page);
  await page.goto('/prihlaseni', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  expect(await page.locator('html[data-app-started]').count()).toBe(0);
  await logIn(page, ONE_TENANT_USER);
  // The held entry chunk, the boot and the login all come before the home page: more than the
  // default 10 s when the machine is busy.
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible({ timeout: 30_000 });
  expect(documents).toEqual(['GET /prihlaseni']);
});

test('a login submitted while the page hydrates is handled by the app, never natively', async ({ page }) => {
  // Hold the login route's own chunk: the entry starts, but the routed content (the form) is
  // hydrated only later, so a submit lands in the window between the two.
  await page.route(/\/assets\/login-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const documents = documentRequests(page);
  await page.goto('/prihlaseni', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení' })).toBeVisible();
  await logIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible({ timeout: 30_000 });
  expect(documents).toEqual(['GET /prihlaseni']);
});

test('a logged-in visitor opening /prihlaseni goes home, even if handed the prerendered page', async ({
  page,
  baseURL,
}) => {
  await goAndLogIn(page, ONE_TENANT_USER);
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();

  // The BFF sends a visitor with a session the client-rendered shell…
  await page.goto('/prihlaseni');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();

  // …and a prerendered page that reaches one anyway (a cache, another server) is not hydrated
  // as a guest's: the app renders the right page instead, without hydration errors.
  const { body, headers } = await anonymousDocument(baseURL ?? '', '/prihlaseni');
  expect(body).toContain('data-prerendered');
  await page.route('**/prihlaseni', (route) =>
    route.fulfill({
      status: 200,
      body,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': headers['content-security-policy'] ?? '',
      },
    }),
  );
  const watched = await watch(page);
  await page.goto('/prihlaseni');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
  await appStarted(page);
  expect(watched.problems).toEqual([]);
});
