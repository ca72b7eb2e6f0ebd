import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_HEADERS, bffPerTest, logIn } from '../testing/build-test-bff.js';
import { FAKE_CREDENTIALS, FAKE_TENANTS, type FakeUpstream } from '../testing/fake-upstream.js';

const NOT_TEXT = 'Text obsahuje nepovolené znaky (například nulový znak). Odstraňte je a zkuste to znovu.';

describe('NUL bytes and lone surrogates', () => {
  const bff = bffPerTest();
  let upstream: FakeUpstream;
  let app: FastifyInstance;
  beforeEach(async () => {
    ({ app, upstream } = await bff.start());
  });

  it.each([
    ['a NUL byte', 'Ahoj\u0000světe'],
    ['a lone surrogate', 'Ahoj \ud800'],
  ])('in a body (%s) answer a Czech 400 and never reach the upstream', async (_label, subject) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/public_support/',
      headers: API_HEADERS,
      payload: { name: 'Jan', email: 'jan@example.cz', subject, message: 'Nesvítí.' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_error',
      message: 'Zkontrolujte prosím zadané údaje.',
      fields: { subject: NOT_TEXT },
    });
    expect(upstream.hits('/api/v1/public_support/')).toHaveLength(0);
  });

  it('in a query answer a Czech 400 and never reach the upstream', async () => {
    const { cookie } = await logIn(app, FAKE_CREDENTIALS);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/support_tickets/?search=a%00b',
      headers: { ...API_HEADERS, cookie, 'x-tenant-id': FAKE_TENANTS[0].id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', fields: { search: NOT_TEXT } });
    expect(upstream.hits('/api/v1/support_tickets/')).toHaveLength(0);
  });
});
