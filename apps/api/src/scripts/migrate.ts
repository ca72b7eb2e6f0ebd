import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';

/**
 * `pnpm db:migrate`: applies pending migrations and exits, for deployments that migrate
 * before starting new instances. The server applies them at start-up as well, so this is
 * optional.
 */
try {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.withStartupLock(({ migrate }) => migrate());
    process.stdout.write(`Migrations applied (${handle.driver}).\n`);
  } finally {
    await handle.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
