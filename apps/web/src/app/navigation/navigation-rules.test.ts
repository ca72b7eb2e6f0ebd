import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTES, type RouteKey } from '#src/config/paths.ts';
import { buildConfig, buildSession, buildStaffSession } from '#src/testing/factories.ts';
import { decideNavigation, type NavigationInput } from './navigation-rules.ts';

const USER = buildSession();
const USER_WITHOUT_TENANT = buildSession({ selectedTenantId: null });
const STAFF = buildStaffSession();

function decide(url: string, overrides: Partial<Omit<NavigationInput, 'route' | 'params' | 'location'>> = {}) {
  const parsed = new URL(url, 'http://portal.test');
  const match = matchRoute(parsed.pathname);
  if (!match) throw new Error(`no route for ${url}`);
  return decideNavigation({
    route: match.definition,
    params: match.params,
    location: { pathname: parsed.pathname, search: parsed.search },
    config: buildConfig(),
    session: null,
    ...overrides,
  });
}

describe('route table', () => {
  it('has every route of docs/product.md §2 with a Czech path', () => {
    expect(Object.values(ROUTES).map((route) => route.path)).toEqual([
      '/',
      '/prihlaseni',
      '/zapomenute-heslo',
      '/zapomenute-heslo/change',
      '/odhlasit-odber',
      '/tenant',
      '/profil',
      '/hlaseni-incidentu',
      '/hlaseni-incidentu/novy',
      '/hlaseni-incidentu/:id',
      '/hlaseni-poruch',
      '/odpocet-meridel',
      '/order',
      '/planovane-vypadky',
      '/verejna-podpora',
      '/verejna-podpora/novy',
      '/verejna-podpora/:id',
      '/vyuctovani',
      '/zasedaci-mistnosti',
      '/zasedacky',
      '/sprava',
      '/sprava/incidenty',
      '/sprava/incidenty/:id',
      '/sprava/verejna-podpora',
      '/sprava/verejna-podpora/:id',
      '/sprava/vypadky',
      '/sprava/vyuctovani',
      '/sprava/zasedaci-mistnosti',
    ]);
  });

  it.each<[string, RouteKey]>([
    ['/hlaseni-incidentu/novy', 'incidentNew'],
    ['/hlaseni-incidentu/42', 'incidentDetail'],
    ['/verejna-podpora/novy', 'publicSupportNew'],
    ['/sprava', 'staffOverview'],
    ['/sprava/incidenty/7', 'staffIncidentDetail'],
    ['/sprava/verejna-podpora/7', 'staffPublicSupportDetail'],
  ])('matches %s to %s (static segments win)', (path, key) => {
    expect(matchRoute(path)?.key).toBe(key);
  });

  it('does not match unknown paths', () => {
    expect(matchRoute('/neexistuje')).toBeNull();
  });
});

describe('1. route validation', () => {
  it('answers 404 for the new-password form without token and uid', () => {
    expect(decide('/zapomenute-heslo/change')).toEqual({ kind: 'not-found' });
    expect(decide('/zapomenute-heslo/change?token=abc')).toEqual({ kind: 'not-found' });
    expect(decide('/zapomenute-heslo/change?token=abc&uid=')).toEqual({ kind: 'not-found' });
  });

  it('lets the new-password form through with both parameters', () => {
    expect(decide('/zapomenute-heslo/change?token=abc&uid=7')).toEqual({ kind: 'allow' });
  });

  it('answers 404 for the unsubscribe page without a token, and lets anyone in with one', () => {
    expect(decide('/odhlasit-odber')).toEqual({ kind: 'not-found' });
    expect(decide('/odhlasit-odber?token=')).toEqual({ kind: 'not-found' });
    expect(decide('/odhlasit-odber?token=abc.def')).toEqual({ kind: 'allow' });
    expect(decide('/odhlasit-odber?token=abc.def', { session: USER })).toEqual({ kind: 'allow' });
    expect(decide('/odhlasit-odber?token=abc.def', { session: STAFF })).toEqual({ kind: 'allow' });
  });

  it('answers 404 for a malformed id before asking for a login', () => {
    expect(decide('/hlaseni-incidentu/abc')).toEqual({ kind: 'not-found' });
  });
});

