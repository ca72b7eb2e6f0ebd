import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_DATA_DIR_ENV, E2E_DATABASE_URL_ENV, E2E_JWT_SECRET_ENV } from './stack.js';

const run = promisify(execFile);

/** The demo operator staff member (apps/api demo data). */
export const DEMO_STAFF = 'tomas.dvorak@sprava.example.cz';

/**
 * Runs the operator CLI (`apps/api/dist/cli/portal-admin.js`) against the e2e API's database,
 * i.e. acts on the operator's side while the portal is open in the browser.
 */
export async function portalAdmin(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    'node',
    [fileURLToPath(new URL('../../apps/api/dist/cli/portal-admin.js', import.meta.url)), ...args],
    {
      env: {
        ...process.env,
        DATA_DIR: join(process.env[E2E_DATA_DIR_ENV] ?? '', 'api'),
        DATABASE_URL: process.env[E2E_DATABASE_URL_ENV] ?? '',
        JWT_SECRET: process.env[E2E_JWT_SECRET_ENV] ?? '',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
      },
      timeout: 30_000,
    },
  );
  return JSON.parse(stdout) as unknown;
}
