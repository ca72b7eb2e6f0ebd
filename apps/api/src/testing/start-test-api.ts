import type { AddressInfo } from 'node:net';
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
  const database = await createScratchDatabase(
    options.databaseUrl === undefined ? 'pglite' : 'postgres',
    options.databaseUrl,
    { template: options.seedDemoData === false ? 'migrated' : 'seeded' },
  );
  const config = testConfig({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    ...(options.seedDemoData === undefined ? {} : { seedDemoData: options.seedDemoData }),
    ...(options.accessTokenTtlSeconds === undefined ? {} : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
    ...(options.refreshTokenTtlSeconds === undefined ? {} : { refreshTokenTtlSeconds: options.refreshTokenTtlSeconds }),
    ...(options.portalUrl === undefined ? {} : { portalUrl: options.portalUrl }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
  });

  let app;
  try {
    app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
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
