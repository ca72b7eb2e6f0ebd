import type { ErrorBody, RuntimeConfig, Session } from '@portal/sdk/client';
import { http, HttpResponse } from 'msw';
import { buildConfig } from './factories.ts';

/**
 * A small in-memory BFF for integration tests: the session operations and config of
 * docs/decisions/001-contract-shapes.md, with the recorded requests for assertions.
 */
export interface MockAccount {
  email: string;
  password: string;
  /** The session POST /api/session answers for this account. */
  session: Session;
}

export interface MockBackend {
  config: RuntimeConfig;
  session: Session | null;
  accounts: MockAccount[];
  /** Make PUT /api/session/tenant fail with this status. */
  tenantSelectFailure: number | null;
  /** Make GET /api/config fail with this status. */
  configFailure: number | null;
  requests: { method: string; path: string; body: unknown; csrf: string | null }[];
}

export function createBackend(overrides: Partial<MockBackend> = {}): MockBackend {
  return {
    config: buildConfig(),
    session: null,
    accounts: [],
    tenantSelectFailure: null,
    configFailure: null,
    requests: [],
    ...overrides,
  };
}

const error = (status: number, body: ErrorBody) => HttpResponse.json(body, { status });

export const WRONG_CREDENTIALS = 'Nesprávný e-mail nebo heslo.';

export function backendHandlers(backend: MockBackend) {
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    backend.requests.push({
      method: request.method,
      path: url.pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      csrf: request.headers.get('x-csrf'),
    });
  };

  return [
    http.get('*/api/config', async ({ request }) => {
      await record(request);
      if (backend.configFailure) {
        return error(backend.configFailure, { code: 'unavailable', message: 'Služba je dočasně nedostupná.' });
      }
      return HttpResponse.json(backend.config);
    }),
    http.get('*/api/session', async ({ request }) => {
      await record(request);
      if (!backend.session) {
        return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      }
      return HttpResponse.json(backend.session);
    }),
    http.post('*/api/session', async ({ request }) => {
      await record(request);
      const { email, password } = (await request.json()) as { email: string; password: string };
      const account = backend.accounts.find(
        (candidate) => candidate.email === email && candidate.password === password,
      );
      if (!account) {
        return error(400, {
          code: 'invalid_credentials',
          message: WRONG_CREDENTIALS,
          fields: { password: WRONG_CREDENTIALS },
        });
      }
      backend.session = structuredClone(account.session);
      return HttpResponse.json(backend.session);
    }),
    http.put('*/api/session/tenant', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      if (backend.tenantSelectFailure) {
        return error(backend.tenantSelectFailure, {
          code: 'upstream_unavailable',
          message: 'Seznam nájemců se nepodařilo načíst.',
        });
      }
      const { tenantId } = (await request.json()) as { tenantId: string | null };
      if (tenantId && !backend.session.tenants.some((tenant) => tenant.id === tenantId)) {
        return error(403, { code: 'tenant_forbidden', message: 'K tomuto nájemci nemáte přístup.' });
      }
      backend.session = { ...backend.session, selectedTenantId: tenantId };
      return HttpResponse.json(backend.session);
    }),
    http.delete('*/api/session', async ({ request }) => {
      await record(request);
      backend.session = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
