import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadTestEnv } from '../config/env.js';

export type DatabaseDriver = 'pglite' | 'postgres';

/** Both drivers; database tests run once per entry (`describe.each`). */
export const DATABASE_DRIVERS: readonly DatabaseDriver[] = ['pglite', 'postgres'];

export interface ScratchOptions {
  /**
   * PGlite only: start from the run's ready-made store (global-setup.ts) instead of an empty
   * directory – `seeded` (migrated and demo data, as a booted app with seedDemoData leaves it)
   * or `migrated`. Creating a PGlite cluster costs seconds (initdb in WebAssembly); a copy,
   * a fraction. Without a template for this run the directory stays empty, as before.
   */
  template?: 'seeded' | 'migrated' | undefined;
}

/** The template folder when this test run made one; undefined otherwise. */
async function pgliteTemplate(kind: ScratchOptions['template']): Promise<string | undefined> {
  const root = kind === undefined ? undefined : loadTestEnv().pgliteTemplateDir;
  if (root === undefined || kind === undefined) return undefined;
  const dir = path.join(root, kind);
  try {
    await stat(path.join(dir, 'pglite'));
    return dir;
  } catch {
    return undefined;
  }
}

export interface ScratchDatabase {
  driver: DatabaseDriver;
  /** Fresh temporary directory: the PGlite store (embedded driver), outbox, generated key. */
  dataDir: string;
  /** Set for the postgres driver: a database created for this scratch store only. */
  databaseUrl: string | undefined;
  /** Drops the database and deletes the directory. */
  dispose(): Promise<void>;
}

/** A scratch store of this run's test server: PGlite, or a new database on `TEST_DATABASE_URL`. */
export function scratchDatabaseFor(driver: DatabaseDriver, options: ScratchOptions = {}): Promise<ScratchDatabase> {
  return createScratchDatabase(driver, driver === 'postgres' ? loadTestEnv().testDatabaseUrl : undefined, options);
}

/**
 * An empty store for one test file or one test API: a temp directory for PGlite, or a new
 * database on the PostgreSQL server at `serverUrl` (dropped again by `dispose`). An
 * unreachable server throws: a PostgreSQL test must fail, never skip.
 */
export async function createScratchDatabase(
  driver: DatabaseDriver,
  serverUrl?: string,
  options: ScratchOptions = {},
): Promise<ScratchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-api-test-'));
  if (driver === 'pglite') {
    const template = await pgliteTemplate(options.template);
    if (template !== undefined) await cp(template, dataDir, { recursive: true });
    return {
      driver,
      dataDir,
      databaseUrl: undefined,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  if (serverUrl === undefined) throw new Error('A PostgreSQL server URL is required.');
  // Generated, so it is safe to splice into DDL (identifiers cannot be bound as parameters).
  const name = `portal_api_test_${randomBytes(6).toString('hex')}`;
  try {
    await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`Cannot create a test database on ${redact(serverUrl)}: ${String(error)}`, {
      cause: error,
    });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    driver,
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      try {
        await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function redact(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
