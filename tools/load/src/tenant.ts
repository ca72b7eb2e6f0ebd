import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOM, type Account } from './accounts.js';
import { Actor } from './actor.js';
import type { CreatedRecords } from './created.js';
import type { Answer, BrowserClient } from './http-client.js';
import { minutesOf, pragueDay, pragueInstant } from './prague-time.js';
import type { Recorder } from './recorder.js';

export interface TenantSettings {
  /** Marks everything this run creates, so the check finds it again. */
  runTag: string;
  /** Pause after each step, in ms (±50 %); 0 = no pause. */
  thinkMs: number;
  /** Log out and in again every this many visits; 0 = once per run. */
  reloginEvery: number;
  created: CreatedRecords;
}

/**
 * Per client address the BFF allows 10 log-ins a minute (RATE_LIMIT_LOGIN_PER_MINUTE); a
 * tenant never logs in again sooner than this (5 a minute), which leaves room for retries.
 */
const LOGIN_SPACING_MS = 12_000;
const SLOTS_PER_DAY = (minutesOf(ROOM.closing) - minutesOf(ROOM.opening)) / ROOM.slotMinutes;
/** Bookings go 1 to 120 days ahead and then wrap around (earlier ones were cancelled). */
const BOOKING_DAYS = 120;

const is = (status: number) => (answer: Answer) => answer.status === status;

/**
 * A tenant using the portal: logs in (CSRF header, Origin, session cookie), then visits again
 * and again: the session, the ticket list and one ticket, a new ticket with a comment, the
 * meters and a new reading, a room's availability, a booking and its cancellation.
 */
export class Tenant extends Actor {
  private visits = 0;
  private lastLoginAt = Number.NEGATIVE_INFINITY;
  private meterValue: number | null = null;
  private slot = 0;

  constructor(
    name: string,
    client: BrowserClient,
    recorder: Recorder,
    readonly account: Account,
    private readonly settings: TenantSettings,
  ) {
    super(name, client, recorder);
    // Different tenants start at different slots, only so the bookings spread over the days.
    this.slot = Math.floor(Math.random() * SLOTS_PER_DAY * 7);
  }

  /** Whether the session is still there (the fault check asks at the end of a run). */
  async sessionAlive(): Promise<boolean> {
    // 200 either way; `session` is null when it is gone (bff.yaml getSession).
    const answer = await this.client.call('GET', '/api/session');
    return answer.status === 200 && (answer.body as { session?: unknown } | null)?.session != null;
  }

  async logIn(): Promise<boolean> {
    const { email, password, tenantId } = this.account;
    const login = await this.step(
      'log in',
      () => this.client.call('POST', '/api/session', { json: { email, password } }),
      {
        ok: is(200),
      },
    );
    if (!login) return false;
    this.lastLoginAt = performance.now();
    this.loggedIn = true;
    // The tenant cookie remembers the choice for 30 days, so only the first log-in selects.
    if ((login.body as { selectedTenantId?: string | null }).selectedTenantId !== tenantId) {
      const selected = await this.step(
        'select tenant',
        () => this.client.call('PUT', '/api/session/tenant', { json: { tenantId } }),
        {
          ok: is(200),
        },
      );
      if (!selected) return false;
    }
    return true;
  }

  protected logInAgain(): Promise<boolean> {
    return this.logIn();
  }

  async visit(): Promise<void> {
    this.visits += 1;
    const { reloginEvery } = this.settings;
    if (
      this.loggedIn &&
      reloginEvery > 0 &&
      this.visits % reloginEvery === 0 &&
      performance.now() - this.lastLoginAt >= LOGIN_SPACING_MS
    ) {
      this.loggedIn = false;
      await this.step('log out', () => this.client.call('DELETE', '/api/session'), { ok: is(204) });
    }
    if (!this.loggedIn && !(await this.logIn())) return;

    await this.step('session', () => this.client.call('GET', '/api/session'), { ok: is(200) });
    await this.think();
    await this.tickets();
    await this.reading();
    await this.booking();
  }

  private async tickets(): Promise<void> {
    const { runTag, created } = this.settings;
    const list = await this.step('list tickets', () => this.client.call('GET', '/api/v1/support_tickets/?page=1'), {
      ok: is(200),
    });
    await this.think();
    const listed = Array.isArray(list?.body) ? (list.body as Array<{ id: number }>) : [];
    const pick = listed[Math.floor(Math.random() * listed.length)];
    if (pick) {
      await this.step('open ticket', () => this.client.call('GET', `/api/v1/support_tickets/${pick.id}/`), {
        ok: is(200),
      });
      await this.think();
    }

    const subject = `${runTag} ${this.name}: nesvítí světlo (${this.visits})`;
    const ticketKey = randomUUID();
    const ticket = await this.step(
      'create ticket',
      () =>
        this.client.call('POST', '/api/v1/support_tickets/', {
          json: { subject, description: 'Na chodbě ve 2. patře nesvítí světlo.', building: this.account.buildingId },
          headers: { 'idempotency-key': ticketKey },
        }),
      { ok: is(201) },
    );
    await this.think();
    if (!ticket) {
      created.unanswered.push({ actor: this.name, kind: 'ticket', marker: subject });
      return;
    }
    const ticketId = (ticket.body as { id: number }).id;
    created.tickets.push({ actor: this.name, id: ticketId, subject });

    const body = `${runTag} ${this.name}: pořád nesvítí (${this.visits})`;
    const commentKey = randomUUID();
    const comment = await this.step(
      'comment ticket',
      () =>
        this.client.call('POST', `/api/v1/support_tickets/${ticketId}/messages/`, {
          json: { body },
          headers: { 'idempotency-key': commentKey },
        }),
      { ok: is(201) },
    );
    await this.think();
    if (comment) created.comments.push({ actor: this.name, ticketId, body });
    else created.unanswered.push({ actor: this.name, kind: 'comment', marker: body });
  }

