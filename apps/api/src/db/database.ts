import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { listenForNotifications, type NotificationHandlers, type NotificationListener } from './listen.js';
import * as schema from './schema.js';

/** Driver-neutral Drizzle handle: both drivers share PgDatabase, so queries are written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** SQL written by drizzle-kit (`pnpm db:generate`); the same files serve both drivers. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Arbitrary constant identifying this app's start-up lock among PostgreSQL advisory locks. */
const STARTUP_LOCK_KEY = 7_310_420_001;

export interface StartupSession {
  /** Connection that holds the start-up lock; use it for everything done under the lock. */
  db: Database;
  /** Applies pending migrations; already applied ones are skipped (drizzle's journal). */
  migrate: () => Promise<void>;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /**
   * Runs start-up work (migrations, demo seed) while no other instance does the same:
   * an advisory lock on PostgreSQL, the data-directory lock file for PGlite.
   */
  withStartupLock<T>(work: (session: StartupSession) => Promise<T>): Promise<T>;
  /**
   * `LISTEN` on a connection of its own (db/listen.ts); PostgreSQL only. The embedded store
   * serves one process and has no listener: what would rely on one asks the database instead.
   */
  listen?: (channel: string, handlers: NotificationHandlers) => NotificationListener;
  close(): Promise<void>;
}

/**
 * More connections than the server has cores to run them rarely helps: PostgreSQL then only
 * switches between them. 10 suits a small server; raise it with DATABASE_POOL_SIZE when the
 * database has cores to spare.
 */
export const DEFAULT_POOL_SIZE = 10;

export interface OpenDatabaseOptions {
  /** PostgreSQL server; when absent the embedded store under `dataDir/pglite` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Receives errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL pool size (DATABASE_POOL_SIZE); 10 when absent. */
  poolSize?: number | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl === undefined
    ? openPglite(options.dataDir)
    : openPostgres(options.databaseUrl, options.onPoolError, options.poolSize ?? DEFAULT_POOL_SIZE);
}

async function openPostgres(
  connectionString: string,
  onPoolError: ((error: Error) => void) | undefined,
  poolSize: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // Bounds a runaway query instead of letting it hold a connection forever.
    statement_timeout: 30_000,
    application_name: 'portal-api',
  });
  pool.on('error', (error) => onPoolError?.(error));
  try {
    // Fail at start-up, not on the first request, when the server is unreachable.
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL (DATABASE_URL): ${describe(error)}`, {
      cause: error,
    });
  }
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    async withStartupLock(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          const lockedDb = drizzleNodePg({ client, schema });
          return await work({
            db: lockedDb,
            migrate: async () => {
              await refuseNewerSchema(lockedDb);
              await migrateNodePg(lockedDb, { migrationsFolder: MIGRATIONS_FOLDER });
            },
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listenForNotifications(connectionString, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * The extensions whose code PGlite must load itself (a server has them installed): btree_gist
 * backs the reservations' exclusion constraint (migration 0003), pg_trgm the staff queue's
 * text search (migration 0007).
 */
export const EMBEDDED_EXTENSIONS = { btree_gist, pg_trgm };

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const storeDir = path.join(dataDir, 'pglite');
  await mkdir(storeDir, { recursive: true });
  const releaseLock = await acquireDirectoryLock(path.join(dataDir, 'pglite.lock'));
  let client: PGlite;
  try {
    client = await PGlite.create(storeDir, { extensions: EMBEDDED_EXTENSIONS });
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    // PGlite serves one process (guarded by the lock file), so there is nobody to wait for.
    withStartupLock: (work) =>
      work({
        db,
        migrate: async () => {
          await refuseNewerSchema(db);
          await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
        },
      }),
    async close() {
      try {
        await client.close();
      } finally {
        await releaseLock();
      }
    },
  };
}

/**
 * A consistent copy of the embedded store (PGlite's own `dumpDataDir`, a gzipped tar of the
 * cluster). Takes the data-directory lock, so it refuses while the API runs on that store:
 * the embedded store serves one process.
 */
export async function dumpEmbeddedStore(dataDir: string): Promise<Uint8Array> {
  const releaseLock = await acquireDirectoryLock(path.join(dataDir, 'pglite.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: EMBEDDED_EXTENSIONS });
    try {
      const dump = await client.dumpDataDir('gzip');
      return new Uint8Array(await dump.arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    await releaseLock();
  }
}

/** Creates the embedded store of `dataDir` from a {@link dumpEmbeddedStore} copy. */
export async function loadEmbeddedStore(dataDir: string, dump: Uint8Array): Promise<void> {
  const storeDir = path.join(dataDir, 'pglite');
  await mkdir(storeDir, { recursive: true });
  const releaseLock = await acquireDirectoryLock(path.join(dataDir, 'pglite.lock'));
  try {
    const client = await PGlite.create(storeDir, {
      extensions: EMBEDDED_EXTENSIONS,
      loadDataDir: new Blob([dump]),
    });
    await client.close();
  } finally {
    await releaseLock();
  }
}

/** The newest migration this build knows: `when` of the last entry of drizzle-kit's journal. */
export function newestKnownMigration(migrationsFolder: string = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Migrations only go forward. drizzle's migrator applies what is newer than the database's
 * last migration and silently does nothing when the database is *ahead* of the code, so an
 * older release started after an upgrade (a rollback of the binaries) would run against a
 * schema it does not know. Refuse that instead: the way back is the backup taken before the
 * upgrade (`portal-admin restore`), never a down migration.
 */
async function refuseNewerSchema(db: Database): Promise<void> {
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if ((table as { rows: { name: string | null }[] }).rows[0]?.name == null) return;
  const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  const newest = Number((result as { rows: { newest: string | number | null }[] }).rows[0]?.newest ?? 0);
  const known = newestKnownMigration();
  if (newest > known) {
    throw new Error(
      `The database was migrated by a newer release (migration of ${new Date(newest).toISOString()}; ` +
        `this release knows migrations up to ${new Date(known).toISOString()}). Migrations are ` +
        'forward-only: run the newer release, or restore the backup taken before the upgrade.',
    );
  }
}

/** The embedded store is open in another live process (its pid is in `pglite.lock`). */
export class StoreInUseError extends Error {
  override readonly name = 'StoreInUseError';

  constructor(
    readonly dataDir: string,
    readonly owner: number,
    readonly lockPath: string,
    options?: ErrorOptions,
  ) {
    super(
      `The embedded database in ${dataDir} is already used by process ${owner}` +
        (owner === process.pid ? ' (this process)' : '') +
        '; stop it or point DATA_DIR elsewhere.',
      options,
    );
  }
}

/**
 * PGlite does not stop a second instance from opening the same directory (checked with
 * 0.5.16: the second `PGlite.create` succeeds), and two writers corrupt the store. A lock file
 * holding the owner's pid refuses that; a lock left by a dead process is taken over.
 */
async function acquireDirectoryLock(lockPath: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner > 0 && isProcessAlive(owner)) {
        throw new StoreInUseError(path.dirname(lockPath), owner, lockPath, { cause: error });
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not acquire the lock file ${lockPath}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrno(error, 'EPERM');
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describe).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
