import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import { fastifySchemaFor, getOperation } from '@portal/openapi/documents';
import { featureGate } from './feature-gate.js';
import { isOwnOperationPath } from './own-operations.js';
import type { operations } from './own-operations.gen.js';

/** The operationIds of the BFF's own operations in bff.yaml. */
export type OwnOperationId = keyof operations;

type JsonContent<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : undefined;
type RequiredPart<Part, Key extends string> = Part extends { [K in Key]: infer Value } ? Value : undefined;
/** Fastify names status classes in lower case (`5xx`), OpenAPI in upper case (`5XX`). */
type ReplyKey<Status> = Status extends `${infer Class}XX` ? `${Class}xx` : Status;

/**
 * Fastify's route generic of an own operation, from the types openapi-typescript generated
 * from bff.yaml (`own-operations.gen.ts`): the JSON body, the query and path parameters, and
 * the JSON answer of each documented status.
 */
export interface OwnRoute<Id extends OwnOperationId> {
  Body: RequiredPart<operations[Id], 'requestBody'> extends infer Body ? JsonContent<Body> : never;
  Querystring: RequiredPart<operations[Id]['parameters'], 'query'>;
  Params: RequiredPart<operations[Id]['parameters'], 'path'>;
  Reply: {
    [Status in keyof operations[Id]['responses'] as ReplyKey<Status>]: JsonContent<operations[Id]['responses'][Status]>;
  };
}

/** Everything of a route but what the document decides. */
export type OwnRouteOptions<Id extends OwnOperationId> = Omit<
  RouteOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, OwnRoute<Id>>,
  'method' | 'url' | 'schema'
>;

/**
 * Registers one of the BFF's own operations as bff.yaml declares it: its method and path, and
 * its schemas – params, query, body, and every documented JSON answer, by which the answer is
 * serialised – so the route cannot drift from the document the SDK is generated from, and the
 * handler is typed from the same operation (docs/architecture.md §3). An operation whose
 * feature is switched off (`x-feature`, `x-login-area`) answers 404. Request headers are
 * left to the hooks (the CSRF check): validated with `removeAdditional`, undeclared headers
 * would be stripped.
 */
export function ownRoute<Id extends OwnOperationId>(
  app: FastifyInstance,
  operationId: Id,
  options: OwnRouteOptions<Id>,
): void {
  const operation = getOperation('bff', operationId);
  if (!isOwnOperationPath(operation.path))
    throw new Error(`${operationId} is forwarded to the upstream, not the BFF's own`);
  const { headers: _requestHeaders, ...schema } = fastifySchemaFor('bff', operationId);
  // `x-feature` / `x-login-area`: switched off, the operation answers 404 before anything else.
  const gate = featureGate(operation, app.config);
  if (gate && options.onRequest) throw new Error(`${operationId}: ownRoute adds the feature gate as onRequest itself`);
  app.route<OwnRoute<Id>>({
    ...options,
    ...(gate ? { onRequest: gate } : {}),
    method: operation.method.toUpperCase(),
    url: operation.fastifyPath,
    schema,
  });
}
