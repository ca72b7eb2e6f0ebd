import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '@portal/api/demo-data';
import { startTestApi, type TestApi } from '@portal/api/testing';
import { injectSender, walkBadInput } from '@portal/openapi/bad-input';
import { listOperations, type OperationInfo } from '@portal/openapi/documents';
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
    walkBadInput(
      'bff',
      operations.filter((operation) => !(withSession && endsSession(operation))),
      send,
      RUNS,
    );

    // Otherwise the walk "with a session" would have been judged on 401s alone, and bad input
    // without one must not have started a session either.
    it(`still has ${withSession ? 'its session and tenant' : 'no session'} after the walk`, async () => {
      const session = await send('get', '/api/session');
      if (withSession) {
        expect(session.statusCode).toBe(200);
        expect(session.json()).toMatchObject({ session: { selectedTenantId: DEMO_TENANTS.alfa.id } });
      } else {
        // No session is a 200 that says so (bff.yaml getSession).
        expect(session.statusCode).toBe(200);
        expect(session.json()).toEqual({ session: null });
      }
    });
  });
});
