import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of eslint.config.js hold: a forbidden import fails the lint. Each case lints a
 * one-line module as if it stood at an existing file of the layer in question (the type-aware
 * rules need a file the TypeScript project knows).
 */
const packageRoot = fileURLToPath(new URL('..', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: packageRoot });
});

/** The rules broken by a module that re-exports `name` from `target` and stands at `file`. */
async function brokenRules(file: string, name: string, target: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export { ${name} } from '${target}';\n`, {
    filePath: fileURLToPath(new URL(file, import.meta.url)),
  });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the import boundaries of the BFF', () => {
  it.each([
    [
      'a session module importing a route',
      './sessions/session-manager.ts',
      'sessionRoutes',
      '../routes/session/index.js',
    ],
    [
      'the upstream layer importing the sessions',
      './upstream/upstream-auth.ts',
      'MemorySessionStore',
      '../sessions/session-store.js',
    ],
    ['a plugin importing a route', './plugins/app/sessions.ts', 'sessionRoutes', '../../routes/session/index.js'],
    [
      'one route folder importing another',
      './routes/calendar-feed/index.ts',
      'upstreamProxyRoutes',
      '../upstream-proxy/index.js',
    ],
    [
      'production code importing a test helper',
      './routes/health/index.ts',
      'startFakeUpstream',
      '../../testing/fake-upstream.js',
    ],
    ['the configuration importing the app', './config/env.ts', 'BffError', '../http/errors.js'],
  ])(
    'refuses %s',
    async (_case, file, name, target) => {
      expect(await brokenRules(file, name, target)).toContain('import-x/no-restricted-paths');
    },
    60_000,
  );

  it('refuses an import cycle', async () => {
    // token-renewal.ts imports renewal-coordination.ts; the other way round closes a cycle.
    expect(await brokenRules('./sessions/renewal-coordination.ts', 'TokenRenewal', './token-renewal.js')).toContain(
      'import-x/no-cycle',
    );
  }, 60_000);

  it('allows the imports the layers are for', async () => {
    expect(
      await brokenRules('./routes/session/index.ts', 'normaliseTenantId', '../../sessions/session-manager.js'),
    ).toEqual([]);
    expect(await brokenRules('./sessions/token-renewal.ts', 'UpstreamAuth', '../upstream/upstream-auth.js')).toEqual(
      [],
    );
    expect(
      await brokenRules('./plugins/app/sessions.ts', 'SessionManager', '../../sessions/session-manager.js'),
    ).toEqual([]);
  }, 60_000);
});

/** Every module of src/ (tests aside) and the modules of src/ it imports, `import type` included. */
function importGraph(): Map<string, string[]> {
  const sourceRoot = join(packageRoot, 'src');
  const modules = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(sourceRoot, file));
  const known = new Set(modules);
  return new Map(
    modules.map((module) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(module, 'utf8'), true, true);
      const targets = importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => resolve(dirname(module), fileName.replace(/\.js$/, '.ts')))
        .filter((target) => known.has(target));
      return [module, targets];
    }),
  );
}

/** Each path by which a module comes back to itself (one per cycle is enough to name it). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (module: string, path: string[]): void => {
    const start = path.indexOf(module);
    if (start >= 0) {
      found.push([...path.slice(start), module]);
      return;
    }
    if (done.has(module)) return;
    for (const target of graph.get(module) ?? []) visit(target, [...path, module]);
    done.add(module);
  };
  for (const module of graph.keys()) visit(module, []);
  return found;
}

it('has no import cycle, type-only imports included (ESLint’s no-cycle skips those)', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  const named = cycles(graph).map((cycle) => cycle.map((module) => module.slice(packageRoot.length)).join(' → '));
  expect(named).toEqual([]);
});
