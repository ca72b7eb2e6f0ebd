import type { FastifyRequest } from 'fastify';
import { featureAvailable, type OperationInfo } from '@portal/openapi/documents';
import type { BffConfig } from '../config/env.js';
import { BffError, errorMessages } from './errors.js';

type GateConfig = Pick<BffConfig, 'features' | 'hideTenantLogin'>;

/**
 * Whether an operation of bff.yaml exists under this configuration (docs/product.md §9):
 * its `x-feature` flags (any of them, for a shared operation; always for `none`) and, for an
 * operation of the login pages (`x-login-area`), `hideTenantLogin` off.
 */
export function operationAvailable(
  operation: Pick<OperationInfo, 'features' | 'loginArea'>,
  config: GateConfig,
): boolean {
  if (operation.loginArea && config.hideTenantLogin) return false;
  return featureAvailable(operation.features, config.features);
}

/**
 * Whether a session may act for a tenant at all: tenants are chosen on the tenant selection
 * (`tenantLogin`), and `hideTenantLogin` takes them out of the portal altogether. Otherwise
 * no tenant is sent upstream, whatever was chosen or remembered before.
 */
export function tenantSelectionAvailable(config: GateConfig): boolean {
  return config.features.tenantLogin && !config.hideTenantLogin;
}

/**
 * A route's first hook: an operation that is switched off answers 404 `not_found` before
 * anything else about the request (session, body, bot token, rate limit) is looked at, so a
 * switched-off feature looks exactly like an address that does not exist.
 */
export function featureGate(
  operation: Pick<OperationInfo, 'features' | 'loginArea'>,
  config: GateConfig,
): ((request: FastifyRequest) => Promise<void>) | null {
  if (operationAvailable(operation, config)) return null;
  return async () => {
    throw new BffError(404, 'not_found', errorMessages.notFound);
  };
}
