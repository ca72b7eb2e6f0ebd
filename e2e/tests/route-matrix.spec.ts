import type { Page } from '@playwright/test';
import { DEMO_PUBLIC_SUPPORT_CODE } from '@portal/api/demo-data';
import { type A11y, expect, goAndLogIn, ONE_TENANT_USER, test, TWO_TENANT_USER } from '../support/fixtures.js';
import { bffUrl, E2E_BFF_FLAGS_OFF_PORT, E2E_BFF_HIDE_TENANT_PORT, E2E_BFF_PORT } from '../support/stack.js';

// Issue 9: every route of the route table (docs/product.md §2) as every kind of user, on the real stack – where
// the browser ends up (path and query) and what it shows (the h1), with axe on every state.
//
// The outcomes follow the navigation rules of §2 in their order: 1. route validation (404),
// 2. authentication (guest-only pages send a user home, login pages send a guest to
// /prihlaseni?redirect=…), 3. feature flag (a hidden feature goes home), 4. tenant (no tenant
// chosen: /tenant?redirect=…; /tenant and /profil opt out; with hideTenantLogin on every login
// page goes home instead – for a logged-in user: a guest meets rule 2 first and is sent to the
// login). /hlaseni-poruch and /order belong to publicSupport
// (docs/decisions/005-public-support-area.md: the route table's "none" read as "no flag of their own").
// Staff pages come after authentication in the role step: none of these users is staff, so each
// logged-in one goes home (the staff member's own journeys: staff-incidents.spec.ts).

/** What a visit comes to. */
const SHOWN = 'shown'; // the page itself, at the address visited
const HOME = 'home'; // redirected to /
const LOGIN = 'login'; // redirected to /prihlaseni?redirect=<visited path and query>
const TENANT = 'tenant'; // redirected to /tenant?redirect=<visited path and query>
const NOT_FOUND = '404'; // the 404 page, at the address visited
type Outcome = typeof SHOWN | typeof HOME | typeof LOGIN | typeof TENANT | typeof NOT_FOUND;

/** The kinds of user: the columns of the matrix. */
const COLUMNS = ['guest', 'petr', 'jana', 'janaWithTenant', 'hideGuest', 'hideJana', 'offGuest', 'offPetr'] as const;
type Column = (typeof COLUMNS)[number];

const COLUMN_NAMES: Record<Column, string> = {
  guest: 'a guest',
  petr: 'a one-tenant user (Petr)',
  jana: 'a two-tenant user before choosing a tenant (Jana)',
  janaWithTenant: 'a two-tenant user after choosing a tenant (Jana)',
  hideGuest: 'a guest with hideTenantLogin on',
  hideJana: 'a two-tenant user with hideTenantLogin on (Jana)',
  offGuest: 'a guest with every feature flag off',
  offPetr: 'a one-tenant user with every feature flag off (Petr)',
};

/** The home page greets guests with the portal's name and users by first name. */
const HOME_HEADING: Record<Column, string> = {
  guest: 'Portál nájemníka',
  petr: ONE_TENANT_USER.greeting,
  jana: TWO_TENANT_USER.greeting,
  janaWithTenant: TWO_TENANT_USER.greeting,
  hideGuest: 'Portál nájemníka',
  hideJana: TWO_TENANT_USER.greeting,
  offGuest: 'Portál nájemníka',
  offPetr: ONE_TENANT_USER.greeting,
};

/** Demo data of a fresh database: Beta's ticket (Petr's tenant, and Jana's first) and the public request. */
const DEMO_INCIDENT = { id: 4, subject: 'Teče voda z radiátoru' };
const DEMO_PUBLIC_REQUEST = { id: 1, subject: 'Nesvítí osvětlení u vchodu' };

interface Route {
  /** The address typed into the browser. */
  visit: string;
  /** The page's h1 when it is shown; `HOME` for the home page, whose h1 depends on the user. */
  heading: string;
  /** Where a shown page settles when not at `visit`: a public request drops its access code. */
  shownAt?: string;
  outcomes: Record<Column, Outcome>;
}

const S = SHOWN;
const H = HOME;
const L = LOGIN;
const T = TENANT;
const N = NOT_FOUND;

function route(visit: string, heading: Route['heading'], outcomes: Outcome[], shownAt?: string): Route {
  if (outcomes.length !== COLUMNS.length)
    throw new Error(`${visit}: ${outcomes.length} outcomes for ${COLUMNS.length} columns`);
  return {
    visit,
    heading,
    ...(shownAt ? { shownAt } : {}),
    outcomes: Object.fromEntries(COLUMNS.map((column, index) => [column, outcomes[index]])) as Record<Column, Outcome>,
  };
}

