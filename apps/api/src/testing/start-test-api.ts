import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import type { LogLevel } from '../config/env.js';
import { createScratchDatabase } from './scratch-database.js';
import { testConfig } from './test-config.js';

export interface StartTestApiOptions {
  /**
   * A PostgreSQL server (e.g. `postgres://postgres@127.0.0.1:5432/test`): the API gets a new
   * database on it, dropped by `close()`. Without it the API uses embedded PGlite in a new
   * temporary directory.
   */
  databaseUrl?: string;
  /** Seed the demo tenants and users (`@portal/api/demo-data`). Default true. */
  seedDemoData?: boolean;
  /** Short lifetimes let token-renewal tests run in seconds. Defaults: 300 and 950400. */
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Base of the links in password-reset mails. Default `http://portal.test`. */
  portalUrl?: string;
  /** Default `silent`. */
  logLevel?: LogLevel;
  /**
   * Another instance of an API already started on PostgreSQL: this one shares its database and
   * JWT key (as API instances behind one BFF do), and its `close()` leaves the database alone.
   */
  sameStoreAs?: TestApi;
  /** Listen on this port (e.g. to start a stopped instance again where it was); default any free one. */
  port?: number;
}

export interface TestApi {
  /** Base address without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The API's data directory (temporary, deleted by `close()`). */
  dataDir: string;
  /** Where mails land; read them with `@portal/api/testing/outbox`. */
  outboxDir: string;
  /** The database created for this API on the given server; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The JWT key, for a second instance on the same store (`sameStoreAs`). */
  jwtSecret: string;
  /** Stops the server and deletes its data (database or directory). */
  close(): Promise<void>;
}

/**
 * Starts a real API (the same app as `server.ts`) on a random port of 127.0.0.1 with empty,
 * private storage, migrated and seeded. For other packages' tests, e.g. the BFF's:
 *
 * ```ts
 * const api = await startTestApi();
 * afterAll(() => api.close());
 * ```
 */
export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const shared = options.sameStoreAs;
  if (shared !== undefined && shared.databaseUrl === undefined) {
    throw new Error('sameStoreAs needs an API on PostgreSQL: the embedded store serves one process');
  }
  const database =
    shared === undefined
      ? await createScratchDatabase(options.databaseUrl === undefined ? 'pglite' : 'postgres', options.databaseUrl, {
          template: options.seedDemoData === false ? 'migrated' : 'seeded',
        })
      : await (async () => {
          const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-api-test-'));
          return {
            dataDir,
            databaseUrl: shared.databaseUrl,
            dispose: () => rm(dataDir, { recursive: true, force: true }),
          };
        })();
  const config = testConfig({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    ...(shared === undefined ? {} : { jwtSecret: shared.jwtSecret }),
    ...(options.seedDemoData === undefined ? {} : { seedDemoData: options.seedDemoData }),
    ...(options.accessTokenTtlSeconds === undefined ? {} : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
    ...(options.refreshTokenTtlSeconds === undefined ? {} : { refreshTokenTtlSeconds: options.refreshTokenTtlSeconds }),
    ...(options.portalUrl === undefined ? {} : { portalUrl: options.portalUrl }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
  });

  let app;
  try {
    app = await buildApp(config);
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.dispose().catch(() => undefined);
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: database.dataDir,
    outboxDir: path.join(database.dataDir, 'outbox'),
    databaseUrl: database.databaseUrl,
    jwtSecret: config.jwtSecret ?? '',
    close() {
      closing ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.dispose();
        }
      })();
      return closing;
    },
  };
}

/** The current code of a TOTP secret (the demo staff's second factor, ADR 012), for other packages' tests. */
export { currentTotpCode } from '../domain/second-factor.js';
