import { listOperations, type OperationInfo } from '@portal/openapi/documents';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PUBLIC_SUPPORT_CODE, DEMO_STAFF, DEMO_TENANTS, DEMO_USERS } from './demo/demo-data.js';
import { pragueDayStart } from './domain/prague-time.js';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { DATABASE_DRIVERS } from './testing/scratch-database.js';
import { login } from './testing/test-client.js';

/**
 * Nothing internal leaks (issue #17): with staff internal notes, a staff cancel reason on a
 * tenant's reservation and a cancelled outage in the store, every tenant and public operation of
 * upstream.yaml – enumerated from the document, so a new operation is walked automatically (or
 * fails here until it is given a way to be called) – is called as a tenant and anonymously. No answer may contain an internal note's text, a staff-only reason or a
 * staff-only field.
 */

const NOTE = 'INTERNÍ-ZNAČKA-7731 jen pro techniky';
const RESERVATION_REASON = 'DŮVOD-ZNAČKA-5521';
const EVENT_REASON = 'VÝPADEK-ZNAČKA-9090';
const EVENT_TITLE = 'ZRUŠENÝ-VÝPADEK-4410';
/** Every demo internal note starts so (demo/demo-seed.ts). */
const DEMO_INTERNAL_PREFIX = 'Interní:';
const MARKERS = [NOTE, RESERVATION_REASON, EVENT_REASON, EVENT_TITLE, DEMO_INTERNAL_PREFIX];
/** Fields only the staff operations answer. */
const STAFF_ONLY_FIELDS = ['version', 'cancel_reason', 'cancelled_by', 'last_activity_at', 'awaiting_answer'];

const operations = listOperations('upstream').filter((operation) => !operation.staff);

interface Fixture {
  ticket: number;
  attachment: number;
  publicRequest: number;
  publicAttachment: number;
  event: number;
  room: number;
  publicRoom: number;
  reservation: number;
  publicUuid: string;
  publicToken: string;
  statement: number;
  building: number;
  meter: number;
  refresh: string;
}

interface Call {
  query?: string;
  body?: unknown;
  /** A multipart body of one text file in the part `files`. */
  files?: boolean;
}

/** Calls that change something, or need a body: how each is made. A new one fails the walk. */
const CALLS: Record<string, (f: Fixture) => Call> = {
  login: () => ({ body: { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD } }),
  logout: (f) => ({ body: { refresh: f.refresh } }),
  // The second factor (ADR 012): a tenant without one; wrong codes change nothing.
  authenticateSecondFactor: () => ({ body: { code: '000000' } }),
  activateTotp: () => ({ body: { code: '000000' } }),
  deactivateTotp: () => ({}),
  regenerateRecoveryCodes: () => ({}),
  refreshToken: (f) => ({ body: { refresh: f.refresh } }),
  requestPasswordReset: () => ({ body: { email: DEMO_USERS.jana.email } }),
  resetPassword: () => ({ body: { key: '1-nic', password: 'Dlouhé-heslo-2026' } }),
  updateMyProfile: () => ({ body: { first_name: 'Jana' } }),
  changeMyPassword: () => ({ body: { current_password: 'špatně', new_password: 'Dlouhé-heslo-2026' } }),
  createSupportTicket: (f) => ({ body: { subject: 'Kontrola úniku', description: 'Popis', building: f.building } }),
  addSupportTicketMessage: () => ({ body: { body: 'Zpráva nájemce' } }),
  uploadSupportTicketAttachments: () => ({ files: true }),
  closeSupportTicket: () => ({ body: { resolution: 'Uzavřeno nájemcem.' } }),
  createPublicSupportRequest: (f) => ({
    body: { name: 'Host', email: 'host@example.cz', subject: 'Dotaz', message: 'Zpráva', building: f.building },
  }),
  addPublicSupportMessage: () => ({ query: `code=${DEMO_PUBLIC_SUPPORT_CODE}`, body: { body: 'Doplnění' } }),
  uploadPublicSupportAttachments: () => ({ query: `code=${DEMO_PUBLIC_SUPPORT_CODE}`, files: true }),
  createReservation: (f) => ({
    body: { room: f.room, title: 'Porada', starts_at: slot(5, 0), ends_at: slot(5, 1) },
  }),
  createPublicReservation: (f) => ({
    body: { room: f.publicRoom, starts_at: slot(6, 0), ends_at: slot(6, 1), name: 'Host', email: 'host@example.cz' },
  }),
  cancelReservation: () => ({}),
  cancelPublicReservation: () => ({}),
  createReading: (f) => ({ body: { meter: f.meter, value: '999999' } }),
  updateNotificationPreferences: () => ({ body: { kinds: [{ kind: 'ticket_updates', enabled: true }] } }),
  unsubscribe: () => ({ body: { token: 'neplatny-token' } }),
  // The walk's ticket is not resolved: these answer 409, and the answer must not leak either.
  confirmSupportTicket: () => ({}),
  reopenSupportTicket: () => ({ body: { reason: 'Závada trvá.' } }),
  rateSupportTicket: () => ({ body: { satisfied: true } }),
  markSupportTicketSeen: () => ({}),
};

