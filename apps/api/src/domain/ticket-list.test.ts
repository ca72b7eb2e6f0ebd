import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { supportTickets, tenantBuildings, users } from '../db/schema.js';
import { JS_TRIM_CHARACTERS } from './users.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../testing/scratch-database.js';
import { FIRST_PAGE_STATEMENT, FIRST_PAGE_WITH_CALLER_STATEMENT, listTicketPage } from './ticket-list.js';
import { hasNewsSql } from './ticket-news.js';
import { loadTicketDetail } from './tickets.js';

const TENANT = DEMO_TENANTS.alfa.id;
/** Whose news marks the list carries; no such user has seen anything. */
const VIEWER = 999_999;
const SUMMARY_KEYS = [
  'id',
  'subject',
  'building',
  'priority',
  'status',
  'contact_phone',
  'created_at',
  'updated_at',
  'resolution',
  'assignee',
  'visit',
] as const;

describe('JS_TRIM_CHARACTERS', () => {
  it('is exactly the set of characters String.prototype.trim() removes', () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      if (`a${character}`.trim() === 'a') trimmed.push(character);
    }
    expect([...JS_TRIM_CHARACTERS].sort()).toEqual(trimmed.sort());
  });
});

describe.each(DATABASE_DRIVERS)('ticket list built as JSON by the database (%s)', (driver) => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const { db } = t.app;
    const [building] = await db.select().from(tenantBuildings).where(eq(tenantBuildings.tenantId, TENANT)).limit(1);
    const buildingId = building?.buildingId ?? 0;
    // Assignees whose names need the same trimming as displayName() (NBSP, tab, ideographic
    // space at the edges), and one without a name (the e-mail address is shown).
    const assigneeRows = await db
      .insert(users)
      .values([
        {
          email: 'technik1@sprava.example.cz',
          passwordHash: 'x',
          firstName: '\u00a0Karel\t',
          lastName: 'Dvořák\u3000',
          isStaff: true,
        },
        { email: 'technik2@sprava.example.cz', passwordHash: 'x', firstName: ' ', lastName: '\ufeff', isStaff: true },
        { email: 'technik3@sprava.example.cz', passwordHash: 'x', firstName: 'Eva', lastName: '', isStaff: true },
      ])
      .returning({ id: users.id });
    const subjects = [
      'Uvozovky " a zpětné lomítko \\ v předmětu',
      'Řádky\na tabulátor\t, řídicí znak \u0001 a emoji 🔧',
      'Procenta 100 % a podtržítko a_b',
      'Obyčejná závada',
    ];
    for (const [index, subject] of subjects.entries()) {
      const [row] = await db
        .insert(supportTickets)
        .values({
          tenantId: TENANT,
          buildingId,
          reporterId: assigneeRows[0]?.id ?? 1,
          subject,
          description: `Popis ${index}`,
          priority: (['low', 'standard', 'high', 'critical'] as const)[index] ?? 'low',
          status: 'open',
          contactPhone: index % 2 === 0 ? null : '+420 601 234 567',
          assigneeId: assigneeRows[index]?.id ?? null,
          resolution: index === 1 ? 'Vyřešeno – vyměněna žárovka.' : null,
        })
        .returning({ id: supportTickets.id });
      if (row) ids.push(row.id);
    }
    // Microseconds, where rounding and truncation to milliseconds differ.
    await db.execute(
      sql`update ${supportTickets} set created_at = '2026-03-29T00:59:59.999999Z', updated_at = '2026-10-25T01:30:00.000500Z' where ${supportTickets.id} = ${ids[0] ?? 0}`,
    );
    // A visit window with a note that needs escaping, and one without a note.
    await db.execute(
      sql`update ${supportTickets} set visit_from = '2026-11-02T07:00:00.000400Z', visit_to = '2026-11-02T09:30:00Z', visit_note = 'Klíč "u" vrátného' where ${supportTickets.id} = ${ids[1] ?? 0}`,
    );
    await db.execute(
      sql`update ${supportTickets} set visit_from = '2026-11-03T07:00:00Z', visit_to = '2026-11-03T08:00:00Z' where ${supportTickets.id} = ${ids[2] ?? 0}`,
    );
    // News for every viewer on one ticket.
    await db.execute(
      sql`update ${supportTickets} set tenant_news_at = now() where ${supportTickets.id} = ${ids[3] ?? 0}`,
    );
  });
  afterAll(() => t?.close());

  it('answers exactly what the row-by-row mapping answers, key order included', async () => {
    const { db } = t.app;
    for (const ordering of ['-created_at', 'created_at', '-updated_at', 'priority', '-priority', 'status']) {
      const { total, json } = await listTicketPage(db, {
        tenantId: TENANT,
        viewerId: VIEWER,
        ordering,
        limit: 100,
        offset: 0,
      });
      const items = JSON.parse(json) as Array<Record<string, unknown>>;
      expect(items).toHaveLength(total);
      const expected: Array<Record<string, unknown>> = [];
      for (const item of items) {
        const detail = (await loadTicketDetail(db, item['id'] as number, TENANT)) as Record<string, unknown>;
        const [news] = await db
          .select({ hasNews: hasNewsSql(VIEWER) })
          .from(supportTickets)
          .where(eq(supportTickets.id, item['id'] as number));
        expected.push({
          ...Object.fromEntries(SUMMARY_KEYS.map((key) => [key, detail[key]])),
          has_news: news?.hasNews,
        });
      }
      // Byte for byte what JSON.stringify (and so fast-json-stringify) writes for the mapped rows.
      expect(json).toBe(JSON.stringify(expected));
    }
    const names = JSON.parse(
      (await listTicketPage(db, { tenantId: TENANT, viewerId: VIEWER, limit: 100, offset: 0 })).json,
    ) as Array<{
      id: number;
      assignee: { display_name: string } | null;
      created_at: string;
    }>;
    const byId = new Map(names.map((item) => [item.id, item]));
    expect(byId.get(ids[0] ?? 0)?.assignee?.display_name).toBe('Karel\t Dvořák');
    expect(byId.get(ids[0] ?? 0)?.created_at).toBe('2026-03-29T00:59:59.999Z');
    expect(byId.get(ids[1] ?? 0)?.assignee?.display_name).toBe('technik2@sprava.example.cz');
    expect(byId.get(ids[2] ?? 0)?.assignee?.display_name).toBe('Eva');
  });

  it('pages, counts and filters like the contract says, search taking % and _ literally', async () => {
    const { db } = t.app;
    const all = await listTicketPage(db, { tenantId: TENANT, viewerId: VIEWER, limit: 100, offset: 0 });
    const allIds = (JSON.parse(all.json) as Array<{ id: number }>).map((item) => item.id);
    const second = await listTicketPage(db, { tenantId: TENANT, viewerId: VIEWER, limit: 2, offset: 2 });
    expect(second.total).toBe(all.total);
    expect((JSON.parse(second.json) as Array<{ id: number }>).map((item) => item.id)).toEqual(allIds.slice(2, 4));

    const search = async (text: string) =>
      (
        JSON.parse(
          (await listTicketPage(db, { tenantId: TENANT, viewerId: VIEWER, search: text, limit: 100, offset: 0 })).json,
        ) as Array<{ id: number }>
      ).map((item) => item.id);
    expect(await search('a_b')).toEqual([ids[2]]);
    expect(await search('a%b')).toEqual([]);
    expect(await search('100 %')).toEqual([ids[2]]);
    expect(await search('  ')).toEqual(allIds);
    // Typed without diacritics or in capitals, as on a phone: „Obyčejná závada“.
    expect(await search('obycejna ZAVADA')).toEqual([ids[3]]);
    expect(await search('ZÁVADA')).toEqual([ids[3]]);
    expect(await search('radky')).toEqual([ids[1]]);

    const filtered = await listTicketPage(db, {
      viewerId: VIEWER,
      tenantId: TENANT,
      status: ['open'],
      priority: ['low', 'critical'],
      createdFrom: new Date('2026-03-29T00:00:00Z'),
      createdTo: new Date('2026-03-30T00:00:00Z'),
      limit: 100,
      offset: 0,
    });
    expect(filtered).toMatchObject({ total: 1 });
    expect((JSON.parse(filtered.json) as Array<{ id: number }>).map((item) => item.id)).toEqual([ids[0]]);

    expect(await listTicketPage(db, { tenantId: 'nobody', viewerId: VIEWER, limit: 20, offset: 0 })).toEqual({
      total: 0,
      json: '[]',
    });

    // With the caller checked in the same statement: the page only for an allowed caller.
    const userId = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
    const jana = await userId(DEMO_USERS.jana.email);
    const petr = await userId(DEMO_USERS.petr.email);
    const query = { tenantId: TENANT, viewerId: VIEWER, limit: 100, offset: 0 };
    expect(await listTicketPage(db, query, { userId: jana })).toEqual({
      verdict: { found: true, active: true, allowed: true },
      page: all,
    });
    expect(await listTicketPage(db, query, { userId: petr })).toEqual({
      verdict: { found: true, active: true, allowed: false },
      page: null,
    });
    expect(await listTicketPage(db, query, { userId: 999_999 })).toEqual({
      verdict: { found: false, active: false, allowed: false },
      page: null,
    });
    await db.update(users).set({ isActive: false }).where(eq(users.id, jana));
    expect(await listTicketPage(db, query, { userId: jana })).toMatchObject({
      verdict: { found: true, active: false },
      page: null,
    });
    await db.update(users).set({ isActive: true }).where(eq(users.id, jana));
    expect(await listTicketPage(db, { tenantId: TENANT, viewerId: VIEWER, limit: 20, offset: 1000 })).toEqual({
      total: all.total,
      json: '[]',
    });
  });
});

