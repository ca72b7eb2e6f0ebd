import { describe, expect, it } from 'vitest';
import { buildSession, buildStaffSession, TENANT_A, TENANT_B } from '#src/testing/factories.ts';
import { planAfterLogin } from './after-login.ts';

const oneTenant = buildSession({ tenants: [TENANT_A], selectedTenantId: null });
const twoTenants = buildSession({ tenants: [TENANT_A, TENANT_B], selectedTenantId: null });

describe('planAfterLogin', () => {
  it('sends a staff member to the staff overview, selecting no tenant, hideTenantLogin or not', () => {
    for (const hideTenantLogin of [false, true]) {
      expect(planAfterLogin({ session: buildStaffSession(), redirect: null, hideTenantLogin })).toEqual({
        selectTenantId: null,
        to: '/sprava',
        fallback: '/sprava',
      });
    }
  });

  it("follows a staff member's local redirect target, and never a foreign one", () => {
    const session = buildStaffSession();
    const target = '/sprava/incidenty?budova=2';
    expect(planAfterLogin({ session, redirect: target, hideTenantLogin: false }).to).toBe(target);
    expect(planAfterLogin({ session, redirect: '//evil.example', hideTenantLogin: false }).to).toBe('/sprava');
  });

  it('follows a local redirect target', () => {
    expect(planAfterLogin({ session: twoTenants, redirect: '/profil', hideTenantLogin: false })).toEqual({
      selectTenantId: null,
      to: '/profil',
      fallback: '/tenant?redirect=%2Fprofil',
    });
  });

  it('selects the only tenant before following a redirect', () => {
    expect(planAfterLogin({ session: oneTenant, redirect: '/vyuctovani?rok=2026', hideTenantLogin: false })).toEqual({
      selectTenantId: TENANT_A.id,
      to: '/vyuctovani?rok=2026',
      fallback: `/tenant?redirect=${encodeURIComponent('/vyuctovani?rok=2026')}`,
    });
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])(
    'ignores the foreign redirect %s',
    (redirect) => {
      expect(planAfterLogin({ session: twoTenants, redirect, hideTenantLogin: false }).to).toBe('/tenant');
    },
  );

  it('goes home with hideTenantLogin on, selecting nothing', () => {
    expect(planAfterLogin({ session: twoTenants, redirect: null, hideTenantLogin: true })).toEqual({
      selectTenantId: null,
      to: '/',
      fallback: '/',
    });
  });

  it('auto-selects a sole tenant and goes home', () => {
    expect(planAfterLogin({ session: oneTenant, redirect: null, hideTenantLogin: false })).toEqual({
      selectTenantId: TENANT_A.id,
      to: '/',
      fallback: '/tenant',
    });
  });

  it('does not re-select a sole tenant that is already selected', () => {
    const session = buildSession({ tenants: [TENANT_A], selectedTenantId: TENANT_A.id });
    expect(planAfterLogin({ session, redirect: null, hideTenantLogin: false })).toMatchObject({
      selectTenantId: null,
      to: '/',
    });
  });

  it('sends a user with several tenants to the tenant page', () => {
    expect(planAfterLogin({ session: twoTenants, redirect: null, hideTenantLogin: false })).toEqual({
      selectTenantId: null,
      to: '/tenant',
      fallback: '/tenant',
    });
  });

  it('sends a user with no tenant to the tenant page (it explains the situation)', () => {
    const session = buildSession({ tenants: [], selectedTenantId: null });
    expect(planAfterLogin({ session, redirect: null, hideTenantLogin: false }).to).toBe('/tenant');
  });
});
