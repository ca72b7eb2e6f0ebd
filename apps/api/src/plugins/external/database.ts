import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/database.js';
import { seedDemoData } from '../../demo/seed.js';
import { registerFileStore, type FileStore } from '../../files/file-store.js';
import { moveFilesOnUpgrade } from '../../files/move-into-database.js';
import { openFileStore } from '../../files/open-file-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle on PGlite or PostgreSQL; code written against it runs on both. */
    db: Database;
    /** Where every file's bytes are read and written (FILE_STORE: the database or DATA_DIR). */
    fileStore: FileStore;
    /** `LISTEN` on a connection of its own; null on the embedded store (db/listen.ts). */
    databaseListen: NonNullable<DatabaseHandle['listen']> | null;
  }
}

/**
 * Opens the database chosen by the configuration (PostgreSQL when `DATABASE_URL` is set,
 * embedded PGlite in `DATA_DIR/pglite` otherwise), applies pending migrations and seeds the
 * demo data into an empty store, all before the server accepts requests. Opens the file store
 * `FILE_STORE` names on the same database (or `DATA_DIR`); with the database store, files an
 * older release left under `DATA_DIR` are moved into it first (files/move-into-database.ts).
 * @see {@link https://orm.drizzle.team/docs/migrations} (migrations applied at runtime)
 */
export const databasePlugin = fp(
  async (fastify) => {
    const { config } = fastify;
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onPoolError: (error) => fastify.log.error({ err: error }, 'idle PostgreSQL connection failed'),
    });
    const fileStore = openFileStore(config.fileStore ?? 'database', { db: handle.db, dataDir: config.dataDir });
    try {
      await handle.withStartupLock(async ({ db, migrate }) => {
        await migrate();
        const moved = await moveFilesOnUpgrade(db, config, (line, progress) => fastify.log.info(progress, line));
        if (moved !== undefined && moved.moved + moved.alreadyMoved > 0) {
          fastify.log.info(moved, 'files moved from DATA_DIR into the database');
        }
        if (config.seedDemoData) {
          const result = await seedDemoData(db, { fileStore: fileStore.on(db) });
          if (result.seeded) {
            fastify.log.info({ users: result.users }, 'seeded demo data into an empty database');
          }
        }
      });
    } catch (error) {
      // Boot stops here and onClose hooks may never run: release the store (and its lock).
      await handle.close().catch(() => undefined);
      throw error;
    }
    fastify.addHook('onClose', () => handle.close());
    fastify.log.info({ driver: handle.driver }, 'database ready');
    fastify.decorate('db', handle.db);
    fastify.decorate('databaseListen', handle.listen ?? null);
    fastify.decorate('fileStore', fileStore);
    // Code that still passes DATA_DIR for the store gets this one (files/file-store.ts).
    const unregister = registerFileStore(config.dataDir, fileStore);
    fastify.addHook('onClose', async () => unregister());
  },
  { name: 'database', dependencies: ['config'] },
);
