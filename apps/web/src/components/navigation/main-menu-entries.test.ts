import { describe, expect, it } from 'vitest';
import { mainMenuEntries, staffMenuEntries } from './main-menu-entries.ts';
import { ROUTES } from '#src/config/paths.ts';
import { buildConfig, buildSession, buildStaffSession } from '#src/testing/factories.ts';

describe('main menu entries', () => {
  it('offers a logged-in tenant the tenant features and planned outages, in menu order', () => {
    expect(mainMenuEntries(buildConfig(), buildSession())).toEqual([
      'incidents',
      'meterReadings',
      'billing',
      'meetingRooms',
      'plannedOutages',
    ]);
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
    // The fault report and the order belong to publicSupport (docs/decisions/005).
    expect(mainMenuEntries(allOff, buildSession())).toEqual([]);
    expect(mainMenuEntries(allOff, null)).toEqual([]);
  });

  it('gives a staff member no tenant or public menu, but the staff pages that exist, in menu order', () => {
    expect(mainMenuEntries(buildConfig(), buildStaffSession())).toEqual([]);
    const entries = staffMenuEntries();
    for (const entry of entries) {
      expect(ROUTES[entry].access, entry).toBe('staff');
      expect('pending' in ROUTES[entry], entry).toBe(false);
    }
  });
});
