import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServerOptions } from '../app.js';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { testConfig } from '../testing/test-config.js';
import { caller, login, request } from '../testing/test-client.js';

const NOT_TEXT = 'Text obsahuje nepovolené znaky (například nulový znak). Odstraňte je a zkuste to znovu.';

// PostgreSQL refuses NUL in text and lone surrogates in UTF-8; they must stop at the schema.
describe('NUL bytes and lone surrogates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
  });
  afterAll(() => t?.close());

  /** A visitor's public support request with `subject`. */
  const fileRequest = (subject: string) =>
    caller(t.app).post('/api/v1/public_support/', {
      name: 'Jan Novák',
      email: 'jan@example.cz',
      subject,
      message: 'Nesvítí světlo.',
    });

  it('are refused in a query with a Czech 400, not a 500', async () => {
    const { access } = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const response = await request(t.app, {
      method: 'GET',
      url: '/api/v1/support_tickets/?search=a%00b',
      token: access,
      headers: { 'x-tenant-id': DEMO_TENANTS.alfa.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ search: [NOT_TEXT] });
  });

  it.each([
    ['a NUL byte', 'Ahoj\u0000světe'],
    ['a lone high surrogate', 'Ahoj \ud800'],
    ['a lone low surrogate', '\udc00 Ahoj'],
  ])('are refused in a body (%s) with a Czech 400', async (_label, subject) => {
    const response = await fileRequest(subject);
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ subject: [NOT_TEXT] });
  });

  it('lets a well-formed text with emoji through', async () => {
    expect((await fileRequest('Světlo 💡')).statusCode).toBe(201);
  });
});

describe('database errors in the log', () => {
  it('never carry the SQL parameters', async () => {
    const lines: string[] = [];
    const logger = appServerOptions(testConfig({ dataDir: '/nonexistent', logLevel: 'info' })).logger as object;
    const app = Fastify({ logger: { ...logger, stream: { write: (line: string) => void lines.push(line) } } });
    app.get('/crash', async () => {
      const cause = Object.assign(new Error('invalid byte sequence'), {
        code: '22021',
        parameters: ['jan@example.cz', '+420 601 234 567'],
      });
      throw Object.assign(new Error('Failed query: insert into "x" values ($1, $2)'), {
        query: 'insert into "x" values ($1, $2)',
        params: ['jan@example.cz', '+420 601 234 567'],
        cause,
      });
    });
    app.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({});
    });
    await app.inject({ method: 'GET', url: '/crash' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain('jan@example.cz');
    expect(logged).not.toContain('601 234 567');
  });
});
