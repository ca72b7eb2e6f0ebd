/**
 * The error bodies of the API as response schemas, the same for every route (one error body
 * per style, docs/architecture.md §3). Response schemas also decide what is sent: Fastify
 * serialises with fast-json-stringify, which drops properties a schema does not name.
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
 * serialiser never strips field names it does not know in advance. (upstream.yaml's
 * `ValidationErrorBody` describes only the second form.)
 */
export const DrfBadRequestBody = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
  },
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

/** Every error answer of a DRF-style route. */
export const drfErrorResponses = {
  400: DrfBadRequestBody,
  401: DrfErrorBody,
  403: DrfErrorBody,
  404: DrfErrorBody,
  409: DrfErrorBody,
  413: DrfErrorBody,
  429: DrfErrorBody,
  '5xx': DrfErrorBody,
} as const;

/** django-allauth headless `ErrorResponse`, for the allauth routes' server errors. */
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
