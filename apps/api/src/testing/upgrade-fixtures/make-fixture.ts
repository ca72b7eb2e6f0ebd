/**
 * Writes the data of a release's database as SQL, for the upgrade test (migrations.test.ts):
 * migrates a fresh PostgreSQL database up to the release's last migration, seeds the demo data
 * and dumps the rows (no schema). Run when a release ships its last migration, e.g.
 *   pnpm --filter @portal/api exec tsx src/testing/upgrade-fixtures/make-fixture.ts 0003_reservation_exclusion
 * The committed file then stays as it is: it is what that release's database held.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { loadTestEnv } from '../../config/env.js';
import * as schema from '../../db/schema.js';
import { seedDemoData } from '../../demo/seed.js';
import { openFileStore } from '../../files/open-file-store.js';
import { migrationsFolderUpTo } from '../migrations-folder.js';
import { createScratchDatabase } from '../scratch-database.js';

const tag = process.argv[2];
if (tag === undefined) throw new Error('usage: make-fixture.ts <last migration tag of the release>');
const scratch = await createScratchDatabase('postgres', loadTestEnv().testDatabaseUrl);
const folder = await migrationsFolderUpTo(tag);
const pool = new pg.Pool({ connectionString: scratch.databaseUrl });
try {
  const db = drizzle({ client: pool, schema });
  await migrate(db, { migrationsFolder: folder });
  await seedDemoData(db, { fileStore: openFileStore('folder', { db, dataDir: scratch.dataDir }) });
  const dump = execFileSync(
    'pg_dump',
    ['--data-only', '--column-inserts', '--no-owner', '--exclude-schema=drizzle', `--dbname=${scratch.databaseUrl}`],
    { encoding: 'utf8' },
  );
  const out = fileURLToPath(new URL(`./${tag}.sql`, import.meta.url));
  // Without pg_dump's psql meta-commands (\restrict …), so any SQL client can run the file.
  const statements = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  writeFileSync(out, `-- Data of a database at migration ${tag} (demo seed), made by make-fixture.ts.\n${statements}`);
  process.stdout.write(`${out}\n`);
} finally {
  await pool.end();
  await rm(folder, { recursive: true, force: true });
  await scratch.dispose();
}
