import { describe, expect, it } from 'vitest';
import { buildConfig, buildSession } from '#src/testing/factories.ts';
import { assumptionsHold, readPrerenderMarker } from './assumptions.ts';

describe('prerender assumptions', () => {
  it('hold for an anonymous visitor when every flag the page read has the same value', () => {
    const assumes = { visitor: 'anonymous' as const, features: { publicSupport: true, maintenanceEvents: true } };
    expect(assumptionsHold(assumes, buildConfig({ features: { billingStatements: false } }), null)).toBe(true);
    expect(assumptionsHold(assumes, buildConfig({ features: { publicSupport: false } }), null)).toBe(false);
  });

  it('never hold for a logged-in visitor on an anonymous page', () => {
    expect(assumptionsHold({ visitor: 'anonymous', features: {} }, buildConfig(), buildSession())).toBe(false);
  });

  it('of a tenant page hold for any logged-in user with a tenant selected, and for nobody else', () => {
    const assumes = { visitor: 'tenant' as const, features: { incidents: true } };
    expect(assumptionsHold(assumes, buildConfig(), buildSession())).toBe(true);
    expect(assumptionsHold(assumes, buildConfig(), buildSession({ selectedTenantId: null }))).toBe(false);
    expect(assumptionsHold(assumes, buildConfig(), null)).toBe(false);
    expect(assumptionsHold(assumes, buildConfig({ features: { incidents: false } }), buildSession())).toBe(false);
  });

  it('check hideTenantLogin only when the page read it', () => {
    expect(assumptionsHold({ visitor: 'anonymous', features: {} }, buildConfig({ hideTenantLogin: true }), null)).toBe(
      true,
    );
    expect(
      assumptionsHold(
        { visitor: 'anonymous', features: {}, hideTenantLogin: false },
        buildConfig({ hideTenantLogin: true }),
        null,
      ),
    ).toBe(false);
  });

  it('reads the marker of a prerendered #root, and nothing from a plain one', () => {
    const root = document.createElement('div');
    expect(readPrerenderMarker(root)).toBeNull();
    root.setAttribute('data-prerendered', '{"path":"/prihlaseni","assumes":{"visitor":"anonymous","features":{}}}');
    expect(readPrerenderMarker(root)).toEqual({ path: '/prihlaseni', assumes: { visitor: 'anonymous', features: {} } });
    root.setAttribute('data-prerendered', '{broken');
    expect(readPrerenderMarker(root)).toBeNull();
  });
});
