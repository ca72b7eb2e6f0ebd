import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config/env.js';
import {
  scratchDatabaseFor,
  type DatabaseDriver,
  type ScratchDatabase,
  type ScratchOptions,
} from './scratch-database.js';

/** Several boots, PGlite clusters or dumps per test: seconds each, far more on a loaded machine. */
export const SLOW = 180_000;

export interface Installations {
  /** A scratch store (optionally from the run's ready-made template), deleted after the test. */
  scratch: (driver: DatabaseDriver, template?: ScratchOptions['template']) => Promise<ScratchDatabase>;
  /** The whole app on `config`, ready (migrated, seeded as configured), closed after the test. */
  boot: (config: AppConfig) => Promise<FastifyInstance>;
  /** Anything else to undo after the test (closing twice is harmless, so apps may close early). */
  defer: (cleanup: () => Promise<unknown>) => void;
}

/**
 * Whole installations for tests of start-up, migrations and backups. Call once at the top of a
 * test file: after each test everything it made is undone, the newest first, so an app closes
 * before its store is deleted.
 */
export function useInstallations(): Installations {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const defer = (cleanup: () => Promise<unknown>) => {
    cleanups.push(cleanup);
  };
  return {
    defer,
    scratch: async (driver, template) => {
      const scratch = await scratchDatabaseFor(driver, { template });
      defer(() => scratch.dispose());
      return scratch;
    },
    boot: async (config) => {
      const app = await buildApp(config);
      defer(() => app.close());
      await app.ready();
      return app;
    },
  };
}
