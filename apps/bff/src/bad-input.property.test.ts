import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '@portal/api/demo-data';
import { startTestApi, type TestApi } from '@portal/api/testing';
import {
  assertBadBodiesRefused,
  assertBadIdsRefused,
  assertBadQueriesRefused,
  assertMalformedBodiesRefused,
  badQueryCases,
  type BadInputSchema,
  fillPath,
  injectSender,
} from '@portal/openapi/bad-input';
import { fastifySchemaFor, listOperations, type OperationInfo } from '@portal/openapi/documents';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, buildTestBff, logIn } from './testing/build-test-bff.js';

/**
 * The fuzzer of bff.yaml: every operation the browser can call – proxied and the BFF's own –
 * receives generated bad input (bad ids, bodies of the wrong shape, malformed and huge bodies,
 * unknown query values), once with a logged-in session and once without. Whatever layer
 * refuses it (CSRF, session, allowlist, BFF validation, the real upstream), the browser must get
 * a 4xx with a readable message: never a 5xx, never a stack trace.
 */

const RUNS = 8;
const operations = listOperations('bff');
// Ending the session mid-walk would turn the rest of the "with a session" walk into 401s.
const endsSession = (operation: OperationInfo) =>
  operation.method === 'delete' && operation.path.startsWith('/api/session');

const querySchema = (operation: OperationInfo) =>
  fastifySchemaFor('bff', operation.operationId).querystring as BadInputSchema | undefined;

describe('bad input through the BFF never yields 5xx', () => {
  let api: TestApi;
  let app: FastifyInstance;
  let sessionCookie = '';

  beforeAll(async () => {
    api = await startTestApi();
    app = await buildTestBff({
      upstreamUrl: api.url,
      env: {
        // The walk sends hundreds of requests from one address; the limits have their own tests.
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '100000',
        RATE_LIMIT_PUBLIC_FORMS_PER_MINUTE: '100000',
        RATE_LIMIT_NOT_FOUND_PER_MINUTE: '100000',
      },
    });
    const { cookie } = await logIn(app, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD });
    const selected = await app.inject({
      method: 'PUT',
      url: '/api/session/tenant',
      headers: { ...API_HEADERS, cookie },
      payload: { tenantId: DEMO_TENANTS.alfa.id },
    });
    expect(selected.statusCode).toBe(200);
    sessionCookie = cookie;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  describe.each([
    ['with a session', true],
    ['without a session', false],
  ] as const)('%s', (_label, withSession) => {
    const send = injectSender(
      (options) => app.inject(options),
      () => ({ ...API_HEADERS, ...(withSession ? { cookie: sessionCookie } : {}) }),
    );
    const walked = operations.filter((operation) => !(withSession && endsSession(operation)));
    const codeQuery = (operation: OperationInfo) =>
      operation.path.startsWith('/api/v1/public_support/{id}') ? '?code=abc' : '';

    it.each(walked.filter((op) => op.path.includes('{')).map((op) => [op.operationId, op] as const))(
      '%s: bad ids in the path',
      (_id, operation) =>
        assertBadIdsRefused(send, operation, {
          query: codeQuery(operation),
          body: fastifySchemaFor('bff', operation.operationId).body === undefined ? undefined : {},
          runs: RUNS,
        }),
    );

    const withBody = walked.filter((op) => {
      const body = fastifySchemaFor('bff', op.operationId).body;
      return body !== undefined && op.requestContentTypes.includes('application/json');
    });
    it.each(withBody.map((op) => [op.operationId, op] as const))('%s: bodies of the wrong shape', (_id, operation) =>
      assertBadBodiesRefused(send, operation, fastifySchemaFor('bff', operation.operationId).body as BadInputSchema, {
        url: `${fillPath(operation, '1')}${codeQuery(operation)}`,
        runs: RUNS,
      }),
    );

    const sendsBody = walked.filter((op) => op.requestContentTypes.length > 0);
    it.each(sendsBody.map((op) => [op.operationId, op] as const))(
      '%s: malformed, huge and mistyped bodies',
      (_id, operation) =>
        assertMalformedBodiesRefused(send, operation, `${fillPath(operation, '1')}${codeQuery(operation)}`),
    );

    it.each(badQueryCases(walked, querySchema))('%s: unknown and malformed query values', (_id, operation, arbitrary) =>
      assertBadQueriesRefused(send, operation, arbitrary, RUNS),
    );

    // Otherwise the walk "with a session" would have been judged on 401s alone, and bad input
    // without one must not have started a session either.
    it(`still has ${withSession ? 'its session and tenant' : 'no session'} after the walk`, async () => {
      const session = await send('get', '/api/session');
      if (withSession) {
        expect(session.statusCode).toBe(200);
        expect(session.json()).toMatchObject({ selectedTenantId: DEMO_TENANTS.alfa.id });
      } else {
        expect(session.statusCode).toBe(401);
      }
    });
  });
});
