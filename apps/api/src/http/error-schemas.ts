/**
 * Shared JSON-schema pieces for route schemas. Response schemas also decide what is sent:
 * Fastify serialises with fast-json-stringify, which drops properties a schema does not
 * name, so a column added to a query can never leak by accident.
 *
 * Error schemas are deliberately the same for every route (CONVENTIONS C10, one error body).
 */

/** DRF `{detail, code}` for every non-validation error. */
export const DrfErrorBody = {
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
  },
} as const;

/**
 * A DRF 400: either `{detail, code}` (e.g. a malformed JSON body) or field errors
 * `{"<field>": ["message"], "non_field_errors": ["message"]}`. One schema covers both so the
 * serialiser never strips field names it does not know in advance.
 */
export const DrfBadRequestBody = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
  },
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

/** django-allauth headless `ErrorResponse`. */
export const AllauthErrorBody = {
  type: 'object',
  required: ['status', 'errors'],
  properties: {
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          param: { type: 'string' },
        },
      },
    },
  },
} as const;

/** django-allauth headless `AuthenticationResponse` for an anonymous client. */
export const AllauthUnauthenticatedBody = {
  type: 'object',
  required: ['status', 'data', 'meta'],
  properties: {
    status: { type: 'integer', enum: [401] },
    data: {
      type: 'object',
      required: ['flows'],
      properties: {
        flows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'string' }, is_pending: { type: 'boolean' } },
          },
        },
      },
    },
    meta: {
      type: 'object',
      required: ['is_authenticated'],
      properties: { is_authenticated: { type: 'boolean' } },
    },
  },
} as const;

/** Error answers shared by every DRF-style route. */
export const drfErrorResponses = {
  400: DrfBadRequestBody,
  '5xx': DrfErrorBody,
} as const;

/** Error answers of routes behind `fastify.authenticate` (401 carries WWW-Authenticate). */
export const authenticatedErrorResponses = {
  ...drfErrorResponses,
  401: DrfErrorBody,
} as const;

/** Error answers of routes behind `fastify.authenticate` + `fastify.requireTenant`. */
export const tenantScopedErrorResponses = {
  ...authenticatedErrorResponses,
  403: DrfErrorBody,
} as const;

/** Error answers shared by every allauth route. */
export const allauthErrorResponses = {
  400: AllauthErrorBody,
  '5xx': AllauthErrorBody,
} as const;