// prettier-ignore
const MATRIX: Route[] = [
  //     address                                    h1 when shown               guest petr jana jana+T hide:guest hide:jana off:guest off:petr
  route('/',                                        HOME,                       [S,    S,   S,   S,     S,         S,        S,        S]),
  route('/prihlaseni',                              'Přihlášení',               [S,    H,   H,   H,     S,         H,        S,        H]),
  route('/zapomenute-heslo',                        'Zapomenuté heslo',         [S,    S,   S,   S,     S,         S,        S,        S]),
  route('/zapomenute-heslo/change',                 '404',                      [N,    N,   N,   N,     N,         N,        N,        N]),
  // The link is checked when the page opens: a made-up token says so instead of showing the form.
  route('/zapomenute-heslo/change?token=abc&uid=1', 'Odkaz už neplatí',         [S,    S,   S,   S,     S,         S,        S,        S]),
  // A mail's unsubscribe link: public, for anybody; a link whose token the API refuses says so.
  route('/odhlasit-odber',                          '404',                      [N,    N,   N,   N,     N,         N,        N,        N]),
  route('/odhlasit-odber?token=neplatny',           'Odkaz pro odhlášení neplatí',
                                                                                [S,    S,   S,   S,     S,         S,        S,        S]),
  route('/tenant',                                  'Výběr nájemce',            [L,    S,   S,   S,     L,         H,        L,        H]),
  route('/profil',                                  'Můj profil',               [L,    S,   S,   S,     L,         H,        L,        S]),
  route('/hlaseni-incidentu',                       'Hlášení incidentů',        [L,    S,   T,   S,     L,         H,        L,        H]),
  route('/hlaseni-incidentu/novy',                  'Nahlásit incident',        [L,    S,   T,   S,     L,         H,        L,        H]),
  route(`/hlaseni-incidentu/${DEMO_INCIDENT.id}`,   DEMO_INCIDENT.subject,      [L,    S,   T,   S,     L,         H,        L,        H]),
  route('/hlaseni-poruch',                          'Nahlásit poruchu',         [S,    S,   S,   S,     S,         S,        H,        H]),
  route('/odpocet-meridel',                         'Odečet měřidel',           [L,    S,   T,   S,     L,         H,        L,        H]),
  route('/order',                                   'Objednávka služeb',        [S,    S,   S,   S,     S,         S,        H,        H]),
  route('/planovane-vypadky',                       'Plánované odstávky',        [S,    S,   S,   S,     S,         S,        H,        H]),
  route('/verejna-podpora',                         'Veřejná podpora',          [S,    S,   S,   S,     S,         S,        H,        H]),
  route('/verejna-podpora/novy',                    'Nový požadavek',           [S,    S,   S,   S,     S,         S,        H,        H]),
  route(`/verejna-podpora/${DEMO_PUBLIC_REQUEST.id}?code=${DEMO_PUBLIC_SUPPORT_CODE}`,
                                                    DEMO_PUBLIC_REQUEST.subject,[S,    S,   S,   S,     S,         S,        H,        H],
                                                    `/verejna-podpora/${DEMO_PUBLIC_REQUEST.id}`),
  route('/vyuctovani',                              'Vyúčtování',               [L,    S,   T,   S,     L,         H,        L,        H]),
  route('/zasedaci-mistnosti',                      'Zasedací místnosti',       [L,    S,   T,   S,     L,         H,        L,        H]),
  route('/zasedacky',                               'Rezervace zasedaček',      [S,    S,   S,   S,     S,         S,        H,        H]),
  // The staff area (issue 17): a guest logs in first, a tenant goes home; a malformed id is a 404 for anyone.
  route('/sprava',                                  'Správa budov',             [L,    H,   H,   H,     L,         H,        L,        H]),
  route('/sprava/incidenty?stav=open&budova=1',     'Incidenty nájemců',        [L,    H,   H,   H,     L,         H,        L,        H]),
  route(`/sprava/incidenty/${DEMO_INCIDENT.id}`,    'Incident',                 [L,    H,   H,   H,     L,         H,        L,        H]),
  route('/sprava/incidenty/abc',                    '404',                      [N,    N,   N,   N,     N,         N,        N,        N]),
  route('/tahle-stranka-neexistuje',                '404',                      [N,    N,   N,   N,     N,         N,        N,        N]),
];

