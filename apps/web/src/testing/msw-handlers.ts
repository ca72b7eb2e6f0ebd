import type { ActiveSessionInfo, ErrorBody, RuntimeConfig, Session } from '@portal/sdk/client';
import type { components } from '@portal/sdk/schema';
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
  /** With a second factor (ADR 012): the password answers 202 and this code completes the login. */
  secondFactorCode?: string;
}

export interface MockBackend {
  config: RuntimeConfig;
  session: Session | null;
  accounts: MockAccount[];
  /** Make PUT /api/session/tenant fail with this status. */
  tenantSelectFailure: number | null;
  /** Make GET /api/config fail with this status. */
  configFailure: number | null;
  /** What the header's news count (getSupportTicketNews) answers. */
  incidentNews: () => number;
  /** Current password of the logged-in user (POST /api/v1/my_profile/password/). */
  password: string;
  /** Valid password reset links (`uid:token`); anything else is an invalid link. */
  resetLinks: string[];
  /** Make the next PATCH /api/v1/my_profile/ answer 401 with this code (session over). */
  profileUnauthorized: string | null;
  /** The user's e-mail notification settings (GET/PUT /api/v1/my_profile/notifications/). */
  notifications: NotificationSetting[];
  /** Make the next PUT /api/v1/my_profile/notifications/ answer this error. */
  notificationsFailure: { status: number; body: ErrorBody } | null;
  requests: { method: string; path: string; body: unknown; csrf: string | null; botToken: string | null }[];
  /** ALTCHA challenge answered by GET /api/bot-protection/challenge. */
  altchaChallenge: Record<string, unknown> | null;
  /** The user's sessions (GET /api/sessions); DELETE /api/sessions/{id} removes one. */
  sessions: ActiveSessionInfo[];
}

type NotificationSetting = components['schemas']['NotificationPreferences']['kinds'][number];

/** A tenant's kinds as the API lists them: everything on except planned outages (opt-in). */
export const TENANT_NOTIFICATIONS: readonly NotificationSetting[] = [
  { kind: 'ticket_updates', enabled: true },
  { kind: 'ticket_visits', enabled: true },
  { kind: 'reservations', enabled: true },
  { kind: 'reservation_reminders', enabled: true },
  { kind: 'outages', enabled: false },
];

export function createBackend(overrides: Partial<MockBackend> = {}): MockBackend {
  return {
    config: buildConfig(),
    session: null,
    accounts: [],
    tenantSelectFailure: null,
    configFailure: null,
    incidentNews: () => 0,
    password: 'Heslo123!',
    resetLinks: [],
    profileUnauthorized: null,
    notifications: TENANT_NOTIFICATIONS.map((setting) => ({ ...setting })),
    notificationsFailure: null,
    altchaChallenge: null,
    sessions: [],
    requests: [],
    ...overrides,
  };
}

const error = (status: number, body: ErrorBody) => HttpResponse.json(body, { status });

export const WRONG_CREDENTIALS = 'Nesprávný e-mail nebo heslo.';
export const INVALID_LINK = 'Odkaz pro obnovení hesla je neplatný nebo jeho platnost vypršela.';
export const NUMERIC_PASSWORD = 'Heslo nesmí obsahovat jen číslice.';
export const WRONG_CURRENT = 'Současné heslo není správné.';
export const WRONG_PASSWORD = 'Heslo není správné.';

export const WRONG_CODE = 'Zadaný kód není správný.';

