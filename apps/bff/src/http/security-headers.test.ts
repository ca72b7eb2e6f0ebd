import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, securityHeaders, sentryOrigin } from './security-headers.js';

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('page Content-Security-Policy', () => {
  it('allows only our own origin, and no frames, when nothing third-party is configured', () => {
    const { page, api } = securityHeaders({ turnstile: false, sentryOrigin: null });
    const csp = page['content-security-policy'];
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(api['cache-control']).toBe('no-store');
  });

  it("lets Cloudflare Turnstile's script and challenge frame in when Turnstile is configured", () => {
    const csp = securityHeaders({ turnstile: true, sentryOrigin: null }).page['content-security-policy'];
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://challenges.cloudflare.com");
    expect(directive(csp, 'frame-src')).toBe('frame-src https://challenges.cloudflare.com');
  });

  it('lets the browser report to the configured Sentry ingest only', () => {
    const origin = sentryOrigin('https://abc123@o42.ingest.sentry.io/7');
    expect(origin).toBe('https://o42.ingest.sentry.io');
    const csp = securityHeaders({ turnstile: false, sentryOrigin: origin }).page['content-security-policy'];
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://o42.ingest.sentry.io");
    expect(sentryOrigin(null)).toBeNull();
  });
});

describe('Permissions-Policy', () => {
  it('switches off the browser features the portal never uses, on pages and API answers', () => {
    const { page, api } = securityHeaders({ turnstile: true, sentryOrigin: null });
    for (const headers of [page, api]) {
      const policy = headers['permissions-policy'] ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
        expect(policy).toContain(`${feature}=()`);
      }
    }
  });
});

describe('Permissions-Policy of nginx', () => {
  it('is the BFF’s, on every answer nginx makes itself (assets, its error page)', () => {
    const conf = readFileSync(new URL('../../../../deploy/nginx/portal.conf', import.meta.url), 'utf8');
    const values = [...conf.matchAll(/add_header Permissions-Policy "([^"]*)" always;/g)].map((match) => match[1]);
    expect(values).toHaveLength(2);
    for (const value of values) expect(value).toBe(PERMISSIONS_POLICY);
  });
});
