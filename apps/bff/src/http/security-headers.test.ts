import { describe, expect, it } from 'vitest';
import { securityHeaders, sentryOrigin } from './security-headers.js';

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
