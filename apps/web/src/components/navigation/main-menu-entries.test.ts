import { describe, expect, it } from 'vitest';
import { mainMenuEntries } from './main-menu-entries.ts';
import { ROUTES } from '#src/config/paths.ts';
import { isPendingRoute } from '#src/config/pending-routes.ts';
import { buildConfig, buildSession } from '#src/testing/factories.ts';

describe('main menu entries', () => {
  it('offers a logged-in tenant the tenant features and planned outages, never a pending page', () => {
    const entries = mainMenuEntries(buildConfig(), buildSession());
    expect(entries).toContain('incidents');
    expect(entries).not.toContain('publicSupport');
    for (const entry of entries) expect(isPendingRoute(entry), entry).toBe(false);
  });

  it('offers a guest the public pages only', () => {
    const entries = mainMenuEntries(buildConfig(), null);
    expect(entries).not.toContain('incidents');
    for (const entry of entries) expect(ROUTES[entry].access, entry).toBe('public');
  });

  it('drops an entry whose feature flag is off', () => {
    const entries = mainMenuEntries(buildConfig({ features: { incidents: false } }), buildSession());
    expect(entries).not.toContain('incidents');
  });

  it('gives a logged-in user the public menu under hideTenantLogin, where login pages are unreachable', () => {
    const config = buildConfig({ hideTenantLogin: true });
    expect(mainMenuEntries(config, buildSession())).toEqual(mainMenuEntries(config, null));
  });

  it('shows nothing when every feature is off', () => {
    const allOff = buildConfig({
      features: Object.fromEntries(Object.keys(buildConfig().features).map((flag) => [flag, false])),
    });
    // Pages without a flag (fault report, order) remain for guests once they exist.
    for (const entry of mainMenuEntries(allOff, buildSession())) expect(ROUTES[entry].feature).toBeNull();
    for (const entry of mainMenuEntries(allOff, null)) expect(ROUTES[entry].feature).toBeNull();
  });
});
