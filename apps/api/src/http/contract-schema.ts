import { fastifySchemaFor } from '@portal/openapi/documents';
import { DrfErrorBody, tenantScopedErrorResponses } from '../schemas/common.js';

/**
 * Route schemas taken from `openapi/upstream.yaml` itself (spec-first, ADR 004): parameters,
 * query and JSON body are validated with the document's own schemas, and success answers are
 * serialised with them, so a property the document does not name can never leak. Error
 * answers keep the shared DRF schemas of schemas/common.ts (one error body, CONVENTIONS C10).
 * Declared headers are left out on purpose: with Ajv's `removeAdditional: 'all'` a header
 * schema would strip every other header (see @portal/openapi's README); routes read
 * `Idempotency-Key` through http/idempotency.ts instead.
 */
export function contractSchema(operationId: string) {
  const { params, querystring, body, response } = fastifySchemaFor('upstream', operationId);
  for (const part of [params, querystring, body]) capIntegers(part);
  const success = Object.fromEntries(Object.entries(response).filter(([status]) => status.startsWith('2')));
  return {
    operationId,
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    response: {
      ...success,
      ...tenantScopedErrorResponses,
      404: DrfErrorBody,
      409: DrfErrorBody,
      413: DrfErrorBody,
      429: DrfErrorBody,
    },
  };
}

/** Ids are PostgreSQL `integer`s: a larger number can name nothing and would overflow the query. */
export const MAX_ID = 2_147_483_647;

/** Gives every integer without an upper bound the largest id, so 1e20 is a 400, not a 500. */
function capIntegers(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(capIntegers);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const types = ([] as unknown[]).concat(schema['type'] ?? []);
  if (types.includes('integer') && schema['maximum'] === undefined) schema['maximum'] = MAX_ID;
  for (const value of Object.values(schema)) capIntegers(value);
}
