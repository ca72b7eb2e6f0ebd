import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { migrationsFolderUpTo, readJournal } from '../testing/migrations-folder.js';
import { tableCounts } from '../testing/table-counts.js';
import { SLOW, useInstallations } from '../testing/installations.js';
import { DATABASE_DRIVERS, type DatabaseDriver, type ScratchDatabase } from '../testing/scratch-database.js';
import { testConfig } from '../testing/test-config.js';
import { login, request } from '../testing/test-client.js';
import { EMBEDDED_EXTENSIONS, MIGRATIONS_FOLDER, openDatabase, type Database } from './database.js';
import { DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { thermometerPng } from '../demo/demo-files.js';

/**
 * The last migration of the previous release, and that release's data
 * (src/testing/upgrade-fixtures/make-fixture.ts). When a release ships, point this at its last migration
 * and add its fixture; the older fixtures may go.
 */
const PREVIOUS_RELEASE = '0003_reservation_exclusion';

const installations = useInstallations();
const scratchFor = (driver: DatabaseDriver) => installations.scratch(driver);
const bootedApp = (scratch: ScratchDatabase) =>
  installations.boot(testConfig({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl, seedDemoData: true }));

/** Runs SQL text with several statements (a dump) on the scratch store, outside the app. */
async function runScript(scratch: ScratchDatabase, script: string): Promise<void> {
  if (scratch.databaseUrl !== undefined) {
    const client = new pg.Client({ connectionString: scratch.databaseUrl });
    await client.connect();
    try {
      await client.query(script);
    } finally {
      await client.end();
    }
    return;
  }
  const client = await PGlite.create(path.join(scratch.dataDir, 'pglite'), { extensions: EMBEDDED_EXTENSIONS });
  try {
    await client.exec(script);
  } finally {
    await client.close();
  }
}

async function appliedMigrations(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n);
}

