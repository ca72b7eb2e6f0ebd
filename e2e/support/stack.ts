/** Ports of the e2e stack, away from the development defaults (3000, 4010). */
export const E2E_API_PORT = 4610;
export const E2E_BFF_PORT = 3610;
/** A second BFF on the same upstream with HIDE_TENANT_LOGIN=true. */
export const E2E_BFF_HIDE_TENANT_PORT = 3611;
/** A third BFF with FEATURE_TENANT_LOGIN, FEATURE_BILLING_STATEMENTS and FEATURE_INCIDENTS false. */
export const E2E_BFF_FLAGS_OFF_PORT = 3612;
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
