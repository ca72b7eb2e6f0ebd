import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  FEATURE_FLAGS,
  HTTP_METHODS,
  parseFeatureDeclaration,
  type FeatureFlag,
  type HttpMethod,
} from '@portal/openapi/documents';
import { featureEnvName } from './config/env.js';
import { errorMessages } from './http/errors.js';
import { API_HEADERS, buildTestBff, logIn } from './testing/build-test-bff.js';
import { FAKE_CREDENTIALS, FAKE_TENANTS, startFakeUpstream, type FakeUpstream } from './testing/fake-upstream.js';

/**
 * Generated from bff.yaml: every operation names its feature (`x-feature`: a flag, a list of
 * flags or `none`), and with each flag switched off in turn – then `hideTenantLogin` on, then
 * every flag off at once – every operation is called: one whose feature is off answers the
 * BFF's own 404 before the upstream hears of it, every other one answers anything but that.
 */

interface RawOperation {
  operationId: string;
  'x-feature'?: unknown;
  'x-login-area'?: unknown;
  [key: string]: unknown;
}
interface ContractOperation {
  method: HttpMethod;
  path: string;
  raw: RawOperation;
}

const bffYaml = readFileSync(new URL(import.meta.resolve('@portal/openapi/bff.yaml')), 'utf8');
const document = parse(bffYaml) as { paths: Record<string, Partial<Record<HttpMethod, RawOperation>>> };
const operations: ContractOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => (item[method] ? [{ method, path, raw: item[method] }] : [])),
);
const label = ({ method, path, raw }: ContractOperation) => `${method.toUpperCase()} ${path} (${raw.operationId})`;

describe('bff.yaml: every operation names its feature', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((operation) => [label(operation), operation] as const))('%s', (_label, operation) => {
    expect(() => parseFeatureDeclaration(operation.raw['x-feature'], label(operation))).not.toThrow();
    expect(['undefined', 'boolean']).toContain(typeof operation.raw['x-login-area']);
  });
});

interface Scenario {
  name: string;
  env: Record<string, string>;
  off: ReadonlySet<FeatureFlag>;
  hideTenantLogin: boolean;
}

const ALL_ON = new Set<FeatureFlag>();
const scenarios: Scenario[] = [
  ...FEATURE_FLAGS.map((flag) => ({
    name: `${flag} off`,
    env: { [featureEnvName(flag)]: 'false' },
    off: new Set<FeatureFlag>([flag]),
    hideTenantLogin: false,
  })),
  { name: 'hideTenantLogin on', env: { HIDE_TENANT_LOGIN: 'true' }, off: ALL_ON, hideTenantLogin: true },
  {
    name: 'every flag off',
    env: Object.fromEntries(FEATURE_FLAGS.map((flag) => [featureEnvName(flag), 'false'])),
    off: new Set<FeatureFlag>(FEATURE_FLAGS),
    hideTenantLogin: false,
  },
];

/** What the contract promises: off when every flag it names is off, or a login page's under hideTenantLogin. */
function expectedOff(operation: ContractOperation, scenario: Scenario): boolean {
  const features = parseFeatureDeclaration(operation.raw['x-feature'], label(operation));
  if (scenario.hideTenantLogin && operation.raw['x-login-area'] === true) return true;
  return features.length > 0 && features.every((flag) => scenario.off.has(flag));
}

/** The request for an operation: every path parameter `1`, no body (the flag comes first). */
function urlOf(path: string): string {
  return path.replace(/\{[^}]+\}/g, '1');
}

/** The BFF's own 404 of a switched-off operation, answered before the upstream was asked. */
function isFlagNotFound(response: LightMyRequestResponse, upstreamCalls: number): boolean {
  if (response.statusCode !== 404 || upstreamCalls > 0) return false;
  const body = response.json<{ code?: string; message?: string }>();
  return body.code === 'not_found' && body.message === errorMessages.notFound;
}

