import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers, computed once at start-up.
 *
 * Our helmet configuration has no per-request part (no CSP nonces), so its header set is the
 * same for every answer. @fastify/helmet would still run two hooks per request (one async,
 * merging option objects) and write the headers one by one; profiling the proxied GET showed
 * that as pure overhead. Here helmet itself computes the set once and a single synchronous hook
 * copies it onto each reply.
 */

/** Third-party origins the SPA needs, which depend on the operator's configuration. */
export interface PageCspSources {
  /** Cloudflare Turnstile: its widget script and its challenge frame. */
  turnstile: boolean;
  /** Origin of the Sentry ingest the browser reports to, or null when reporting is off. */
  sentryOrigin: string | null;
  /** `'sha256-…'` of the inline scripts the served documents contain (computed from them). */
  scriptHashes?: readonly string[];
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

function pageHelmetOptions({ turnstile, sentryOrigin, scriptHashes = [] }: PageCspSources): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...(turnstile ? [TURNSTILE_ORIGIN] : [])],
        // Chakra UI (Emotion) inserts its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(sentryOrigin ? [sentryOrigin] : [])],
        frameSrc: turnstile ? [TURNSTILE_ORIGIN] : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  };
}

/** Runs helmet's middleware against a recording response and returns the headers it set. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error('helmet refused its options', { cause: failed });
  return headers;
}

export interface SecurityHeaders {
  /** Pages, static assets and everything outside `/api`: helmet's set with the SPA's CSP. */
  page: Readonly<Record<string, string>>;
  /**
   * Every `/api` answer: helmet's set, then what a JSON answer needs instead of a page's:
   * personal (no cache may keep it) and a CSP that allows nothing.
   */
  api: Readonly<Record<string, string>>;
}

/**
 * Browser features the portal never uses, switched off for its pages and any frame in them
 * (helmet sets no Permissions-Policy). nginx sends the same value with the assets it serves.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export function securityHeaders(sources: PageCspSources): SecurityHeaders {
  const page = Object.freeze({
    ...helmetHeaders(pageHelmetOptions(sources)),
    'permissions-policy': PERMISSIONS_POLICY,
  });
  const api = Object.freeze({
    ...page,
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  });
  return { page, api };
}

/** The origin of a Sentry DSN (`https://key@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`). */
export function sentryOrigin(dsn: string | null): string | null {
  if (!dsn) return null;
  try {
    return new URL(dsn).origin;
  } catch {
    return null;
  }
}
