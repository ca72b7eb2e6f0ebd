import { injectSender, walkBadInput } from '@portal/openapi/bad-input';
import { listOperations } from '@portal/openapi/documents';
import { afterAll, beforeAll, describe } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './demo/demo-data.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { DATABASE_DRIVERS } from './testing/scratch-database.js';
import { login } from './testing/test-client.js';

/**
 * Generated from upstream.yaml: every operation receives bad input of every kind a client can
 * send (wrong types, missing fields, oversized strings and bodies, bad ids, unknown query
 * values; the walk is @portal/openapi/bad-input's) and must answer 4xx with a readable
 * message, never 5xx and never a stack trace.
 */

// Logout answers allauth's 401 to every body by design (upstream.yaml), so it is not judged here.
const operations = listOperations('upstream').filter((operation) => operation.operationId !== 'logout');
const RUNS = 12;

describe.each(DATABASE_DRIVERS)('bad input never yields 5xx (%s)', (driver) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    headers = { authorization: `Bearer ${access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };
  });
  afterAll(() => t?.close());

  const send = injectSender(
    (options) => t.app.inject(options),
    () => headers,
  );
  walkBadInput('upstream', operations, send, RUNS);
});
