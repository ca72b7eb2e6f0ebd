// @vitest-environment node
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md §2, checked through the app's own ESLint configuration:
 * each case lints a one-line module as if it were an existing file of a layer (the type-aware
 * rules need a file the TypeScript project knows) and reads what `import-x/no-restricted-paths`
 * says about its import.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const code = `import * as imported from '${importPath}';\n\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

// Linting with type information starts a TypeScript project: the first case takes a while.
const SLOW = 60_000;

describe('import boundaries', () => {
  it(
    'refuse a feature importing another feature',
    async () => {
      const errors = await boundaryErrors(
        'src/features/billing/utils/billing-format.ts',
        '#src/features/incidents/api/incident-queries.ts',
      );
      expect(errors).toEqual([expect.stringContaining('One feature never imports another')]);
      const relative = await boundaryErrors(
        'src/features/billing/utils/billing-format.ts',
        '../../incidents/api/incident-queries.ts',
      );
      expect(relative).toEqual([expect.stringContaining('One feature never imports another')]);
    },
    SLOW,
  );

  it(
    'refuse shared code importing a feature or the app',
    async () => {
      expect(await boundaryErrors('src/lib/format.ts', '#src/features/billing/utils/billing-format.ts')).toEqual([
        expect.stringContaining('shared code may import only shared code, not a feature'),
      ]);
      expect(await boundaryErrors('src/components/ui/page-title.tsx', '#src/app/router.tsx')).toEqual([
        expect.stringContaining('shared code may import only shared code, not the app'),
      ]);
    },
    SLOW,
  );

  it(
    'refuse production code importing the test support',
    async () => {
      expect(
        await boundaryErrors('src/features/incidents/api/incident-queries.ts', '#src/testing/factories.ts'),
      ).toEqual([expect.stringContaining('a feature may import only a feature, shared code, not test support')]);
      expect(await boundaryErrors('src/app/router.tsx', '#src/testing/factories.ts')).toEqual([
        expect.stringContaining('not test support'),
      ]);
    },
    SLOW,
  );

  it(
    'allow imports down the layers',
    async () => {
      expect(await boundaryErrors('src/features/billing/utils/billing-format.ts', '#src/lib/format.ts')).toEqual([]);
      expect(await boundaryErrors('src/app/router.tsx', '#src/features/billing/api/billing-queries.ts')).toEqual([]);
      expect(
        await boundaryErrors('src/features/billing/components/statement-badge.tsx', '../utils/statement-status.ts'),
      ).toEqual([]);
    },
    SLOW,
  );
});
