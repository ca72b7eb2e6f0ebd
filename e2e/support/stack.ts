/**
 * Ports of the e2e stack, away from the development defaults (3000, 4010).
 * `PORTAL_E2E_PORT_OFFSET` moves the whole set, so two checkouts can run their suites at once.
 */
const PORT_OFFSET = Number(process.env.PORTAL_E2E_PORT_OFFSET ?? 0);
export const E2E_API_PORT = 4610 + PORT_OFFSET;
export const E2E_BFF_PORT = 3610 + PORT_OFFSET;
/** A second BFF on the same upstream with HIDE_TENANT_LOGIN=true. */
export const E2E_BFF_HIDE_TENANT_PORT = 3611 + PORT_OFFSET;
/** A third BFF with every feature flag off (FEATURE_*=false; see playwright.config.ts). */
export const E2E_BFF_FLAGS_OFF_PORT = 3612 + PORT_OFFSET;
/** A BFF with Cloudflare Turnstile, verified against the fake siteverify below (bot-protection tests). */
export const E2E_BFF_TURNSTILE_PORT = 3613 + PORT_OFFSET;
/** A BFF with self-hosted ALTCHA (bot-protection tests). */
export const E2E_BFF_ALTCHA_PORT = 3614 + PORT_OFFSET;
/** The fake Turnstile siteverify (support/fake-siteverify.mjs) the Turnstile BFF calls. */
export const E2E_FAKE_SITEVERIFY_PORT = 3615 + PORT_OFFSET;
export const E2E_DATA_DIR_ENV = 'PORTAL_E2E_DATA_DIR';

export const bffUrl = (port: number) => `http://localhost:${port}`;

/**
 * The e2e API runs on its own PostgreSQL database (created by playwright.config.ts, dropped by
 * support/global-teardown.ts) instead of embedded PGlite: PGlite serves one process, and the
 * incident tests drive the operator's side through the `portal-admin` CLI while the API runs.
 */
export const E2E_DATABASE_URL_ENV = 'PORTAL_E2E_DATABASE_URL';
export const E2E_JWT_SECRET_ENV = 'PORTAL_E2E_JWT_SECRET';
export const E2E_POSTGRES_SERVER = process.env.PORTAL_E2E_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
