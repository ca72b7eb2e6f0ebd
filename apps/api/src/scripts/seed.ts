import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { seedDemoData } from '../demo/seed.js';
import { openFileStore } from '../files/open-file-store.js';

/**
 * `pnpm db:seed`: migrates, then seeds the demo data if the database has no users yet
 * (never touches an existing user base). Independent of `SEED_DEMO_DATA`.
 */
try {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await handle.withStartupLock(async ({ db, migrate }) => {
      await migrate();
      return seedDemoData(db, {
        fileStore: openFileStore(config.fileStore ?? 'database', { db, dataDir: config.dataDir }),
      });
    });
    process.stdout.write(
      result.seeded
        ? `Demo data seeded: ${result.users.join(', ')}.\n`
        : 'The database already has users; nothing seeded.\n',
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
