import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../security/password-hash.js';
import { scratchDatabaseFor, DATABASE_DRIVERS, type ScratchDatabase } from '../testing/scratch-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { tenantAccess, tenants, users } from './schema.js';
import { seedDemoData } from '../demo/seed.js';

describe.each(DATABASE_DRIVERS)('database start-up (%s)', (driver) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    scratch = await scratchDatabaseFor(driver);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.dispose();
  });

  const open = () => openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });

  it('applies the migrations, and applying them again changes nothing', async () => {
    handle = await open();
    await handle.withStartupLock(({ migrate }) => migrate());
    const tables = await listTables(handle);
    expect(tables).toEqual(
      expect.arrayContaining(['password_reset_tokens', 'refresh_tokens', 'tenant_access', 'tenants', 'users']),
    );
    const applied = await appliedMigrations(handle);
    expect(applied).toBeGreaterThanOrEqual(1);

    await handle.withStartupLock(({ migrate }) => migrate());
    expect(await listTables(handle)).toEqual(tables);
    expect(await appliedMigrations(handle)).toBe(applied);
  });

  it('seeds the demo data into an empty store, and only once', async () => {
    if (handle === undefined) throw new Error('previous test did not open the database');
    const db = handle.db;
    const first = await handle.withStartupLock(({ db: locked }) => seedDemoData(locked));
    expect(first).toEqual({ seeded: true, users: [DEMO_USERS.jana.email, DEMO_USERS.petr.email] });

    const second = await handle.withStartupLock(({ db: locked }) => seedDemoData(locked));
    expect(second).toEqual({ seeded: false });

    // The two demo users plus the operator's two staff members (one limited to a building).
    expect((await db.select({ value: count() }).from(users))[0]?.value).toBe(4);
    expect((await db.select({ value: count() }).from(tenants))[0]?.value).toBe(2);
    expect((await db.select({ value: count() }).from(tenantAccess))[0]?.value).toBe(3);
    expect(await db.select({ id: tenants.id, name: tenants.name }).from(tenants).orderBy(tenants.name)).toEqual([
      DEMO_TENANTS.beta,
      DEMO_TENANTS.alfa,
    ]);
    const jana = await db
      .select()
      .from(users)
      .where(sql`${users.email} = ${DEMO_USERS.jana.email}`);
    expect(await verifyPassword(DEMO_USERS.jana.password, jana[0]?.passwordHash ?? '')).toBe(true);
  });

  it('survives a restart: reopening migrates nothing new and keeps the data', async () => {
    await handle?.close();
    handle = await open();
    const result = await handle.withStartupLock(async ({ migrate, db }) => {
      await migrate();
      return seedDemoData(db);
    });
    expect(result).toEqual({ seeded: false });
    expect((await handle.db.select({ value: count() }).from(users))[0]?.value).toBe(4);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    if (handle === undefined) throw new Error('database not open');
    await expect(
      handle.db.insert(users).values({ email: DEMO_USERS.jana.email.toUpperCase(), passwordHash: 'x' }),
    ).rejects.toThrow();
  });

  if (driver === 'pglite') {
    it('refuses a second instance on the same data directory', async () => {
      await expect(open()).rejects.toThrow(/already used by process/);
    });

    it('takes over a lock file left by a process that is gone', async () => {
      await handle?.close();
      handle = undefined;
      // PIDs are at most 2^22 on Linux; this one cannot exist.
      await writeFile(path.join(scratch.dataDir, 'pglite.lock'), '99999999');
      handle = await open();
      expect((await handle.db.select({ value: count() }).from(users))[0]?.value).toBe(4);
    });
  }

  if (driver === 'postgres') {
    it('serialises start-up work of concurrent instances with an advisory lock', async () => {
      const current = handle;
      if (current === undefined) throw new Error('database not open');
      const other = await open();
      try {
        const order: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const first = current.withStartupLock(async () => {
          order.push('first:start');
          await held;
          order.push('first:end');
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        const second = other.withStartupLock(async () => {
          order.push('second');
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(order).toEqual(['first:start']);
        release();
        await Promise.all([first, second]);
        expect(order).toEqual(['first:start', 'first:end', 'second']);
      } finally {
        await other.close();
      }
    });
  }
});

describe('PostgreSQL connection errors', () => {
  it('fails start-up with a clear message when the server is unreachable', async () => {
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: '/nonexistent' }),
    ).rejects.toThrow(/Cannot connect to PostgreSQL \(DATABASE_URL\)/);
  });
});

async function listTables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows<{ table_name: string }>(result).map((row) => row.table_name);
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(rows<{ n: number | string }>(result)[0]?.n);
}

/** node-postgres and PGlite both answer `{ rows }`. */
function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
