/**
 * Generators of bad input for property-based tests, derived from an operation's schemas:
 * wrong types, missing fields, oversized strings, bad ids and unknown query values. apps/api
 * walks upstream.yaml with them and apps/bff walks bff.yaml ({@link walkBadInput}), so both
 * layers are held to the same promise: bad input answers 4xx with a readable message, never 5xx
 * or a stack trace.
 */
import fc from 'fast-check';
import { it } from 'vitest';
import { fastifySchemaFor, type DocumentName, type OperationInfo } from './documents.js';

export interface BadInputSchema {
  type?: string | string[];
  properties?: Record<string, BadInputSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  items?: BadInputSchema;
}

const typesOf = (schema: BadInputSchema): string[] => ([] as string[]).concat(schema.type ?? []);

/** Path ids no route accepts: words, zero, negatives, fractions, overflow, encodings. */
export const badIds = fc.constantFrom('abc', '0', '-1', '1.5', '99999999999999999999', 'null', '%20', '1e3', 'true');

/** A value of the wrong type for `schema`, or one it cannot hold. */
export function wrongValue(schema: BadInputSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const choices: Array<fc.Arbitrary<unknown>> = [
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { minKeys: 1, maxKeys: 3 }),
    fc.array(fc.object({ maxDepth: 1 }), { minLength: 2, maxLength: 3 }),
  ];
  if (types.includes('string') && schema.maxLength !== undefined) {
    choices.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  }
  if (schema.enum !== undefined) choices.push(fc.constant('neznama_hodnota'));
  if (types.includes('integer') || types.includes('number')) choices.push(fc.constantFrom('abc', 1.5, -7, 1e20));
  if (schema.format === 'date-time' || schema.format === 'date' || schema.format === 'email') {
    choices.push(fc.constantFrom('zítra', '2026-13-45', 'ne@', 'x'));
  }
  return fc.oneof(...choices);
}

/** Bodies that break the schema: not an object, a required field missing, or a field wrong. */
export function badBodies(schema: BadInputSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const arbitraries: Array<fc.Arbitrary<unknown>> = [fc.constantFrom([], 42, 'text', [1, 2])];
  if (required.length > 0) {
    arbitraries.push(
      fc
        .constantFrom(...required)
        .map((missing) => Object.fromEntries(required.filter((name) => name !== missing).map((name) => [name, 'abc']))),
    );
  }
  if (properties.length > 0) {
    arbitraries.push(
      fc
        .constantFrom(...properties)
        .chain(([name, property]) => wrongValue(property).map((value) => ({ [name]: value }))),
    );
  }
  return fc.oneof(...arbitraries);
}

/** Bodies no JSON route may choke on: truncated JSON, a NUL byte, over a megabyte. */
export const MALFORMED_BODIES = ['{"broken":', '\u0000', `{"x":"${'a'.repeat(1_100_000)}"}`] as const;

/**
 * `name=value` query strings with an unknown or malformed value for a parameter that has a
 * closed set of values (enum, integer, boolean, date); undefined when there is none.
 * `skip` names parameters whose any value is legal (e.g. an access code).
 */
export function badQueries(schema: BadInputSchema, skip: readonly string[] = []): fc.Arbitrary<string> | undefined {
  const breakable = Object.entries(schema.properties ?? {}).filter(([name, property]) => {
    if (skip.includes(name)) return false;
    const types = typesOf(property);
    return (
      property.enum !== undefined ||
      types.includes('integer') ||
      types.includes('boolean') ||
      property.format === 'date' ||
      property.items?.enum !== undefined
    );
  });
  if (breakable.length === 0) return undefined;
  return fc.constantFrom(...breakable).chain(([name, property]) => {
    const types = typesOf(property);
    const values =
      property.enum !== undefined || property.items?.enum !== undefined
        ? ['neznama_hodnota', 'DROP TABLE']
        : types.includes('integer')
          ? ['abc', '-5', '1.5', '99999999999999999999']
          : types.includes('boolean')
            ? ['mozna', '2']
            : ['2026-02-31x', 'včera', '20260101'];
    return fc.constantFrom(...values).map((value) => `${name}=${encodeURIComponent(value)}`);
  });
}

/** The operation's path with every parameter set to `id`. */
export function fillPath(operation: Pick<OperationInfo, 'path'>, id: string): string {
  return operation.path.replace(/\{[^}]+\}/g, id);
}

/**
 * Why an answer is not a clear client error, or null when it is one: a 4xx status, no stack
 * trace or internal path, and a JSON body with at least one readable message.
 */
export function clientErrorProblem(status: number, body: string): string | null {
  if (status < 400 || status >= 500) return `status ${status}`;
  if (/\n\s+at |node_modules|Error:/.test(body)) return 'stack trace or internal detail in the body';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (parsed === null || typeof parsed !== 'object') return 'body is not a JSON object';
  const values = Object.values(parsed as Record<string, unknown>);
  const messages = values.flatMap((value) =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [],
  );
  const errors = (parsed as { errors?: Array<{ message?: string }> }).errors;
  const errorMessages = Array.isArray(errors) ? errors.map((error) => error.message ?? '') : [];
  return [...messages, ...errorMessages].some((message) => message.trim().length > 3) ? null : 'no readable message';
}

/** Throws when an answer is not a clear client error, so a property or a test fails on it. */
export function assertClientError(status: number, body: string, label: string): void {
  const problem = clientErrorProblem(status, body);
  if (problem !== null) throw new Error(`${label}: ${problem} – ${status} ${body.slice(0, 300)}`);
}

/** Sends one request to the layer under test and gives its answer (Fastify's `inject`, say). */
export type SendRequest = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

