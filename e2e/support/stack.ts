/** Ports of the e2e stack, away from the development defaults (3000, 4010). */
export const E2E_API_PORT = 4610;
export const E2E_BFF_PORT = 3610;
export const E2E_DATA_DIR_ENV = 'PORTAL_E2E_DATA_DIR';