/** The Prague day `days` ahead, 10:00 + `slots` half hours (the demo rooms' grid). */
function slot(days: number, slots: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(pragueDayStart(day).getTime() + (10 * 60 + slots * 30) * 60_000).toISOString();
}

/** Query parameters a read needs. */
function queryFor(operation: OperationInfo): string {
  const today = new Date().toISOString().slice(0, 10);
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  if (operation.path.startsWith('/api/v1/public_support/{id}')) return `code=${DEMO_PUBLIC_SUPPORT_CODE}`;
  if (['getMeetingRoomAvailability', 'listAllReservations'].includes(operation.operationId))
    return `date_from=${today}&date_to=${week}`;
  if (operation.operationId.startsWith('list')) return 'page_size=100';
  return '';
}

function fillPath(operation: OperationInfo, f: Fixture): string {
  const { path } = operation;
  const id = path.startsWith('/api/v1/support_tickets/')
    ? f.ticket
    : path.startsWith('/api/v1/public_support/')
      ? f.publicRequest
      : path.startsWith('/api/v1/maintenance_events/')
        ? f.event
        : path.startsWith('/api/v1/meeting_rooms/reservation/')
          ? f.reservation
          : path.startsWith('/api/v1/meeting_rooms/')
            ? f.room
            : path.startsWith('/api/v1/billing_statements/')
              ? f.statement
              : f.building;
  const attachment = path.startsWith('/api/v1/public_support/') ? f.publicAttachment : f.attachment;
  return path
    .replace('{id}', String(id))
    .replace('{attachmentId}', String(attachment))
    .replace('{uuid}', f.publicUuid)
    .replace('{token}', f.publicToken);
}

/** Every key of a JSON value, at any depth, with the value it holds. */
function* entries(value: unknown): Generator<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) yield* entries(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      yield [key, inner];
      yield* entries(inner);
    }
  }
}

function assertNoLeak(label: string, response: LightMyRequestResponse): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const text = response.body;
  for (const marker of MARKERS) expect(text.includes(marker), `${label} answers "${marker}"`).toBe(false);
  if (!String(response.headers['content-type'] ?? '').includes('json') || text === '') return;
  for (const [key, value] of entries(JSON.parse(text))) {
    expect(STAFF_ONLY_FIELDS.includes(key), `${label} answers the staff-only field ${key}`).toBe(false);
    if (key === 'visibility') expect(value, `${label} answers an entry's visibility`).not.toBe('internal');
  }
}

