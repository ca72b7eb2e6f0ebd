import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config/env.js';
import { scratchDatabaseFor, type DatabaseDriver, type ScratchDatabase } from './scratch-database.js';
import { testConfig } from './test-config.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: ScratchDatabase;
  /** Closes the app, then drops its database and data directory. */
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  config?: Partial<AppConfig>;
  /** Runs before boot, e.g. to add a route that exists only in a test. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * The app on a fresh store of the given driver, booted (migrated, seeded) and ready for
 * `inject` (docs/architecture.md §7). PostgreSQL comes from `TEST_DATABASE_URL`.
 */
export async function buildTestApp(driver: DatabaseDriver, options: BuildTestAppOptions = {}): Promise<TestApp> {
  const database = await scratchDatabaseFor(driver, {
    template: options.config?.seedDemoData === false ? 'migrated' : 'seeded',
  });
  const config = testConfig({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    ...options.config,
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config);
    await options.configure?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.dispose().catch(() => undefined);
    throw error;
  }
  const ready = app;
  return {
    app: ready,
    config,
    database,
    async close() {
      try {
        await ready.close();
      } finally {
        await database.dispose();
      }
    },
  };
}