  private async reading(): Promise<void> {
    const { runTag, created } = this.settings;
    const meters = await this.step('list meters', () => this.client.call('GET', '/api/v1/meters/'), { ok: is(200) });
    await this.think();
    if (this.meterValue === null) {
      if (!meters) return;
      const meter = (meters.body as Array<{ id: number; last_reading: { value: string } | null }>).find(
        (candidate) => candidate.id === this.account.meterId,
      );
      this.meterValue = Number(meter?.last_reading?.value ?? 1000);
    }
    // Always upwards from the highest value sent, even if an answer was lost: a lower value
    // would need a reason.
    this.meterValue += 0.5 + Math.round(Math.random() * 1000) / 1000;
    const value = this.meterValue.toFixed(3);
    const note = `${runTag} ${this.name}: odečet ${this.visits}`;
    const key = randomUUID();
    const reading = await this.step(
      'submit reading',
      () =>
        this.client.call('POST', '/api/v1/readings/', {
          json: { meter: this.account.meterId, value, note },
          headers: { 'idempotency-key': key },
        }),
      { ok: is(201) },
    );
    await this.think();
    if (reading)
      created.readings.push({
        actor: this.name,
        id: (reading.body as { id: number }).id,
        meterId: this.account.meterId,
        note,
      });
    else created.unanswered.push({ actor: this.name, kind: 'reading', marker: note });
  }

  private async booking(): Promise<void> {
    const { runTag, created } = this.settings;
    const { roomId } = this.account;
    const day = pragueDay(1 + (Math.floor(this.slot / SLOTS_PER_DAY) % BOOKING_DAYS));
    await this.step(
      'room availability',
      () => this.client.call('GET', `/api/v1/meeting_rooms/${roomId}/availability/?date_from=${day}&date_to=${day}`),
      {
        ok: is(200),
      },
    );
    await this.think();

    const title = `${runTag} ${this.name}: porada (${this.visits})`;
    let booked: Answer | null = null;
    // A slot left booked (a cancel that failed in an earlier run) answers 409: take the next.
    for (let attempt = 0; attempt < 10 && !booked; attempt += 1) {
      const slotDay = pragueDay(1 + (Math.floor(this.slot / SLOTS_PER_DAY) % BOOKING_DAYS));
      const start = minutesOf(ROOM.opening) + (this.slot % SLOTS_PER_DAY) * ROOM.slotMinutes;
      this.slot += 1;
      const key = randomUUID();
      const json = {
        room: roomId,
        title,
        starts_at: pragueInstant(slotDay, start).toISOString(),
        ends_at: pragueInstant(slotDay, start + ROOM.slotMinutes).toISOString(),
        attendees: 4,
      };
      const answer = await this.step(
        'book room',
        () =>
          this.client.call('POST', '/api/v1/meeting_rooms/reservation/', { json, headers: { 'idempotency-key': key } }),
        {
          ok: is(201),
          expected: (candidate) => candidate.status === 409 && errorCode(candidate) === 'reservation_conflict',
        },
      );
      if (!answer) break;
      if (answer.status === 201) booked = answer;
    }
    await this.think();
    if (!booked) {
      created.unanswered.push({ actor: this.name, kind: 'reservation', marker: title });
      return;
    }
    const id = (booked.body as { id: number }).id;
    const record = { actor: this.name, id, roomId, title, cancelled: false };
    created.reservations.push(record);

    let tries = 0;
    const cancel = await this.step(
      'cancel booking',
      () => {
        tries += 1;
        return this.client.call('POST', `/api/v1/meeting_rooms/reservation/${id}/cancel/`);
      },
      {
        ok: is(200),
        // Only on a retry: the failed try did cancel, only its answer was lost.
        expected: (answer) => tries > 1 && answer.status === 409 && errorCode(answer) === 'reservation_not_cancellable',
      },
    );
    record.cancelled = cancel !== null;
    await this.think();
  }

  private async think(): Promise<void> {
    const { thinkMs } = this.settings;
    if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
  }
}

function errorCode(answer: Answer): string | undefined {
  const body = answer.body as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : undefined;
}