describe.each(DATABASE_DRIVERS)('no internal note or staff-only field leaks (%s)', (driver) => {
  let t: TestApp;
  let tenantHeaders: Record<string, string>;
  let f: Fixture;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const jana = await login(t.app, DEMO_USERS.jana.email, DEMO_PASSWORD);
    const staff = (await login(t.app, DEMO_STAFF.email, DEMO_PASSWORD)).access;
    tenantHeaders = { authorization: `Bearer ${jana.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };
    const asTenant = async <T>(url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: tenantHeaders })).json<T>();
    const asStaff = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
      (
        await t.app.inject({ method, url, headers: { authorization: `Bearer ${staff}` }, payload: payload as object })
      ).json<T>();

    const [ticket] = await asTenant<Array<{ id: number }>>('/api/v1/support_tickets/?search=klimatizace');
    const detail = await asTenant<{ attachments: Array<{ id: number }> }>(`/api/v1/support_tickets/${ticket?.id}/`);
    await asStaff('POST', `/api/v1/staff/support_tickets/${ticket?.id}/messages/`, {
      body: NOTE,
      visibility: 'internal',
    });
    const [publicRequest] = await asStaff<Array<{ id: number }>>(
      'GET',
      `/api/v1/staff/public_support/?search=${encodeURIComponent('Nesvítí osvětlení')}`,
    );
    const [building] = await asTenant<Array<{ id: number }>>('/api/v1/buildings/?tenant_only=true');
    const rooms = await asTenant<Array<{ id: number; public_booking: boolean }>>('/api/v1/meeting_rooms/');
    const room = rooms.find((r) => !r.public_booking) ?? rooms[0];
    const publicRoom = rooms.find((r) => r.public_booking) ?? rooms[0];

    // A tenant's reservation the staff cancel with a reason.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/meeting_rooms/reservation/',
      headers: tenantHeaders,
      payload: { room: room?.id, title: 'Porada', starts_at: slot(3, 0), ends_at: slot(3, 1) },
    });
    const reservation = booked.json<{ id: number }>().id;
    await asStaff('POST', `/api/v1/staff/meeting_rooms/reservations/${reservation}/cancel/`, {
      reason: RESERVATION_REASON,
    });
    // A visitor's reservation for the cancellation link.
    const visitorBooking = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/meeting_rooms/reservation/public/',
        payload: {
          room: publicRoom?.id,
          starts_at: slot(4, 0),
          ends_at: slot(4, 1),
          name: 'Host',
          email: 'host@example.cz',
        },
      })
    ).json<{ uuid: string; cancel_token: string }>();
    // An outage the staff announce and cancel with a reason.
    const event = await asStaff<{ id: number }>('POST', '/api/v1/staff/maintenance_events/', {
      building: building?.id,
      title: EVENT_TITLE,
      description: 'Popis',
      category: 'other',
      visibility: 'public',
      starts_at: slot(2, 0),
    });
    await asStaff('POST', `/api/v1/staff/maintenance_events/${event.id}/cancel/`, { reason: EVENT_REASON });
    const [visibleEvent] = await asTenant<Array<{ id: number }>>('/api/v1/maintenance_events/');
    const [statement] = await asTenant<Array<{ id: number }>>('/api/v1/billing_statements/');
    const [meter] = await asTenant<Array<{ id: number }>>('/api/v1/meters/');
    // The fault report's photo, added by the visitor.
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public_support/${publicRequest?.id}/attachments/?code=${DEMO_PUBLIC_SUPPORT_CODE}`,
      ...textFile(),
    });

    f = {
      ticket: ticket?.id ?? 0,
      attachment: detail.attachments[0]?.id ?? 0,
      publicRequest: publicRequest?.id ?? 0,
      publicAttachment: upload.json<Array<{ id: number }>>()[0]?.id ?? 0,
      event: visibleEvent?.id ?? 0,
      room: room?.id ?? 0,
      publicRoom: publicRoom?.id ?? 0,
      reservation,
      publicUuid: visitorBooking.uuid,
      publicToken: visitorBooking.cancel_token,
      statement: statement?.id ?? 0,
      building: building?.id ?? 0,
      meter: meter?.id ?? 0,
      refresh: jana.refresh,
    };
    // The store holds what must not leak: the staff see it.
    const staffView = await asStaff<unknown>('GET', `/api/v1/staff/support_tickets/${f.ticket}/`);
    expect(JSON.stringify(staffView)).toContain(NOTE);
    expect(JSON.stringify(staffView)).toContain(DEMO_INTERNAL_PREFIX);
  });
  afterAll(() => t?.close());

  function textFile() {
    const boundary = 'leakBoundary7MA4YWxkTrZu0gW';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="poznamka.txt"\r\nContent-Type: text/plain\r\n\r\nText\r\n--${boundary}--\r\n`,
    );
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('walks every tenant and public operation of upstream.yaml', async () => {
    expect(operations.length).toBeGreaterThan(40);
    // Reads first, then the changes; closing the ticket (which answers its whole detail) and
    // ending the session last.
    const last = ['closeSupportTicket', 'changeMyPassword', 'logout'];
    const ordered = [
      ...operations.filter((op) => op.method === 'get'),
      ...operations.filter((op) => op.method !== 'get' && !last.includes(op.operationId)),
      ...last.map((id) => operations.find((op) => op.operationId === id)).filter((op) => op !== undefined),
    ];
    expect(new Set(ordered.map((op) => op.operationId)).size).toBe(operations.length);
    for (const operation of ordered) {
      const make = CALLS[operation.operationId];
      if (operation.method !== 'get' && make === undefined) {
        throw new Error(`${operation.operationId}: tell the leak walk how to call it (CALLS)`);
      }
      const call = make?.(f) ?? {};
      const query = call.query ?? queryFor(operation);
      const url = `${fillPath(operation, f)}${query === '' ? '' : `?${query}`}`;
      // Anonymously too: an operation open to visitors must not show them more than a tenant.
      const callers: Array<[string, Record<string, string>]> = [
        ['tenant', tenantHeaders],
        ['anonymous', {}],
      ];
      for (const [who, headers] of callers) {
        const files = call.files === true ? textFile() : undefined;
        const response = await t.app.inject({
          method: operation.method.toUpperCase() as 'GET',
          url,
          headers: { ...headers, ...files?.headers },
          ...(files !== undefined
            ? { payload: files.payload }
            : call.body === undefined
              ? {}
              : { payload: call.body as object }),
        });
        assertNoLeak(`${operation.operationId} as ${who}`, response);
      }
    }
  });
});