export function backendHandlers(backend: MockBackend) {
  let pendingAccount: MockAccount | null = null;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    backend.requests.push({
      method: request.method,
      path: url.pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      csrf: request.headers.get('x-csrf'),
      botToken: request.headers.get('x-bot-token'),
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
      // No session is a 200 that says so (bff.yaml getSession), not a 401.
      return HttpResponse.json({ session: backend.session ?? null });
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
      if (account.secondFactorCode !== undefined) {
        pendingAccount = account;
        return HttpResponse.json({ secondFactor: 'pending' }, { status: 202 });
      }
      backend.session = structuredClone(account.session);
      return HttpResponse.json(backend.session);
    }),
    http.get('*/api/second-factor', async ({ request }) => {
      await record(request);
      const required = backend.session?.user.is_staff === true;
      return HttpResponse.json({
        active: required,
        required,
        activatedAt: null,
        lastUsedAt: null,
        recoveryCodes: null,
      });
    }),
    http.post('*/api/session/second-factor', async ({ request }) => {
      await record(request);
      const { code } = (await request.json()) as { code: string };
      if (!pendingAccount) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      if (code !== pendingAccount.secondFactorCode) {
        return error(400, { code: 'invalid_code', message: WRONG_CODE, fields: { code: WRONG_CODE } });
      }
      backend.session = structuredClone(pendingAccount.session);
      pendingAccount = null;
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
    // The header's count of incidents with news (the root layout asks for a tenant session).
    http.get('*/api/v1/support_tickets/news/', () => HttpResponse.json({ tickets_with_news: backend.incidentNews() })),
    http.get('*/api/bot-protection/challenge', async ({ request }) => {
      await record(request);
      if (!backend.altchaChallenge) return error(404, { code: 'not_found', message: 'Nenalezeno.' });
      return HttpResponse.json(backend.altchaChallenge);
    }),
    http.post('*/api/password-reset/request', async ({ request }) => {
      await record(request);
      return HttpResponse.json({}, { status: 202 });
    }),
    http.post('*/api/password-reset/check', async ({ request }) => {
      await record(request);
      const { uid, token } = (await request.json()) as { uid: string; token: string };
      if (!backend.resetLinks.includes(`${uid}:${token}`)) {
        return error(400, { code: 'invalid_reset_link', message: INVALID_LINK, fields: { token: INVALID_LINK } });
      }
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/password-reset/confirm', async ({ request }) => {
      await record(request);
      const { uid, token, password } = (await request.json()) as { uid: string; token: string; password: string };
      if (!backend.resetLinks.includes(`${uid}:${token}`)) {
        return error(400, { code: 'invalid_reset_link', message: INVALID_LINK, fields: { token: INVALID_LINK } });
      }
      if (/^\d+$/.test(password)) {
        return error(400, {
          code: 'validation_error',
          message: NUMERIC_PASSWORD,
          fields: { password: NUMERIC_PASSWORD },
        });
      }
      backend.resetLinks = backend.resetLinks.filter((link) => link !== `${uid}:${token}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('*/api/v1/my_profile/', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      if (backend.profileUnauthorized) {
        const code = backend.profileUnauthorized;
        backend.session = null;
        return error(401, { code, message: 'Vaše přihlášení vypršelo.' });
      }
      const body = (await request.json()) as { first_name?: string; last_name?: string; phone?: string | null };
      if (body.phone && body.phone.replace(/\D/g, '').length > 12) {
        return error(400, {
          code: 'validation_error',
          message: 'Telefon je příliš dlouhý.',
          fields: { phone: 'Telefon je příliš dlouhý.' },
        });
      }
      const user = { ...backend.session.user, ...body };
      user.display_name = `${user.first_name} ${user.last_name}`.trim();
      backend.session = { ...backend.session, user };
      return HttpResponse.json(user);
    }),
    http.post('*/api/v1/my_profile/password/', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      const body = (await request.json()) as { current_password: string; new_password: string };
      if (body.current_password !== backend.password) {
        return error(400, {
          code: 'validation_error',
          message: WRONG_CURRENT,
          fields: { current_password: WRONG_CURRENT },
        });
      }
      backend.password = body.new_password;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/my_profile/notifications/', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      return HttpResponse.json({ kinds: backend.notifications });
    }),
    http.put('*/api/v1/my_profile/notifications/', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      if (backend.notificationsFailure) {
        const { status, body } = backend.notificationsFailure;
        backend.notificationsFailure = null;
        return error(status, body);
      }
      const { kinds } = (await request.json()) as { kinds: NotificationSetting[] };
      backend.notifications = backend.notifications.map(
        (setting) => kinds.find((choice) => choice.kind === setting.kind) ?? setting,
      );
      return HttpResponse.json({ kinds: backend.notifications });
    }),
    http.get('*/api/sessions', async ({ request }) => {
      await record(request);
      if (!backend.session) return error(401, { code: 'not_authenticated', message: 'Nejste přihlášeni.' });
      return HttpResponse.json({ sessions: backend.sessions });
    }),
    http.delete('*/api/sessions/:id', async ({ request, params }) => {
      await record(request);
      if (!backend.sessions.some((session) => session.id === params.id && !session.current)) {
        return error(404, { code: 'not_found', message: 'Toto přihlášení už skončilo.' });
      }
      backend.sessions = backend.sessions.filter((session) => session.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/sessions', async ({ request }) => {
      await record(request);
      const { password } = (await request.json()) as { password: string };
      if (password !== backend.password) {
        return error(400, { code: 'invalid_password', message: WRONG_PASSWORD, fields: { password: WRONG_PASSWORD } });
      }
      backend.session = null;
      backend.sessions = [];
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/session', async ({ request }) => {
      await record(request);
      backend.session = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
