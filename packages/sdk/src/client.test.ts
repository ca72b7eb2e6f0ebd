import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CSRF_HEADER,
  createApiClient,
  fetchList,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  type Session,
} from './client.js';

const BASE_URL = 'http://portal.test';

const session: Session = {
  user: {
    id: 1,
    email: 'jana@example.cz',
    first_name: 'Jana',
    last_name: 'Nováková',
    display_name: 'Jana Nováková',
    is_staff: false,
    phone: null,
  },
  tenants: [{ id: '5f0c7a52-1111-4a5e-9e8f-3a2b1c0d9e8f', name: 'Kavárna U Lípy s.r.o.' }],
  selectedTenantId: null,
};

/** A fetch double that records the requests and answers with `respond`. */
function fakeFetch(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return respond(request);
  };
  return { fetch: fetch, requests };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('createApiClient', () => {
  it('sends X-CSRF: 1 on every request, reads and writes alike', async () => {
    const { fetch, requests } = fakeFetch(() => json(session));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });

    await client.GET('/api/session');
    await client.POST('/api/session', { body: { email: 'jana@example.cz', password: 'tajné heslo' } });
    await client.PUT('/api/session/tenant', { body: { tenantId: null } });

    expect(requests).toHaveLength(3);
    for (const request of requests) expect(request.headers.get(CSRF_HEADER)).toBe('1');
    expect(CSRF_HEADER).toBe('X-CSRF');
  });

  it('calls same-origin paths with the session cookie', async () => {
    const { fetch, requests } = fakeFetch(() => json({ session }));
    const { data } = await createApiClient({ baseUrl: BASE_URL, fetch }).GET('/api/session');
    expect(data?.session).toEqual(session);
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/session`);
    expect(requests[0]?.credentials).toBe('same-origin');
  });

  it('passes path, query and optional headers through', async () => {
    const { fetch, requests } = fakeFetch(() => json([]));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });
    await client.GET('/api/v1/support_tickets/', {
      params: { query: { status: ['open', 'in_progress'], page: 2 }, header: { 'X-Tenant-ID': 't-1' } },
    });
    await client.GET('/api/v1/public_support/{id}/', {
      params: { path: { id: 7 }, header: { 'X-Access-Code': 'ABCD1234' } },
    });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/support_tickets/?status=open&status=in_progress&page=2`);
    expect(requests[0]?.headers.get('X-Tenant-ID')).toBe('t-1');
    // The access code as a header (bff.yaml AccessCode), never in the address.
    expect(requests[1]?.url).toBe(`${BASE_URL}/api/v1/public_support/7/`);
    expect(requests[1]?.headers.get('X-Access-Code')).toBe('ABCD1234');
  });
});

describe('ApiError', () => {
  it('carries status, code, Czech message and field messages of the ErrorBody', async () => {
    const body = {
      code: 'invalid_credentials',
      message: 'Nesprávný e-mail nebo heslo.',
      fields: { password: 'Nesprávné heslo.' },
    };
    const { fetch } = fakeFetch(() => json(body, 400));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });

    const error = await client
      .POST('/api/session', { body: { email: 'jana@example.cz', password: 'x' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'invalid_credentials',
      message: 'Nesprávný e-mail nebo heslo.',
      fields: { password: 'Nesprávné heslo.' },
      body,
    });
  });

  it('is thrown for every non-2xx status, with empty fields when none are given', async () => {
    for (const status of [401, 403, 404, 409, 429, 500, 503]) {
      const { fetch } = fakeFetch(() => json({ code: 'some_code', message: 'Zpráva.' }, status));
      const error = await createApiClient({ baseUrl: BASE_URL, fetch })
        .GET('/api/config')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status, code: 'some_code', message: 'Zpráva.', fields: {} });
    }
  });

  it('falls back to a Czech generic message for non-JSON and foreign bodies', async () => {
    const html = '<html><body>502 Bad Gateway</body></html>';
    const { fetch } = fakeFetch(() => new Response(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await createApiClient({ baseUrl: BASE_URL, fetch })
      .GET('/api/config')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      code: 'http_502',
      message: GENERIC_ERROR_MESSAGE,
      fields: {},
      body: html,
    });
    expect(GENERIC_ERROR_MESSAGE).toBe('Došlo k neočekávané chybě.');

    const drf = fakeFetch(() => json({ detail: 'Not found.' }, 404));
    const foreign = await createApiClient({ baseUrl: BASE_URL, fetch: drf.fetch })
      .GET('/api/config')
      .catch((e: unknown) => e);
    expect(foreign).toMatchObject({
      status: 404,
      code: 'http_404',
      message: GENERIC_ERROR_MESSAGE,
      body: { detail: 'Not found.' },
    });

    const empty = fakeFetch(() => new Response(null, { status: 500 }));
    const noBody = await createApiClient({ baseUrl: BASE_URL, fetch: empty.fetch })
      .GET('/api/config')
      .catch((e: unknown) => e);
    expect(noBody).toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE, body: null });
  });

  it('turns a failed connection into a Czech network error but lets cancellations through', async () => {
    const offline = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await createApiClient({ baseUrl: BASE_URL, fetch: offline.fetch })
      .GET('/api/config')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });

    const aborted = fakeFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const cancellation = await createApiClient({ baseUrl: BASE_URL, fetch: aborted.fetch })
      .GET('/api/config')
      .catch((e: unknown) => e);
    expect(cancellation).not.toBeInstanceOf(ApiError);
    expect(cancellation).toMatchObject({ name: 'AbortError' });
  });

  it('leaves 2xx answers alone, including 204 without a body', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const result = await createApiClient({ baseUrl: BASE_URL, fetch }).DELETE('/api/session');
    expect(result.response.status).toBe(204);
    expect(result.error).toBeUndefined();
  });
});

describe('fetchList', () => {
  it('returns the items with X-Total-Count', async () => {
    const { fetch, requests } = fakeFetch(() => json([{ id: 1 }, { id: 2 }], 200, { 'X-Total-Count': '42' }));
    const client = createApiClient({ baseUrl: BASE_URL, fetch });
    const { items, total } = await fetchList(client, '/api/v1/billing_statements/', { params: { query: { page: 3 } } });
    expect(items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(total).toBe(42);
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/billing_statements/?page=3`);
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBe('1');
  });

  it('counts the items when the header is missing', async () => {
    const { fetch } = fakeFetch(() => json([{ id: 'a', name: 'A' }]));
    const { total } = await fetchList(createApiClient({ baseUrl: BASE_URL, fetch }), '/api/v1/tenant_access/');
    expect(total).toBe(1);
  });

  it('only accepts list paths and requires the parameters the operation requires', () => {
    const client = createApiClient({ baseUrl: BASE_URL, fetch: fakeFetch(() => json([])).fetch });
    const typeOnly = () => {
      // @ts-expect-error -- /api/session answers an object, not a list
      void fetchList(client, '/api/session');
      // @ts-expect-error -- the calendar needs date_from and date_to
      void fetchList(client, '/api/v1/meeting_rooms/reservation/all/');
      void fetchList(client, '/api/v1/meeting_rooms/reservation/all/', {
        params: { query: { date_from: '2026-12-01', date_to: '2026-12-07' } },
      });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
