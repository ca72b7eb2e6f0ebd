import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, CSRF_HEADER, createApiClient } from './client.js';
import { createQueryApi, listQueryOptions } from './react-query.js';

const BASE_URL = 'http://portal.test';

function clientAnswering(respond: (request: Request) => Response) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return respond(request);
  };
  return { client: createApiClient({ baseUrl: BASE_URL, fetch: fetch }), requests };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

// A fresh QueryClient per test without retries, so errors surface at once (TanStack testing guide).
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('createQueryApi', () => {
  it('builds query options keyed [method, path, init] that fetch through the client', async () => {
    // What the server answers comes back as it is; its content does not matter here.
    const config = { hideTenantLogin: false, buildId: 'abc123' };
    const { client, requests } = clientAnswering(() => json(config));
    const api = createQueryApi(client);
    const options = api.queryOptions('get', '/api/config');

    expect(options.queryKey).toEqual(['get', '/api/config']);
    await expect(newQueryClient().fetchQuery(options)).resolves.toEqual(config);
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBe('1');
  });

  it('rejects with the ApiError of the client', async () => {
    const { client } = clientAnswering(() => json({ code: 'not_authenticated', message: 'Nejste přihlášeni.' }, 401));
    const error = await newQueryClient()
      .fetchQuery(createQueryApi(client).queryOptions('get', '/api/session'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated', message: 'Nejste přihlášeni.' });
  });
});

describe('listQueryOptions', () => {
  it('fetches a list with its total under a key that shares the [get, path] prefix', async () => {
    const { client, requests } = clientAnswering(() => json([{ id: 1 }], 200, { 'X-Total-Count': '21' }));
    const init = { params: { query: { page: 2, status: ['open' as const] } } };
    const options = listQueryOptions(client, '/api/v1/support_tickets/', init);

    expect(options.queryKey).toEqual(['get', '/api/v1/support_tickets/', init, 'withTotal']);
    await expect(newQueryClient().fetchQuery(options)).resolves.toEqual({ items: [{ id: 1 }], total: 21 });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/support_tickets/?page=2&status=open`);
  });
});
