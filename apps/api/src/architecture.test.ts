import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of README.md "Layers" are enforced by ESLint (eslint.config.js). This proves the
 * rule is wired up: an import that breaks a boundary fails the lint, one that keeps to it does
 * not. The code is linted as if it were the named file (type-aware rules need a real path).
 */

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/** Linting with type information takes seconds on a busy machine; the first call builds the program. */
const LINT_TIMEOUT = 120_000;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: apiRoot });
});

async function problems(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(apiRoot, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  return (await problems(file, code))
    .filter((problem) => problem.ruleId === 'import-x/no-restricted-paths')
    .map((problem) => problem.message);
}

describe('layer boundaries', () => {
  it.each([
    {
      what: 'the database importing the domain',
      file: 'src/db/schema.ts',
      code: "export { createTicket } from '../domain/tickets.js';",
      says: 'the database schema may import only the database schema, not domain',
    },
    {
      what: 'the domain importing a route',
      file: 'src/domain/tickets.ts',
      code: "export { meterRoutes } from '../routes/v1/meters/index.js';",
      says: 'domain may import only',
    },
    {
      what: 'the domain importing a plugin',
      file: 'src/domain/users.ts',
      code: "export { usersPlugin } from '../plugins/app/users.js';",
      says: 'not plugins',
    },
    {
      what: 'the CLI importing the database schema',
      file: 'src/cli/portal-admin.ts',
      code: "export { users } from '../db/schema.js';",
      says: 'the CLI may import only the CLI, config, the database connection, the file store, domain, not the database schema',
    },
    {
      what: 'the demo seed importing the database schema',
      file: 'src/demo/demo-seed.ts',
      code: "export { tenants } from '../db/schema.js';",
      says: 'not the database schema',
    },
    {
      what: 'a route handler querying tables itself',
      file: 'src/routes/v1/meters/index.ts',
      code: "export { meters } from '../../../db/schema.js';",
      says: 'route handlers may import only',
    },
  ])('refuses $what', { timeout: LINT_TIMEOUT }, async ({ file, code, says }) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it.each([
    {
      what: 'a route folder importing another',
      file: 'src/routes/v1/public-support/index.ts',
      code: "export { findTenantAttachment } from '../support-tickets/repository.js';",
    },
    {
      what: 'an allauth route folder importing the other',
      file: 'src/routes/v1/allauth/auth/index.ts',
      code: "export { passwordRoutes } from '../password/index.js';",
    },
  ])('refuses $what', { timeout: LINT_TIMEOUT }, async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).toEqual([
      expect.stringContaining('never imports another; compose them one layer up'),
    ]);
  });

  it.each([
    { file: 'src/routes/v1/meters/index.ts', code: "export { recordReading } from '../../../domain/meters.js';" },
    { file: 'src/routes/v1/meters/repository.ts', code: "export { meters } from '../../../db/schema.js';" },
    { file: 'src/cli/portal-admin.ts', code: "export { openDatabase } from '../db/database.js';" },
    { file: 'src/demo/seed.ts', code: "export { createUser } from '../domain/users.js';" },
    { file: 'src/domain/meters.ts', code: "export { readings } from '../db/schema.js';" },
  ])('allows $file to import what its layer may', { timeout: LINT_TIMEOUT }, async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('refuses an import cycle', { timeout: LINT_TIMEOUT }, async () => {
    // domain/refs.ts imports domain/users.ts, so users importing refs would close a cycle.
    const code = "import { userRefs } from './refs.js';\nexport const refsOfUsers = userRefs;";
    const cycles = (await problems('src/domain/users.ts', code)).filter(
      (problem) => problem.ruleId === 'import-x/no-cycle',
    );
    expect(cycles).toHaveLength(1);
  });
});
