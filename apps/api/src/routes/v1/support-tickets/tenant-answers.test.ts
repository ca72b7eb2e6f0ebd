import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets, ticketTimeline } from '../../../db/schema.js';
import { closeStaleResolvedTickets } from '../../../domain/ticket-auto-close.js';
import { STATUS_TRANSITIONS, TENANT_TRANSITIONS, TICKET_STATUSES } from '../../../domain/tickets.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { logInStaffCast, type StaffCast } from '../../../testing/staff-cast.js';

const URL = '/api/v1/support_tickets/';
const QUEUE = '/api/v1/staff/support_tickets/';

interface Detail {
  id: number;
  status: string;
  version: number;
  rating: { satisfied: boolean; comment: string | null; rated_at: string } | null;
  can_rate: boolean;
  timeline: Array<{
    type: string;
    author_role: string;
    author: unknown;
    body: string | null;
    from_value: string | null;
    to_value: string | null;
  }>;
}

describe('the tenant’s transitions', () => {
  it('close from any status but closed, and answer only a resolved ticket', () => {
    for (const from of TICKET_STATUSES) {
      expect(TENANT_TRANSITIONS[from].includes('closed')).toBe(from !== 'closed');
    }
    expect(TENANT_TRANSITIONS.resolved).toEqual(['open', 'closed']);
    expect(TENANT_TRANSITIONS.in_progress).not.toContain('open');
    // Staff reopen a resolved ticket to in_progress, never to open.
    expect(STATUS_TRANSITIONS.resolved).toEqual(['in_progress', 'closed']);
  });
});