/** Where a visit must end (path and query) and the h1 it must show there. */
function landing(row: Route, column: Column): { at: string; heading: string } {
  const wanted = encodeURIComponent(row.visit);
  switch (row.outcomes[column]) {
    case SHOWN:
      return { at: row.shownAt ?? row.visit, heading: row.heading === HOME ? HOME_HEADING[column] : row.heading };
    case HOME:
      return { at: '/', heading: HOME_HEADING[column] };
    case LOGIN:
      return { at: `/prihlaseni?redirect=${wanted}`, heading: 'Přihlášení' };
    case TENANT:
      return { at: `/tenant?redirect=${wanted}`, heading: 'Výběr nájemce' };
    case NOT_FOUND:
      return { at: row.visit, heading: '404' };
  }
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Visits every route of the matrix in one browser context (one login) as the column's user.
 * Axe runs on every distinct state reached (the same landing, e.g. `/` after several hidden
 * routes or the login page after every protected one, is one state and is checked once).
 */
async function walkTheMatrix(page: Page, a11y: A11y, column: Column) {
  const checked = new Set<string>();
  for (const row of MATRIX) {
    const outcome = row.outcomes[column];
    const expected = landing(row, column);
    await test.step(`${row.visit} → ${outcome === SHOWN ? 'shown' : outcome} (${expected.at}, „${expected.heading}")`, async () => {
      await page.goto(row.visit);
      await expect.poll(() => pathAndQuery(page), { message: `where ${row.visit} ends` }).toBe(expected.at);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(expected.heading);
      await expect(heading).toHaveCount(1);
      if (outcome === NOT_FOUND) {
        await expect(page.getByText('Stránka nebyla nalezena.')).toBeVisible();
        await expect(page).toHaveTitle('Chyba: Stránka nebyla nalezena. – Portál nájemníka');
      }
      // The login and tenant pages are the same page whatever address they will lead back to,
      // and every unknown address shows the same 404 page: each is one state to check.
      const state =
        outcome === LOGIN || outcome === TENANT || outcome === NOT_FOUND
          ? outcome
          : `${expected.at} „${expected.heading}"`;
      if (!checked.has(state)) {
        checked.add(state);
        await a11y.check(`${column}: ${row.visit} → ${expected.at}`);
      }
    });
  }
}

async function logInAs(
  page: Page,
  user: typeof ONE_TENANT_USER | typeof TWO_TENANT_USER,
  lands: { at: string; heading: string },
) {
  await test.step(`log in as ${user.displayName}`, async () => {
    await goAndLogIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: lands.heading })).toBeVisible();
    expect(pathAndQuery(page)).toBe(lands.at);
  });
}

// One test per kind of user; the tests of the file share the workers with the rest of the suite.
// On the phone (@journey) only the guest and Jana with a tenant chosen walk it: where a visit
// ends is the router's decision and does not depend on the viewport, and these two columns
// between them reach every page, so axe still checks each page's phone layout. The other six
// columns on the phone repeated the same outcomes for a third of the suite's time.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

test.describe('default flags', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_PORT) });

  test(`every route as ${COLUMN_NAMES.guest} @journey`, async ({ page, a11y }) => {
    await walkTheMatrix(page, a11y, 'guest');
  });

  test(`every route as ${COLUMN_NAMES.petr}`, async ({ page, a11y }) => {
    // One tenant: selected on login, home.
    await logInAs(page, ONE_TENANT_USER, { at: '/', heading: HOME_HEADING.petr });
    await walkTheMatrix(page, a11y, 'petr');
  });

  // Jana before and after choosing a tenant: two tests (two logins), so the two workers share
  // the longest part of the matrix.
  test(`every route as ${COLUMN_NAMES.jana}`, async ({ page, a11y }) => {
    // Two tenants: the login goes to the tenant selection.
    await logInAs(page, TWO_TENANT_USER, { at: '/tenant', heading: 'Výběr nájemce' });
    await walkTheMatrix(page, a11y, 'jana');
  });

  test(`every route as ${COLUMN_NAMES.janaWithTenant} @journey`, async ({ page, a11y }) => {
    await logInAs(page, TWO_TENANT_USER, { at: '/tenant', heading: 'Výběr nájemce' });
    await test.step(`choose ${TWO_TENANT_USER.tenants[0]}`, async () => {
      await page.getByRole('main').getByRole('button', { name: TWO_TENANT_USER.tenants[0] }).click();
      await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING.janaWithTenant })).toBeVisible();
      await expect(page.getByRole('main').getByText(TWO_TENANT_USER.tenants[0] as string)).toBeVisible();
    });
    await walkTheMatrix(page, a11y, 'janaWithTenant');
  });
});

test.describe('hideTenantLogin on', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_HIDE_TENANT_PORT) });

  test(`every route as ${COLUMN_NAMES.hideGuest}`, async ({ page, a11y }) => {
    await walkTheMatrix(page, a11y, 'hideGuest');
  });

  test(`every route as ${COLUMN_NAMES.hideJana}`, async ({ page, a11y }) => {
    // No tenant selection: the login goes home even with two tenants.
    await logInAs(page, TWO_TENANT_USER, { at: '/', heading: HOME_HEADING.hideJana });
    await walkTheMatrix(page, a11y, 'hideJana');
  });
});

test.describe('every feature flag off', () => {
  test.use({ baseURL: bffUrl(E2E_BFF_FLAGS_OFF_PORT) });

  test(`every route as ${COLUMN_NAMES.offGuest}`, async ({ page, a11y }) => {
    await walkTheMatrix(page, a11y, 'offGuest');
  });

  test(`every route as ${COLUMN_NAMES.offPetr}`, async ({ page, a11y }) => {
    await logInAs(page, ONE_TENANT_USER, { at: '/', heading: HOME_HEADING.offPetr });
    await walkTheMatrix(page, a11y, 'offPetr');
  });
});
