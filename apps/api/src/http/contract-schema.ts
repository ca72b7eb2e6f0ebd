import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import { fastifySchemaFor } from '@portal/openapi/documents';
import type { operations } from '@portal/openapi/upstream-types';
import { AllauthErrorBody, drfErrorResponses } from './error-schemas.js';

/**
 * Routes are declared from `openapi/upstream.yaml` itself (spec-first, docs/decisions/004-api-contract-checks.md):
 * `contractSchema(operationId)` gives a route the document's schemas, and the
 * {@link UpstreamContract} type provider types its handler from the same operation (the types
 * openapi-typescript generates into `@portal/openapi/upstream-types`), so the operation id is
 * written once and a handler never casts a request part:
 *
 * ```ts
 * export const meterRoutes: ContractRoutes = async (fastify) => {
 *   fastify.get('/meters/', { schema: contractSchema('listMeters'), ...tenantScoped }, async (request, reply) => {
 *     request.query.kind; // 'electricity' | 'gas' | … | undefined
 *   });
 * };
 * ```
 *
 * Parameters, query and JSON body are validated with the document's own schemas, and answers are
 * serialised with them, so a property the document does not name can never leak. Declared
 * headers are left out on purpose: with Ajv's `removeAdditional: 'all'` a header schema would
 * strip every other header (see @portal/openapi's README); routes read `Idempotency-Key` through
 * http/idempotency.ts instead.
 */

export type OperationId = keyof operations;
type Operation<Id extends OperationId> = operations[Id];
type Responses<Id extends OperationId> = Operation<Id>['responses'];

/**
 * A schema part as the type provider sees it: which operation and which part it was taken
 * from. A phantom: the runtime object is the plain JSON schema.
 */
declare const contractPart: unique symbol;
interface ContractPart<Id extends OperationId, Part> {
  readonly [contractPart]: { operation: Id; part: Part };
}

/** The JSON body of a request or response; `unknown` for other media (files), `undefined` for none. */
type BodyOf<Message> = Message extends { content: { 'application/json': infer Body } }
  ? Body
  : Message extends { content: object }
    ? unknown
    : undefined;

type RequestPart<Id extends OperationId, Part> = Part extends 'params'
  ? NonNullable<Operation<Id>['parameters']['path']>
  : Part extends 'querystring'
    ? NonNullable<Operation<Id>['parameters']['query']>
    : BodyOf<Operation<Id>['requestBody']>;

type ResponsePart<Id extends OperationId, Part> = Part extends { status: infer Status extends keyof Responses<Id> }
  ? BodyOf<Responses<Id>[Status]>
  : never;

/** Fastify type provider: request parts and answers of a route typed from its operation. */
export interface UpstreamContract extends FastifyTypeProvider {
  validator: this['schema'] extends ContractPart<infer Id, infer Part> ? RequestPart<Id, Part> : unknown;
  serializer: this['schema'] extends ContractPart<infer Id, infer Part> ? ResponsePart<Id, Part> : unknown;
}

/** A route plugin whose routes are typed by {@link UpstreamContract}. */
export type ContractRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, UpstreamContract>;

export interface ContractSchema<Id extends OperationId> {
  operationId: Id;
  params: ContractPart<Id, 'params'>;
  querystring: ContractPart<Id, 'querystring'>;
  body: ContractPart<Id, 'body'>;
  /** Every documented status with its documented body. */
  response: { [Status in keyof Responses<Id>]: ContractPart<Id, { status: Status }> };
}

/**
 * The route schema of an operation. Success answers are serialised with the document's schemas;
 * error answers with the app's one error body per style (error-schemas.ts): DRF's by default,
 * allauth's envelope – the document's own error schemas – for the allauth routes.
 */
export function contractSchema<Id extends OperationId>(
  operationId: Id,
  options: { errorStyle?: 'drf' | 'allauth' } = {},
): ContractSchema<Id> {
  const { params, querystring, body, response } = fastifySchemaFor('upstream', operationId);
  for (const part of [params, querystring, body]) capIntegers(part);
  const documented =
    options.errorStyle === 'allauth'
      ? { ...response, '5xx': AllauthErrorBody }
      : {
          ...Object.fromEntries(Object.entries(response).filter(([status]) => status.startsWith('2'))),
          ...drfErrorResponses,
        };
  const schema = {
    operationId,
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    response: documented,
  };
  // The parts are typed by the operation they came from (the phantom above); their runtime
  // form is plain JSON Schema, which the type system cannot tie to an operation by itself.
  return schema as unknown as ContractSchema<Id>;
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
