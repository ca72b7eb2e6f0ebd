import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` diffs src/db/schema.ts against the snapshots in migrations/meta and
// writes the next SQL migration. It needs no database: the same SQL is applied to the
// embedded PGlite store and to a PostgreSQL server at start-up (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
