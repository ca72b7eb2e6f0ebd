import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_NAME_ENV, envFile, productionScript, STATE_DIR_ENV } from './support.js';

/**
 * Whatever the tests did, nothing is left running, and the run's database and state go. (The
 * shutdown test has normally stopped the set already; stop is then a no-op.)
 */
export default function globalTeardown(): void {
  const state = process.env[STATE_DIR_ENV];
  if (!state) return;
  productionScript('stop');
  const database = process.env[DATABASE_NAME_ENV];
  if (database) {
    try {
      execFileSync('dropdb', ['--if-exists', '--force', '-h', '127.0.0.1', '-U', 'postgres', database], {
        stdio: 'ignore',
      });
    } catch {
      // A database left behind must not fail an otherwise green run.
    }
  }
  // The run's sessions and rate-limit counters (its own random key prefix) would only expire.
  const bffLocal = join(state, 'bff.local.env');
  const prefix = existsSync(bffLocal) ? envFile(bffLocal)['REDIS_KEY_PREFIX'] : undefined;
  if (prefix) {
    try {
      execFileSync('sh', ['-c', 'redis-cli --scan --pattern "$1*" | xargs -r redis-cli del >/dev/null', 'sh', prefix], {
        stdio: 'ignore',
      });
    } catch {
      // Keys left behind expire on their own.
    }
  }
  rmSync(state, { recursive: true, force: true });
}