describe.each(scenarios)('with $name', (scenario) => {
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    app = await buildTestBff({
      upstreamUrl: upstream.url,
      // ALTCHA, so the challenge operation answers for itself rather than "not configured".
      env: { ALTCHA_HMAC_KEY: 'feature-flags-test-key-'.padEnd(40, 'x'), ...scenario.env },
    });
    ({ cookie } = await logIn(app, FAKE_CREDENTIALS));
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it.each(operations.map((operation) => [label(operation), operation] as const))('%s', async (_label, operation) => {
    const before = upstream.requests.length;
    const response = await app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url: urlOf(operation.path),
      // Logging out would end the session the other operations use.
      headers: { ...API_HEADERS, ...(operation.raw.operationId === 'deleteSession' ? {} : { cookie }) },
    });
    const upstreamCalls = upstream.requests.length - before;
    const off = expectedOff(operation, scenario);
    expect(isFlagNotFound(response, upstreamCalls), `${response.statusCode} ${response.body}`).toBe(off);
  });
});

describe('the flags the integrators issue names', () => {
  let upstream: FakeUpstream;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await upstream.close();
  });
  const start = async (env: Record<string, string>) => {
    const app = await buildTestBff({ upstreamUrl: upstream.url, env });
    apps.push(app);
    const { cookie } = await logIn(app, FAKE_CREDENTIALS);
    return { app, cookie };
  };
  const call = (app: FastifyInstance, method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...API_HEADERS, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  it('with every flag off, the meeting rooms, a room and its availability answer 404', async () => {
    const { app } = await start(Object.fromEntries(FEATURE_FLAGS.map((flag) => [featureEnvName(flag), 'false'])));
    for (const url of ['/api/v1/meeting_rooms/', '/api/v1/meeting_rooms/1/', '/api/v1/meeting_rooms/1/availability/']) {
      const response = await call(app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: errorMessages.notFound });
    }
  });

  it('with either meeting-room flag on, the rooms stay', async () => {
    for (const flag of ['meetingRooms', 'publicMeetingRooms'] as const) {
      const { app } = await start({ [featureEnvName(flag)]: 'false' });
      const before = upstream.requests.length;
      await call(app, 'GET', '/api/v1/meeting_rooms/');
      expect(upstream.requests.length - before, flag).toBe(1);
    }
  });

  it('with hideTenantLogin on, tenant selection and the tenant calls answer 404, the session and public calls stay', async () => {
    const { app, cookie } = await start({ HIDE_TENANT_LOGIN: 'true' });
    const select = await call(app, 'PUT', '/api/session/tenant', cookie, { tenantId: FAKE_TENANTS[0].id });
    expect(select.statusCode).toBe(404);
    for (const url of ['/api/v1/my_profile/', '/api/v1/support_tickets/', '/api/v1/tenant_access/', '/api/sessions']) {
      expect((await call(app, 'GET', url, cookie)).statusCode, url).toBe(404);
    }
    expect((await call(app, 'GET', '/api/session', cookie)).statusCode).toBe(200);
    const before = upstream.requests.length;
    await call(app, 'GET', '/api/v1/maintenance_events/', cookie);
    const forwarded = upstream.requests.slice(before);
    expect(forwarded).toHaveLength(1);
    // No tenant is acted for while tenants are hidden.
    expect(forwarded[0]?.headers['x-tenant-id']).toBeUndefined();
  });

  it('with tenantLogin off, no tenant can be selected and none is acted for', async () => {
    const { app, cookie } = await start({ [featureEnvName('tenantLogin')]: 'false' });
    const select = await call(app, 'PUT', '/api/session/tenant', cookie, { tenantId: FAKE_TENANTS[0].id });
    expect(select.statusCode).toBe(404);
    const explicit = await app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/',
      headers: { ...API_HEADERS, cookie, 'x-tenant-id': FAKE_TENANTS[0].id },
    });
    expect(explicit.statusCode).toBe(409);
    expect(explicit.json()).toMatchObject({ code: 'tenant_required' });
    expect((await call(app, 'GET', '/api/v1/my_profile/', cookie)).statusCode).toBe(200);
  });
});
