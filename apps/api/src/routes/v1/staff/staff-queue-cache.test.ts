import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.js';
import { LISTENER_APPLICATION_NAME } from '../../../db/listen.js';
import { buildings, supportTickets, tenants, totpAuthenticators, users } from '../../../db/schema.js';
import { listensForStaffQueue } from '../../../domain/staff-queue-cache.js';
import { eventually } from '../../../testing/eventually.js';
import { DATABASE_DRIVERS, scratchDatabaseFor, type ScratchDatabase } from '../../../testing/scratch-database.js';
import { logInStaffCast, staffCastApp, type StaffCast } from '../../../testing/staff-cast.js';
import { testConfig } from '../../../testing/test-config.js';

const QUEUE = '/api/v1/staff/support_tickets/';

interface StaffTicket {
  id: number;
  subject: string;
  priority: string;
  version: number;
  building: { id: number; name: string };
  tenant: { id: string; name: string };
  reporter: { id: number; display_name: string };
  assignee: { id: number; display_name: string } | null;
}

const pageOf = async (who: StaffCast['tomas'], query = '') => {
  const response = await who.get(`${QUEUE}${query}`);
  expect(response.statusCode).toBe(200);
  return { items: response.body as StaffTicket[], total: Number(response.headers['x-total-count']) };
};

// A change made through the API instance itself is on the very next page it serves (asserted
// directly). One made beside it – a statement of its own, as the CLI or a job makes, or another
// instance – reaches a listening instance with its notification (migration 0016), a moment
// after the commit: such pages are read `eventually`.

const ticketIn = (items: StaffTicket[], id: number) => {
  const item = items.find((candidate) => candidate.id === id);
  if (item === undefined) throw new Error(`ticket ${id} is not on the page`);
  return item;
};

/**
 * Each instance keeps the queue pages it computed and serves one again while the database's
 * generation of the queue is unchanged (domain/staff-queue-cache.ts, migration 0015). What a
 * clerk relies on: whatever changes on a ticket – its fields, a message, a name shown on it, a
 * new ticket – is on the very next page they load, from any instance.
 */
