import { describe, expect, it } from 'vitest';
import { buildConfig, buildSession } from '#src/testing/factories.ts';
import { assumptionsHold, readPrerenderMarker } from './assumptions.ts';

describe('prerender assumptions', () => {
  it('hold for an anonymous visitor when every flag the page read has the same value', () => {
    const assumes = { features: { publicSupport: true, maintenanceEvents: true } };
    expect(assumptionsHold(assumes, buildConfig({ features: { billingStatements: false } }), null)).toBe(true);
    expect(assumptionsHold(assumes, buildConfig({ features: { publicSupport: false } }), null)).toBe(false);
  });

  it('never hold for a logged-in visitor', () => {
    expect(assumptionsHold({ features: {} }, buildConfig(), buildSession())).toBe(false);
  });

  it('check hideTenantLogin only when the page read it', () => {
    expect(assumptionsHold({ features: {} }, buildConfig({ hideTenantLogin: true }), null)).toBe(true);
    expect(assumptionsHold({ features: {}, hideTenantLogin: false }, buildConfig({ hideTenantLogin: true }), null)).toBe(false);
  });

  it('reads the marker of a prerendered #root, and nothing from a plain one', () => {
    const root = document.createElement('div');
    expect(readPrerenderMarker(root)).toBeNull();
    root.setAttribute('data-prerendered', '{"path":"/prihlaseni","assumes":{"features":{}}}');
    expect(readPrerenderMarker(root)).toEqual({ path: '/prihlaseni', assumes: { features: {} } });
    root.setAttribute('data-prerendered', '{broken');
    expect(readPrerenderMarker(root)).toBeNull();
  });
});
