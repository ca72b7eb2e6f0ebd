/** Ports of the e2e stack, away from the development defaults (3000, 4010). */
export const E2E_API_PORT = 4610;
export const E2E_BFF_PORT = 3610;
/** A second BFF on the same upstream with HIDE_TENANT_LOGIN=true. */
export const E2E_BFF_HIDE_TENANT_PORT = 3611;
/** A third BFF with FEATURE_TENANT_LOGIN=false and FEATURE_BILLING_STATEMENTS=false. */
export const E2E_BFF_FLAGS_OFF_PORT = 3612;
export const E2E_DATA_DIR_ENV = 'PORTAL_E2E_DATA_DIR';

export const bffUrl = (port: number) => `http://localhost:${port}`;
