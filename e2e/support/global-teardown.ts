import { execFileSync } from 'node:child_process';
import { E2E_DATABASE_URL_ENV } from './stack.js';

/** Drops the run's database (created in playwright.config.ts); `--force` ends the API's connections. */
export default function globalTeardown() {
  const url = process.env[E2E_DATABASE_URL_ENV];
  if (!url) return;
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  try {
    execFileSync(
      'dropdb',
      [
        '--if-exists',
        '--force',
        '-h',
        parsed.hostname,
        '-p',
        parsed.port || '5432',
        '-U',
        parsed.username || 'postgres',
        name,
      ],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    // Leaving a database behind must not fail an otherwise green run.
  }
}