describe('migrations', () => {
  it('are forward-only: a journal in order, one SQL file per entry, no down migrations', async () => {
    const entries = await readJournal();
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_entry, index) => index));
    for (let i = 1; i < entries.length; i += 1) {
      // drizzle applies what is newer than the database's last migration, by this timestamp.
      expect(entries[i]?.when).toBeGreaterThan(entries[i - 1]?.when ?? 0);
    }
    const files = (await readdir(MIGRATIONS_FOLDER)).filter((name) => name.endsWith('.sql')).sort();
    expect(files).toEqual(entries.map((entry) => `${entry.tag}.sql`));
    expect(files.filter((name) => /down|rollback|revert/i.test(name))).toEqual([]);
  });

  it(
    'several instances starting at once: one applies the migrations and seeds, the others wait',
    async () => {
      const scratch = await scratchFor('postgres');
      const config = testConfig({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl, seedDemoData: true });
      // Booting (open, migrate, seed) happens in ready(), so the three boots overlap.
      const started = await Promise.all([1, 2, 3].map(() => buildApp(config)));
      for (const app of started) installations.defer(() => app.close());
      await Promise.all(started.map((app) => app.ready()));

      const journal = await readJournal();
      const [first] = started;
      if (first === undefined) throw new Error('no app');
      expect(await appliedMigrations(first.db)).toBe(journal.length);
      // Seeded once: the demo users exist exactly once (a second seed would fail on unique e-mails).
      expect((await tableCounts(first.db))['users']).toBe(4);
      for (const app of started) {
        expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      }
    },
    SLOW,
  );

  it(
    'refuses to start against a database migrated by a newer release',
    async () => {
      const scratch = await scratchFor('postgres');
      const app = await bootedApp(scratch);
      const entries = await readJournal();
      const newest = Math.max(...entries.map((entry) => entry.when));
      await app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${newest + 60_000})`,
      );
      await app.close();

      const handle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
      try {
        await expect(handle.withStartupLock(({ migrate }) => migrate())).rejects.toThrow(
          /newer release.*forward-only/s,
        );
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );

  describe.each(DATABASE_DRIVERS)('upgrade from the previous release (%s)', (driver) => {
    it(
      `migrates a database at ${PREVIOUS_RELEASE} with its data, and every row is still there`,
      async () => {
        const scratch = await scratchFor(driver);
        const previousFolder = await migrationsFolderUpTo(PREVIOUS_RELEASE);
        try {
          const handle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
          try {
            await handle.withStartupLock(({ db }) =>
              driver === 'postgres'
                ? migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder: previousFolder })
                : migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: previousFolder }),
            );
          } finally {
            await handle.close();
          }
        } finally {
          await rm(previousFolder, { recursive: true, force: true });
        }
        const fixture = await readFile(
          new URL(`../testing/upgrade-fixtures/${PREVIOUS_RELEASE}.sql`, import.meta.url),
          'utf8',
        );
        await runScript(scratch, fixture);

        // The previous release's rows, counted before the upgrade.
        const before = await (async () => {
          const handle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
          try {
            return await tableCounts(handle.db);
          } finally {
            await handle.close();
          }
        })();
        expect(before['support_tickets']).toBeGreaterThan(0);
        expect(before['readings']).toBeGreaterThan(0);
        expect(before['reservations']).toBeGreaterThan(0);
        expect(before['ticket_attachments']).toBeGreaterThan(0);
        // …and its files, which that release kept under DATA_DIR/attachments.
        const photoKey = '17febe0c6d25fe95f2e5c03e33b41915';
        await mkdir(path.join(scratch.dataDir, 'attachments'), { recursive: true });
        await writeFile(path.join(scratch.dataDir, 'attachments', photoKey), thermometerPng());

        // The current release starts on it: migrates forward, moves the files into the database
        // (FILE_STORE=database, the default), seeds nothing (there are users).
        const app = await bootedApp(scratch);
        expect(await appliedMigrations(app.db)).toBe((await readJournal()).length);
        // Every table of the previous release keeps its rows; tables added since start empty.
        const after = await tableCounts(app.db);
        for (const [table, rows] of Object.entries(before))
          expect({ table, rows: after[table] }).toEqual({ table, rows });
        // ticket_counts and ticket_unassigned_counts are derived: migrations 0007 and 0014 fill
        // them from the tickets already there; the file store's tables receive the old release's
        // files when the API starts; job_schedules the recurring jobs the API registers at start;
        // migration 0013 writes the Czech VAT rates; migration 0015 the staff queue's generation
        // stripes.
        const filled = new Set([
          'job_schedules',
          'staff_queue_generations',
          'ticket_counts',
          'ticket_unassigned_counts',
          'files',
          'file_chunks',
          'vat_rates',
        ]);
        for (const table of Object.keys(after).filter((name) => !(name in before) && !filled.has(name))) {
          expect({ table, rows: after[table] }).toEqual({ table, rows: 0 });
        }
        const counted = await app.db.execute(sql`select coalesce(sum(n), 0)::int as n from ticket_counts`);
        expect(Number((counted as { rows: { n: number }[] }).rows[0]?.n)).toBe(before['support_tickets']);
        const unassigned = await app.db.execute(
          sql`select (select coalesce(sum(n), 0)::int from ticket_unassigned_counts) as counted,
            (select count(*)::int from support_tickets where assignee_id is null and status in ('open', 'in_progress')) as tickets`,
        );
        const [unassignedRow] = (unassigned as { rows: { counted: number; tickets: number }[] }).rows;
        expect(unassignedRow?.tickets).toBeGreaterThan(0);
        expect(unassignedRow?.counted).toBe(unassignedRow?.tickets);
        expect(after['files']).toBe(1);
        expect(await readdir(scratch.dataDir)).not.toContain('attachments');

        // And serves the old data: the user of the old release logs in and sees the tickets.
        const tokens = await login(app, DEMO_USERS.jana.email, DEMO_USERS.jana.password);
        const tickets = await request(app, {
          method: 'GET',
          url: '/api/v1/support_tickets/?page_size=100',
          token: tokens.access,
          headers: { 'x-tenant-id': DEMO_TENANTS.alfa.id },
        });
        expect(tickets.statusCode).toBe(200);
        const inAlfa = await app.db.execute(
          sql`select count(*)::int as n from support_tickets where tenant_id = ${DEMO_TENANTS.alfa.id}`,
        );
        expect(Number(tickets.headers['x-total-count'])).toBe(Number((inAlfa as { rows: { n: number }[] }).rows[0]?.n));
        expect(Number(tickets.headers['x-total-count'])).toBeGreaterThan(0);
        // A statement of the old release keeps its tenant's name as customer (all it knew), has no
        // supplier and no VAT, and still gets its generated PDF.
        const oldStatement = await request(app, {
          method: 'GET',
          url: '/api/v1/billing_statements/3/',
          token: tokens.access,
          headers: { 'x-tenant-id': DEMO_TENANTS.alfa.id },
        });
        expect(oldStatement.body).toMatchObject({
          number: '2026000103',
          total_amount: '48200.50',
          supplier: null,
          customer: { name: DEMO_TENANTS.alfa.name, street: null, city: null, postal_code: null, ico: null, dic: null },
          tax_document: false,
          taxable_supply_date: null,
          vat_breakdown: [{ rate: null, base: '48200.50', vat: '0.00', total: '48200.50' }],
        });
        expect(
          (oldStatement.body as { items: Array<{ vat_rate: unknown }> }).items.every((item) => item.vat_rate === null),
        ).toBe(true);
        const oldPdf = await app.inject({
          method: 'GET',
          url: '/api/v1/billing_statements/3/pdf/',
          headers: { authorization: `Bearer ${tokens.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id },
        });
        expect(oldPdf.statusCode).toBe(200);
        expect(oldPdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // The photo is served from the database, byte for byte.
        const photo = await app.inject({
          method: 'GET',
          url: '/api/v1/support_tickets/1/attachments/1/',
          headers: { authorization: `Bearer ${tokens.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id },
        });
        expect(photo.statusCode).toBe(200);
        expect(photo.rawPayload.equals(thermometerPng())).toBe(true);
      },
      SLOW,
    );
  });
});