/** The options of Fastify's `inject` that {@link injectSender} uses. */
export interface InjectOptions {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/**
 * A {@link SendRequest} over Fastify's `inject` (its answers as they are): JSON payloads are serialised (a string is sent
 * as it is, so malformed bodies stay malformed) and labelled as JSON; `headers` gives the headers
 * every request carries (a session, a tenant), read at each request.
 */
export function injectSender<Response extends { statusCode: number; body: string }>(
  inject: (options: InjectOptions) => Promise<Response>,
  headers: () => Record<string, string>,
): (method: string, url: string, payload?: unknown, extra?: Record<string, string>) => Promise<Response> {
  return (method, url, payload, extra = {}) =>
    inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { ...headers(), ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
}

/**
 * `runs` generated bad ids in every path parameter of the operation, with `query` after the path
 * and `body` sent along: each must be a clear client error.
 */
export async function assertBadIdsRefused(
  send: SendRequest,
  operation: OperationInfo,
  { query, body, runs }: { query: string; body: unknown; runs: number },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(badIds, async (id) => {
      const response = await send(operation.method, `${fillPath(operation, id)}${query}`, body);
      assertClientError(response.statusCode, response.body, `${operation.operationId} id=${id}`);
    }),
    { numRuns: runs },
  );
}

/** `runs` generated bodies of the wrong shape for `schema`, to `url`: each must be a clear client error. */
export async function assertBadBodiesRefused(
  send: SendRequest,
  operation: OperationInfo,
  schema: BadInputSchema,
  { url, runs }: { url: string; runs: number },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(badBodies(schema), async (body) => {
      const response = await send(operation.method, url, body);
      assertClientError(response.statusCode, response.body, `${operation.operationId} ${JSON.stringify(body)}`);
    }),
    { numRuns: runs },
  );
}

/** Every malformed body, and an XML one, to `url`: each must be a clear client error. */
export async function assertMalformedBodiesRefused(send: SendRequest, operation: OperationInfo, url: string) {
  for (const payload of MALFORMED_BODIES) {
    const response = await send(operation.method, url, payload);
    assertClientError(response.statusCode, response.body, `${operation.operationId} ${payload.slice(0, 12)}`);
  }
  const xml = await send(operation.method, url, '<a/>', { 'content-type': 'application/xml' });
  assertClientError(xml.statusCode, xml.body, `${operation.operationId} xml`);
}

/**
 * The operations that have a query parameter with a closed set of values, each with the
 * generator of bad query strings for it (`badQueries`); the access code is never broken.
 */
export function badQueryCases(
  operations: readonly OperationInfo[],
  querySchemaOf: (operation: OperationInfo) => BadInputSchema | undefined,
): Array<[string, OperationInfo, fc.Arbitrary<string>]> {
  return operations.flatMap((operation) => {
    const arbitrary = badQueries(querySchemaOf(operation) ?? {}, ['code']);
    return arbitrary === undefined ? [] : [[operation.operationId, operation, arbitrary]];
  });
}

/** `runs` generated bad query strings on the operation: each must be a clear client error. */
export async function assertBadQueriesRefused(
  send: SendRequest,
  operation: OperationInfo,
  arbitrary: fc.Arbitrary<string>,
  runs: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (query) => {
      const response = await send(operation.method, `${fillPath(operation, '1')}?${query}`);
      assertClientError(response.statusCode, response.body, `${operation.operationId} ?${query}`);
    }),
    { numRuns: runs },
  );
}

/**
 * The whole walk, as Vitest tests in the describe block it is called in: every one of
 * `operations` (from `document`) receives `runs` generated bad ids in its path, bodies of the
 * wrong shape, malformed, huge and mistyped bodies, and unknown or malformed query values,
 * through `send`. Each answer must be a clear client error.
 */
export function walkBadInput(
  document: DocumentName,
  operations: readonly OperationInfo[],
  send: SendRequest,
  runs: number,
): void {
  const schemasOf = (operation: OperationInfo) => fastifySchemaFor(document, operation.operationId);
  // A public request's access code travels in the query; with one, bad input gets past its check.
  const codeQuery = (operation: OperationInfo) =>
    operation.path.startsWith('/api/v1/public_support/{id}') ? '?code=abc' : '';
  const named = (list: readonly OperationInfo[]) =>
    list.map((operation) => [operation.operationId, operation] as const);

  it.each(named(operations.filter((operation) => operation.path.includes('{'))))(
    '%s: bad ids in the path',
    (_id, operation) =>
      assertBadIdsRefused(send, operation, {
        query: codeQuery(operation),
        body: schemasOf(operation).body === undefined ? undefined : {},
        runs,
      }),
  );

  const withJsonBody = operations.filter(
    (operation) =>
      schemasOf(operation).body !== undefined && operation.requestContentTypes.includes('application/json'),
  );
  it.each(named(withJsonBody))('%s: bodies of the wrong shape', (_id, operation) =>
    assertBadBodiesRefused(send, operation, schemasOf(operation).body as BadInputSchema, {
      url: `${fillPath(operation, '1')}${codeQuery(operation)}`,
      runs,
    }),
  );

  const withAnyBody = operations.filter((operation) => operation.requestContentTypes.length > 0);
  it.each(named(withAnyBody))('%s: malformed, huge and mistyped bodies', (_id, operation) =>
    assertMalformedBodiesRefused(send, operation, `${fillPath(operation, '1')}${codeQuery(operation)}`),
  );

  const querySchemaOf = (operation: OperationInfo) => schemasOf(operation).querystring as BadInputSchema | undefined;
  it.each(badQueryCases(operations, querySchemaOf))(
    '%s: unknown and malformed query values',
    (_id, operation, arbitrary) => assertBadQueriesRefused(send, operation, arbitrary, runs),
  );
}