describe.each(DATABASE_DRIVERS)('tenant answers, news marks and auto-close (%s)', (driver) => {
  let t: TestApp;
  let cast: StaffCast;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    cast = await logInStaffCast(t.app);
  });
  afterAll(() => t?.close());

  const report = async (subject: string) => {
    const response = await cast.jana.post(URL, { subject, description: 'Nefunguje to.', building: cast.florencId });
    expect(response.statusCode).toBe(201);
    return (response.body as Detail).id;
  };
  const staffDetail = async (id: number) => (await cast.tomas.get(`${QUEUE}${id}/`)).body as Detail;
  const staffPatch = async (id: number, body: Record<string, unknown>) => {
    const { version } = await staffDetail(id);
    const response = await cast.tomas.patch(`${QUEUE}${id}/`, body, version);
    expect(response.statusCode).toBe(200);
  };
  const resolve = (id: number) => staffPatch(id, { status: 'resolved', resolution: 'Vyměněn jistič.' });
  const staffMessage = (id: number, body: string, visibility: 'public' | 'internal') =>
    cast.tomas.post(`${QUEUE}${id}/messages/`, { body, visibility });

  it('confirms a resolved ticket, then rates it once; the staff see the rating', async () => {
    const id = await report('Nesvítí světlo v kuchyňce');
    const early = await cast.jana.post(`${URL}${id}/confirm/`);
    expect(early.statusCode).toBe(409);
    expect(early.body).toMatchObject({ code: 'not_resolved' });
    expect((early.body as { detail: string }).detail).toContain('vyřešeného incidentu');
    const earlyRating = await cast.jana.post(`${URL}${id}/rating/`, { satisfied: true });
    expect(earlyRating.statusCode).toBe(409);
    expect(earlyRating.body).toMatchObject({ code: 'rating_not_allowed' });

    await resolve(id);
    const confirmed = await cast.jana.post(`${URL}${id}/confirm/`);
    expect(confirmed.statusCode).toBe(200);
    const closed = confirmed.body as Detail;
    expect(closed.status).toBe('closed');
    expect(closed.can_rate).toBe(true);
    expect(closed.rating).toBeNull();
    expect(closed.timeline.at(-1)).toMatchObject({
      type: 'status_change',
      author_role: 'tenant',
      from_value: 'resolved',
      to_value: 'closed',
    });

    const twice = await cast.jana.post(`${URL}${id}/confirm/`);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toMatchObject({ code: 'ticket_closed' });

    const rated = await cast.jana.post(`${URL}${id}/rating/`, { satisfied: false, comment: '  Trvalo to týden.  ' });
    expect(rated.statusCode).toBe(200);
    expect(rated.body).toMatchObject({
      can_rate: false,
      rating: { satisfied: false, comment: 'Trvalo to týden.' },
    });
    const again = await cast.jana.post(`${URL}${id}/rating/`, { satisfied: true });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_rated' });

    expect((await staffDetail(id)).rating).toMatchObject({ satisfied: false, comment: 'Trvalo to týden.' });
  });

  it('reopens a resolved ticket with the reason as a comment; the staff see it open', async () => {
    const id = await report('Teče voda pod umyvadlem');
    const notYet = await cast.jana.post(`${URL}${id}/reopen/`, { reason: 'Pořád teče.' });
    expect(notYet.statusCode).toBe(409);
    await resolve(id);
    const blank = await cast.jana.post(`${URL}${id}/reopen/`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toHaveProperty('reason');

    const reopened = await cast.jana.post(`${URL}${id}/reopen/`, { reason: ' Pořád kape, hlavně ráno. ' });
    expect(reopened.statusCode).toBe(200);
    const detail = reopened.body as Detail;
    expect(detail.status).toBe('open');
    expect(detail.can_rate).toBe(false);
    expect(detail.timeline.slice(-2)).toMatchObject([
      { type: 'status_change', author_role: 'tenant', from_value: 'resolved', to_value: 'open' },
      { type: 'comment', author_role: 'tenant', body: 'Pořád kape, hlavně ráno.' },
    ]);
    const staff = await staffDetail(id);
    expect(staff.status).toBe('open');
    expect(staff.timeline.at(-1)).toMatchObject({ type: 'comment', body: 'Pořád kape, hlavně ráno.' });

    // The tenant may not move an open ticket "back to open", nor a ticket in progress.
    const openAgain = await cast.jana.post(`${URL}${id}/reopen/`, { reason: 'Znovu.' });
    expect(openAgain.statusCode).toBe(409);
    expect(openAgain.body).toMatchObject({ code: 'not_resolved' });
  });

  it('marks tickets with news from staff only, clears them when seen, and never counts internal notes', async () => {
    const news = async () => {
      const response = await cast.jana.get(`${URL}news/`);
      expect(response.statusCode).toBe(200);
      return (response.body as { tickets_with_news: number }).tickets_with_news;
    };
    const listed = async (id: number) => {
      const list = (await cast.jana.get(`${URL}?page_size=100&ordering=-created_at`)).body as Array<{
        id: number;
        has_news: boolean;
      }>;
      return list.find((item) => item.id === id)?.has_news;
    };
    const id = await report('Skřípou dveře');
    const before = await news();
    expect(await listed(id)).toBe(false);

    // The tenant's own message and an internal note are no news.
    await cast.jana.post(`${URL}${id}/messages/`, { body: 'Doplňuji: hlavně vstupní.' });
    expect((await staffMessage(id, 'Objednat mazivo.', 'internal')).statusCode).toBe(201);
    expect(await listed(id)).toBe(false);
    expect(await news()).toBe(before);

    expect((await staffMessage(id, 'Přijdeme zítra.', 'public')).statusCode).toBe(201);
    expect(await listed(id)).toBe(true);
    expect(await news()).toBe(before + 1);

    // Reading the detail changes nothing (GET stays safe); the explicit POST does.
    await cast.jana.get(`${URL}${id}/`);
    expect(await listed(id)).toBe(true);
    const seen = await cast.jana.post(`${URL}${id}/seen/`);
    expect(seen.statusCode).toBe(204);
    expect(await listed(id)).toBe(false);
    expect(await news()).toBe(before);

    // A status change by staff is news again; the marks are per user (Tomáš's view is not Jana's).
    await staffPatch(id, { status: 'in_progress' });
    expect(await listed(id)).toBe(true);
    // An unknown or foreign ticket cannot be marked.
    expect((await cast.jana.post(`${URL}999999/seen/`)).statusCode).toBe(404);
  });

  it('closes resolved tickets nobody answered after the configured days, once, even when run concurrently', async () => {
    const stale = await report('Bliká zářivka');
    const fresh = await report('Netopí radiátor');
    await resolve(stale);
    await resolve(fresh);
    const { db } = t.app;
    const now = new Date();
    // The stale one was resolved eight days ago, the fresh one just now.
    await db
      .update(supportTickets)
      .set({ resolvedAt: new Date(now.getTime() - 8 * 86_400_000) })
      .where(eq(supportTickets.id, stale));
    await cast.jana.post(`${URL}${stale}/seen/`);

    const runs = await Promise.all([
      closeStaleResolvedTickets(db, now, 7),
      closeStaleResolvedTickets(db, now, 7),
      closeStaleResolvedTickets(db, now, 7),
    ]);
    // Each ticket closed by exactly one run (the demo data's old resolved tickets go too).
    const closedIds = runs.flat();
    expect(closedIds.filter((closedId) => closedId === stale)).toHaveLength(1);
    expect(new Set(closedIds).size).toBe(closedIds.length);
    expect(closedIds).not.toContain(fresh);
    expect(await closeStaleResolvedTickets(db, now, 7)).toEqual([]);

    const closings = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketTimeline)
      .where(and(eq(ticketTimeline.ticketId, stale), eq(ticketTimeline.toValue, 'closed')));
    expect(closings[0]?.n).toBe(1);

    const detail = (await cast.jana.get(`${URL}${stale}/`)).body as Detail;
    expect(detail.status).toBe('closed');
    expect(detail.can_rate).toBe(true);
    expect(detail.timeline.at(-1)).toMatchObject({
      type: 'status_change',
      author_role: 'system',
      author: null,
      from_value: 'resolved',
      to_value: 'closed',
    });
    expect(detail.timeline.at(-1)?.body).toContain('Uzavřeno automaticky: nájemce do 7 dní');
    // The automatic close is news for the tenant.
    const list = (await cast.jana.get(`${URL}?page_size=100`)).body as Array<{ id: number; has_news: boolean }>;
    expect(list.find((item) => item.id === stale)?.has_news).toBe(true);
    expect((await cast.jana.get(`${URL}${fresh}/`)).body).toMatchObject({ status: 'resolved' });
    // Eight days on, the fresh one goes too.
    expect(await closeStaleResolvedTickets(db, new Date(now.getTime() + 8 * 86_400_000), 7)).toContain(fresh);
  });
});
