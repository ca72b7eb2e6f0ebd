import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { moveFilesOnUpgrade } from '../files/move-into-database.js';

/**
 * `pnpm db:migrate`: applies pending migrations (and, with FILE_STORE=database, moves files an
 * older release kept under DATA_DIR into the database) and exits, for deployments that migrate
 * before starting new instances. The server applies them at start-up as well, so this is
 * optional.
 */
try {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const moved = await handle.withStartupLock(async ({ db, migrate }) => {
      await migrate();
      return moveFilesOnUpgrade(db, config, (line) => process.stdout.write(`${line}\n`));
    });
    process.stdout.write(`Migrations applied (${handle.driver}).\n`);
    if (moved !== undefined && moved.moved + moved.alreadyMoved > 0) {
      process.stdout.write(
        `Files moved into the database: ${moved.moved} (${moved.alreadyMoved} found there already).\n`,
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