describe.each(DATABASE_DRIVERS)('the staff queue keeps a page only while nothing on it changed (%s)', (driver) => {
  const cast = staffCastApp(driver);

  it('serves the kept page while the generation stands and computes it again once it moves', async () => {
    const { items } = await pageOf(cast.tomas);
    const top = items[0];
    if (top === undefined) throw new Error('an empty queue');
    // Written with the triggers off, so the generation does not move: the kept page is served,
    // which shows that the page is kept (and what a change the triggers missed would do).
    await cast.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(supportTickets).set({ subject: 'Nezapočítaná změna' }).where(eq(supportTickets.id, top.id));
    });
    expect(ticketIn((await pageOf(cast.tomas)).items, top.id).subject).toBe(top.subject);
    // Any counted change moves it (here a tenant's name set to itself), and the page is read
    // afresh: now with the change the triggers did not count.
    await cast.app.db
      .update(tenants)
      .set({ name: sql`${tenants.name}` })
      .where(eq(tenants.id, top.tenant.id));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).subject).toBe('Nezapočítaná změna');
    await cast.app.db.update(supportTickets).set({ subject: top.subject }).where(eq(supportTickets.id, top.id));
  });

  it('shows a staff change, a new ticket and a new message on the next page', async () => {
    const before = await pageOf(cast.tomas);
    const top = before.items[0];
    if (top === undefined) throw new Error('an empty queue');
    const priority = top.priority === 'critical' ? 'low' : 'critical';
    const changed = await cast.tomas.patch(`${QUEUE}${top.id}/`, { priority }, top.version);
    expect(changed.statusCode).toBe(200);
    expect(ticketIn((await pageOf(cast.tomas)).items, top.id).priority).toBe(priority);

    // A word no ticket has: the search's empty page is kept, then a message brings the ticket in.
    const word = `hledaneslovo${driver}`;
    expect((await pageOf(cast.tomas, `?search=${word}`)).total).toBe(0);
    const message = await cast.tomas.post(`${QUEUE}${top.id}/messages/`, {
      body: `Poznámka: ${word}`,
      visibility: 'internal',
    });
    expect(message.statusCode).toBe(201);
    const found = await pageOf(cast.tomas, `?search=${word}`);
    expect(found.total).toBe(1);
    expect(found.items.map((item) => item.id)).toEqual([top.id]);

    const buildingsOfJana = (await cast.jana.get('/api/v1/buildings/')).body as Array<{ id: number }>;
    const created = await cast.jana.post('/api/v1/support_tickets/', {
      subject: 'Nová závada ve výtahu',
      description: 'Výtah stojí mezi patry.',
      priority: 'standard',
      building: buildingsOfJana[0]?.id,
    });
    expect(created.statusCode).toBe(201);
    const after = await pageOf(cast.tomas);
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]?.id).toBe((created.body as { id: number }).id);
  });

  it('shows a renamed building, tenant, reporter and assignee, and a ticket changed directly, on the next page', async () => {
    const { items } = await pageOf(cast.tomas);
    const top = items.find((item) => item.tenant.id !== '' && item.reporter.id > 0);
    if (top === undefined) throw new Error('no tenant ticket on the first page');
    const assigned = await cast.tomas.patch(`${QUEUE}${top.id}/`, { assignee: cast.tomasId }, top.version);
    expect(assigned.statusCode).toBe(200);
    const before = ticketIn((await pageOf(cast.tomas)).items, top.id);

    await cast.app.db
      .update(buildings)
      .set({ name: sql`${buildings.name} || ' (přejmenováno)'` })
      .where(eq(buildings.id, top.building.id));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).building.name).toBe(
      `${before.building.name} (přejmenováno)`,
    );
    await cast.app.db
      .update(tenants)
      .set({ name: sql`${tenants.name} || ' (nový název)'` })
      .where(eq(tenants.id, top.tenant.id));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).tenant.name).toBe(
      `${before.tenant.name} (nový název)`,
    );
    await cast.app.db.update(users).set({ lastName: 'Provdaná' }).where(eq(users.id, top.reporter.id));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).reporter.display_name).toMatch(
      / Provdaná$/,
    );
    await cast.app.db.update(users).set({ firstName: 'Tomáš', lastName: 'Nový' }).where(eq(users.id, cast.tomasId));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).assignee?.display_name).toBe(
      'Tomáš Nový',
    );
    // A ticket changed by a statement of its own, as the operator's CLI or a job may.
    await cast.app.db.update(supportTickets).set({ subject: 'Opraveno správcem' }).where(eq(supportTickets.id, top.id));
    await eventually(async () => ticketIn((await pageOf(cast.tomas)).items, top.id).subject).toBe('Opraveno správcem');
  });
});

/**
 * On PostgreSQL an instance listens for the queue's notifications (migration 0016) and, while
 * none has arrived, serves a kept page and the caller's standing without a statement.
 */
