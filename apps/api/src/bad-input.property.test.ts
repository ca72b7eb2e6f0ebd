import fc from 'fast-check';
import { fastifySchemaFor, listOperations, type OperationInfo } from '@portal/openapi/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './db/demo-data.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { DATABASE_DRIVERS } from './testing/scratch-database.js';
import { login } from './testing/test-client.js';

/**
 * Generated from upstream.yaml: every operation receives bad input of every kind a client can
 * send (wrong types, missing fields, oversized strings and bodies, bad ids, unknown query
 * values) and must answer 4xx with a readable message, never 5xx and never a stack trace.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  items?: Schema;
  allOf?: Schema[];
};

const operations = listOperations('upstream');
const RUNS = 12;

const badIds = fc.constantFrom('abc', '0', '-1', '1.5', '99999999999999999999', 'null', '%20', '1e3', 'true');

/** A value of the wrong type for `schema`, or one it cannot hold. */
function wrongValue(schema: Schema): fc.Arbitrary<unknown> {
  const types = ([] as string[]).concat(schema.type ?? []);
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
function badBodies(schema: Schema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const arbitraries: Array<fc.Arbitrary<unknown>> = [fc.constantFrom([], 42, 'text', [1, 2])];
  if (required.length > 0) {
    arbitraries.push(fc.constantFrom(...required).map((missing) => Object.fromEntries(required.filter((name) => name !== missing).map((name) => [name, 'abc']))));
  }
  if (properties.length > 0) {
    arbitraries.push(
      fc.constantFrom(...properties).chain(([name, property]) =>
        wrongValue(property).map((value) => ({ [name]: value })),
      ),
    );
  }
  return fc.oneof(...arbitraries);
}

function badQueries(schema: Schema): fc.Arbitrary<string> | undefined {
  const properties = Object.entries(schema.properties ?? {}).filter(([name]) => name !== 'code');
  const breakable = properties.filter(([, property]) => {
    const type = ([] as string[]).concat(property.type ?? []);
    return property.enum !== undefined || type.includes('integer') || type.includes('boolean') || property.format === 'date' || property.items?.enum !== undefined;
  });
  if (breakable.length === 0) return undefined;
  return fc.constantFrom(...breakable).chain(([name, property]) => {
    const type = ([] as string[]).concat(property.type ?? []);
    const values = property.enum !== undefined || property.items?.enum !== undefined
      ? ['neznama_hodnota', 'DROP TABLE']
      : type.includes('integer')
        ? ['abc', '-5', '1.5', '99999999999999999999']
        : type.includes('boolean')
          ? ['mozna', '2']
          : ['2026-02-31x', 'včera', '20260101'];
    return fc.constantFrom(...values).map((value) => `${name}=${encodeURIComponent(value)}`);
  });
}

function fillPath(operation: OperationInfo, id: string): string {
  return operation.path.replace(/\{[^}]+\}/g, id);
}

function expectClearClientError(status: number, body: string, label: string): void {
  expect(status, label).toBeGreaterThanOrEqual(400);
  expect(status, label).toBeLessThan(500);
  expect(body, label).not.toMatch(/\n\s+at |node_modules|Error:/);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  const messages = Object.values(parsed).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
  );
  const errors = (parsed['errors'] as Array<{ message?: string }> | undefined)?.map((error) => error.message ?? '') ?? [];
  expect([...messages, ...errors].some((message) => message.trim().length > 3), `${label}: ${body}`).toBe(true);
}

describe.each(DATABASE_DRIVERS)('bad input never yields 5xx (%s)', (driver) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    headers = { authorization: `Bearer ${access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };
  });
  afterAll(() => t?.close());

  const send = (method: string, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });

  it.each(operations.filter((op) => op.path.includes('{')).map((op) => [op.operationId, op] as const))(
    '%s: bad ids in the path',
    async (_id, operation) => {
      await fc.assert(
        fc.asyncProperty(badIds, async (id) => {
          const schema = fastifySchemaFor('upstream', operation.operationId);
          const body = schema.body === undefined ? undefined : {};
          const query = operation.path.startsWith('/api/v1/public_support/') ? '?code=abc' : '';
          const response = await send(operation.method, `${fillPath(operation, id)}${query}`, body);
          expectClearClientError(response.statusCode, response.body, `${operation.operationId} id=${id}`);
        }),
        { numRuns: RUNS },
      );
    },
  );

  // Logout answers allauth's 401 to every body by design (upstream.yaml), so it is not judged here.
  const withBody = operations.filter(
    (op) => op.operationId !== 'logout' && fastifySchemaFor('upstream', op.operationId).body !== undefined,
  );
  it.each(withBody.map((op) => [op.operationId, op] as const))('%s: bodies of the wrong shape', async (_id, operation) => {
    const schema = fastifySchemaFor('upstream', operation.operationId).body as Schema;
    await fc.assert(
      fc.asyncProperty(badBodies(schema), async (body) => {
        const query = operation.path.startsWith('/api/v1/public_support/{id}') ? '?code=abc' : '';
        const response = await send(operation.method, `${fillPath(operation, '1')}${query}`, body);
        expectClearClientError(response.statusCode, response.body, `${operation.operationId} ${JSON.stringify(body)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(withBody.map((op) => [op.operationId, op] as const))('%s: malformed and huge bodies', async (_id, operation) => {
    const url = fillPath(operation, '1');
    for (const payload of ['{"broken":', '\u0000', `{"x":"${'a'.repeat(1_100_000)}"}`]) {
      const response = await send(operation.method, url, payload);
      expectClearClientError(response.statusCode, response.body, `${operation.operationId} ${payload.slice(0, 12)}`);
    }
    const xml = await send(operation.method, url, '<a/>', { 'content-type': 'application/xml' });
    expectClearClientError(xml.statusCode, xml.body, `${operation.operationId} xml`);
  });

  const withQuery = operations
    .map((op) => [op, badQueries((fastifySchemaFor('upstream', op.operationId).querystring ?? {}) as Schema)] as const)
    .filter((entry): entry is readonly [OperationInfo, fc.Arbitrary<string>] => entry[1] !== undefined);
  it.each(withQuery.map(([op, arbitrary]) => [op.operationId, op, arbitrary] as const))(
    '%s: unknown and malformed query values',
    async (_id, operation, arbitrary) => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (query) => {
          const response = await send(operation.method, `${fillPath(operation, '1')}?${query}`);
          expectClearClientError(response.statusCode, response.body, `${operation.operationId} ?${query}`);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