describe('2. authentication', () => {
  it('lets everyone onto public pages', () => {
    expect(decide('/')).toEqual({ kind: 'allow' });
    expect(decide('/', { session: USER })).toEqual({ kind: 'allow' });
    expect(decide('/hlaseni-poruch')).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in user from a guest-only page home', () => {
    expect(decide('/prihlaseni', { session: USER })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/prihlaseni')).toEqual({ kind: 'allow' });
  });

  it('sends a guest to the login page with the wanted path and query', () => {
    expect(decide('/profil')).toEqual({ kind: 'redirect', to: '/prihlaseni?redirect=%2Fprofil' });
    expect(decide('/hlaseni-incidentu?stav=open&strana=2')).toEqual({
      kind: 'redirect',
      to: `/prihlaseni?redirect=${encodeURIComponent('/hlaseni-incidentu?stav=open&strana=2')}`,
    });
  });

  it('asks for a login before looking at feature flags', () => {
    const config = buildConfig({ features: { billingStatements: false } });
    expect(decide('/vyuctovani', { config })).toEqual({
      kind: 'redirect',
      to: '/prihlaseni?redirect=%2Fvyuctovani',
    });
  });
});

describe('3. role', () => {
  const STAFF_PAGES = [
    '/sprava',
    '/sprava/incidenty?stav=open&budova=2',
    '/sprava/incidenty/7',
    '/sprava/verejna-podpora',
    '/sprava/verejna-podpora/7',
    '/sprava/vypadky',
    '/sprava/vyuctovani',
    '/sprava/zasedaci-mistnosti',
  ];

  it.each(STAFF_PAGES)('sends a guest from %s to the login page with the wanted path', (path) => {
    expect(decide(path)).toEqual({ kind: 'redirect', to: `/prihlaseni?redirect=${encodeURIComponent(path)}` });
  });

  it.each(STAFF_PAGES)('sends a tenant from %s home, with a tenant chosen or not', (path) => {
    expect(decide(path, { session: USER })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(path, { session: USER_WITHOUT_TENANT })).toEqual({ kind: 'redirect', to: '/' });
  });

  it.each(STAFF_PAGES)('lets a staff member onto %s, whatever the flags and hideTenantLogin', (path) => {
    expect(decide(path, { session: STAFF })).toEqual({ kind: 'allow' });
    const config = buildConfig({
      hideTenantLogin: true,
      features: Object.fromEntries(Object.keys(buildConfig().features).map((flag) => [flag, false])),
    });
    expect(decide(path, { session: STAFF, config })).toEqual({ kind: 'allow' });
  });

  it('answers 404 for a malformed staff id before anything else', () => {
    expect(decide('/sprava/incidenty/abc')).toEqual({ kind: 'not-found' });
    expect(decide('/sprava/incidenty/0', { session: STAFF })).toEqual({ kind: 'not-found' });
  });

  it.each([
    '/',
    '/tenant',
    '/tenant?redirect=%2Fvyuctovani',
    '/hlaseni-incidentu',
    '/hlaseni-incidentu/novy',
    '/hlaseni-incidentu/3',
    '/odpocet-meridel',
    '/vyuctovani',
    '/zasedaci-mistnosti',
  ])('sends a staff member from the tenant page %s to the staff overview', (path) => {
    expect(decide(path, { session: STAFF })).toEqual({ kind: 'redirect', to: '/sprava' });
  });

  it('sends a staff member from the login page to the staff overview, and lets them see their profile and public pages', () => {
    expect(decide('/prihlaseni', { session: STAFF })).toEqual({ kind: 'redirect', to: '/sprava' });
    expect(decide('/profil', { session: STAFF })).toEqual({ kind: 'allow' });
    expect(decide('/planovane-vypadky', { session: STAFF })).toEqual({ kind: 'allow' });
    expect(decide('/verejna-podpora/5', { session: STAFF })).toEqual({ kind: 'allow' });
    const config = buildConfig({ hideTenantLogin: true });
    expect(decide('/profil', { session: STAFF, config })).toEqual({ kind: 'redirect', to: '/sprava' });
  });
});

describe('4. feature flag', () => {
  it('redirects a hidden feature home, for public and login routes alike', () => {
    const config = buildConfig({ features: { maintenanceEvents: false, billingStatements: false } });
    expect(decide('/planovane-vypadky', { config })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/vyuctovani', { config, session: USER })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('hides the tenant page when tenantLogin is off', () => {
    const config = buildConfig({ features: { tenantLogin: false } });
    expect(decide('/tenant', { config, session: USER })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets an enabled feature through', () => {
    expect(decide('/planovane-vypadky')).toEqual({ kind: 'allow' });
  });
});

describe('5. tenant', () => {
  it('sends a user without a tenant to the tenant page with the wanted path', () => {
    expect(decide('/vyuctovani?rok=2026', { session: USER_WITHOUT_TENANT })).toEqual({
      kind: 'redirect',
      to: `/tenant?redirect=${encodeURIComponent('/vyuctovani?rok=2026')}`,
    });
  });

  it('treats a blank tenant id as none (docs/product.md §5)', () => {
    const session = buildSession({ selectedTenantId: '  ' });
    expect(decide('/vyuctovani', { session })).toMatchObject({ kind: 'redirect' });
  });

  it('lets the profile and the tenant page through without a tenant (opt-out)', () => {
    expect(decide('/profil', { session: USER_WITHOUT_TENANT })).toEqual({ kind: 'allow' });
    expect(decide('/tenant', { session: USER_WITHOUT_TENANT })).toEqual({ kind: 'allow' });
  });

  it('lets a user with a tenant through', () => {
    expect(decide('/vyuctovani', { session: USER })).toEqual({ kind: 'allow' });
  });

  describe('with hideTenantLogin on', () => {
    const config = buildConfig({ hideTenantLogin: true });

    it('skips the tenant check and keeps login pages out of reach', () => {
      expect(decide('/vyuctovani', { config, session: USER_WITHOUT_TENANT })).toEqual({
        kind: 'redirect',
        to: '/',
      });
      expect(decide('/profil', { config, session: USER })).toEqual({ kind: 'redirect', to: '/' });
      expect(decide('/tenant', { config, session: USER })).toEqual({ kind: 'redirect', to: '/' });
    });

    it('keeps public and guest-only pages reachable', () => {
      expect(decide('/', { config, session: USER_WITHOUT_TENANT })).toEqual({ kind: 'allow' });
      expect(decide('/hlaseni-poruch', { config })).toEqual({ kind: 'allow' });
      expect(decide('/prihlaseni', { config })).toEqual({ kind: 'allow' });
    });
  });
});