describe('a listening instance (postgres)', () => {
  const cast = staffCastApp('postgres');
  /** The statements the instance sends while `work` runs (its pool's queries). */
  const statementsDuring = async (work: () => Promise<unknown>) => {
    const spy = vi.spyOn((cast.app.db as unknown as { $client: pg.Pool }).$client, 'query');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };
  const listening = () => expect.poll(() => listensForStaffQueue(cast.app.db), { timeout: 10_000 });

  it('answers a kept page with no statement, and a change through it on the very next page', async () => {
    await listening().toBe(true);
    const { items } = await pageOf(cast.tomas);
    const top = items[0];
    if (top === undefined) throw new Error('an empty queue');
    // Once the notifications of the set-up's own writes have arrived, a page costs no statement.
    await eventually(() => statementsDuring(() => pageOf(cast.tomas))).toBe(0);
    const subject = `${top.subject} (upraveno)`;
    await cast.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(supportTickets).set({ subject }).where(eq(supportTickets.id, top.id));
    });
    // A change request through this instance starts a new epoch before its answer is sent, so
    // the next page is confirmed by the database (and here shows the uncounted subject too).
    const priority = top.priority === 'critical' ? 'low' : 'critical';
    expect((await cast.tomas.patch(`${QUEUE}${top.id}/`, { priority }, top.version)).statusCode).toBe(200);
    const after = ticketIn((await pageOf(cast.tomas)).items, top.id);
    expect([after.priority, after.subject]).toEqual([priority, subject]);
    await cast.app.db.update(supportTickets).set({ subject: top.subject }).where(eq(supportTickets.id, top.id));
  });

  it('refuses a deactivated staff member, and one whose second factor was removed, once notified', async () => {
    await listening().toBe(true);
    await pageOf(cast.tomas);
    await pageOf(cast.tomas);
    await cast.app.db.update(users).set({ isActive: false }).where(eq(users.id, cast.tomasId));
    try {
      await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(401);
    } finally {
      await cast.app.db.update(users).set({ isActive: true }).where(eq(users.id, cast.tomasId));
    }
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(200);
    const [factor] = await cast.app.db
      .update(totpAuthenticators)
      .set({ activatedAt: null })
      .where(eq(totpAuthenticators.userId, cast.tomasId))
      .returning();
    try {
      await eventually(async () => ((await cast.tomas.get(QUEUE)).body as { code?: string }).code).toBe(
        'second_factor_required',
      );
    } finally {
      await cast.app.db
        .update(totpAuthenticators)
        .set({ activatedAt: factor?.activatedAt ?? new Date() })
        .where(eq(totpAuthenticators.userId, cast.tomasId));
    }
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(200);
  });

  it('asks the database again while its listening connection is lost, and listens again', async () => {
    await listening().toBe(true);
    const { items } = await pageOf(cast.tomas);
    const top = items[0];
    if (top === undefined) throw new Error('an empty queue');
    await cast.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await listening().toBe(false);
    // Not listening: a change beside the API (whose notification nobody receives) is on the
    // next page, since every page is confirmed by the database.
    await cast.app.db.update(supportTickets).set({ subject: 'Během výpadku' }).where(eq(supportTickets.id, top.id));
    if (!listensForStaffQueue(cast.app.db)) {
      expect(ticketIn((await pageOf(cast.tomas)).items, top.id).subject).toBe('Během výpadku');
    }
    await listening().toBe(true);
    expect(ticketIn((await pageOf(cast.tomas)).items, top.id).subject).toBe('Během výpadku');
    await eventually(() => statementsDuring(() => pageOf(cast.tomas))).toBe(0);
    await cast.app.db.update(supportTickets).set({ subject: top.subject }).where(eq(supportTickets.id, top.id));
  });
});

describe('two API instances on one database (postgres)', () => {
  let database: ScratchDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await scratchDatabaseFor('postgres');
    const config = testConfig({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(config);
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.dispose();
  });

  it('one instance shows on its next page what the other changed', async () => {
    const [first, second] = apps;
    if (first === undefined || second === undefined) throw new Error('no apps');
    const [one, two] = [await logInStaffCast(first), await logInStaffCast(second)];
    const { items } = await pageOf(one.tomas);
    const top = items[0];
    if (top === undefined) throw new Error('an empty queue');
    // The first instance keeps the page; the second changes the ticket on it.
    expect(ticketIn((await pageOf(one.tomas)).items, top.id).priority).toBe(top.priority);
    const priority = top.priority === 'low' ? 'high' : 'low';
    expect((await two.tomas.patch(`${QUEUE}${top.id}/`, { priority }, top.version)).statusCode).toBe(200);
    await eventually(async () => ticketIn((await pageOf(one.tomas)).items, top.id).priority).toBe(priority);
    // And the other way round, through a message the first one's search finds.
    expect((await pageOf(two.tomas, '?search=druhainstance')).total).toBe(0);
    const message = await one.tomas.post(`${QUEUE}${top.id}/messages/`, {
      body: 'Vyřizuje druhainstance.',
      visibility: 'internal',
    });
    expect(message.statusCode).toBe(201);
    await eventually(async () =>
      (await pageOf(two.tomas, '?search=druhainstance')).items.map((item) => item.id),
    ).toEqual([top.id]);
  });
});