describe('ticket list statements on PostgreSQL', () => {
  let t: TestApp;
  // One connection, so pg_prepared_statements shows the statements the list ran.
  beforeAll(async () => {
    t = await buildTestApp('postgres', { config: { databasePoolSize: 1 } });
  });
  afterAll(() => t?.close());

  it('plans the first page once (a generic plan) instead of at every execution', async () => {
    const [jana] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.jana.email));
    for (let run = 0; run < 8; run += 1) {
      await listTicketPage(t.app.db, { tenantId: TENANT, viewerId: VIEWER, limit: 20, offset: 0 });
      await listTicketPage(
        t.app.db,
        { tenantId: TENANT, viewerId: VIEWER, limit: 20, offset: 0 },
        { userId: jana?.id ?? 0 },
      );
    }
    const result = await t.app.db.execute(
      sql`select name, generic_plans from pg_prepared_statements where name in (${FIRST_PAGE_STATEMENT}, ${FIRST_PAGE_WITH_CALLER_STATEMENT}) order by name`,
    );
    const rows = (result as { rows: Array<{ name: string; generic_plans: string | number }> }).rows;
    expect(rows.map((row) => row.name)).toEqual([FIRST_PAGE_STATEMENT, FIRST_PAGE_WITH_CALLER_STATEMENT]);
    // PostgreSQL tries five custom plans, then keeps the generic one when it is no costlier.
    for (const row of rows) expect(Number(row.generic_plans)).toBeGreaterThanOrEqual(3);
  });
});
