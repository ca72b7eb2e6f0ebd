import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

/** The rules wired into the route loaders (the rules themselves: navigation-rules.test.ts). */
describe('route guards', () => {
  it('sends a guest from a protected page to the login page with the path as redirect', async () => {
    const view = renderRoute('/profil?tab=kontakt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(view.location()).toBe(`/prihlaseni?redirect=${encodeURIComponent('/profil?tab=kontakt')}`);
  });

  it('sends a logged-in user from the login page home', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ session: buildSession() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('hides the tenant page when its feature flag is off', async () => {
    const view = renderRoute(
      '/tenant',
      createBackend({ session: buildSession(), config: buildConfig({ features: { tenantLogin: false } }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('keeps login pages out of reach with hideTenantLogin on', async () => {
    const view = renderRoute(
      '/profil',
      createBackend({ session: buildSession(), config: buildConfig({ hideTenantLogin: true }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('lets a user without a tenant open the profile (opt-out)', async () => {
    const view = renderRoute('/profil', createBackend({ session: buildSession({ selectedTenantId: null }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Můj profil' })).toBeInTheDocument();
    expect(view.location()).toBe('/profil');
  });
});

describe('feature routes', () => {
  it('apply their rules: a guest goes to the login', async () => {
    const view = renderRoute('/vyuctovani');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(view.location()).toBe('/prihlaseni?redirect=%2Fvyuctovani');
  });

  it('apply their rules: no tenant chosen → tenant page with the redirect', async () => {
    const view = renderRoute(
      '/vyuctovani?rok=2026',
      createBackend({ session: buildSession({ selectedTenantId: null }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeInTheDocument();
    expect(view.location()).toBe(`/tenant?redirect=${encodeURIComponent('/vyuctovani?rok=2026')}`);
  });

  it('apply their rules: a hidden feature goes home', async () => {
    const view = renderRoute(
      '/planovane-vypadky',
      createBackend({ config: buildConfig({ features: { maintenanceEvents: false } }) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('answer 404 for a malformed id before anything else', async () => {
    renderRoute('/hlaseni-incidentu/abc');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });
});
