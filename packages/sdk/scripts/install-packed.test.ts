/**
 * The package as an integrator gets it: `pnpm pack`'s tarball installed with npm into an empty
 * project, imported by plain Node.js and type-checked by a TypeScript project of its own – no
 * workspace, no tsx, no bundler. Needs the npm registry for the SDK's dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked } from './install-packed.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const project = mkdtempSync(join(tmpdir(), 'sdk-install-'));
let tarball = '';

beforeAll(() => {
  ({ tarball } = installPacked(project));
}, 240_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

const installed = (path: string) => join(project, 'node_modules', '@portal', 'sdk', path);

/** Runs an ES module with the project's own node_modules, as `node script.mjs` there would. */
function runModule(source: string): string {
  const file = join(project, `check-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, source);
  return execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
}

describe('the packed SDK', () => {
  it('is a versioned tarball with the built code, its declarations, the changelog and the example', () => {
    expect(version).not.toBe('0.0.0');
    expect(basename(tarball)).toBe(`portal-sdk-${version}.tgz`);
    for (const file of ['CHANGELOG.md', 'README.md', 'examples/integrator.mjs', 'dist/client.js', 'dist/client.d.ts']) {
      expect(existsSync(installed(file)), file).toBe(true);
    }
    expect(existsSync(installed('src'))).toBe(false);
    const manifest = JSON.parse(readFileSync(installed('package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
      dependencies: Record<string, string>;
    };
    expect(manifest.exports['./client']).toEqual({ types: './dist/client.d.ts', default: './dist/client.js' });
    // Workspace and catalog references are resolved to versions an npm install understands.
    for (const spec of Object.values(manifest.dependencies)) expect(spec).toMatch(/^\^?\d/);
  });

  it('imports in plain Node.js: the client, the cookie jar and the file helpers, without React', () => {
    const output = runModule(`
      import { createApiClient, fetchList, ApiError, CSRF_HEADER } from '@portal/sdk/client';
      import { withCookieJar, CookieJar } from '@portal/sdk/cookie-jar';
      import { uploadFiles, downloadFile } from '@portal/sdk/files';
      const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', fetch: withCookieJar(new CookieJar()) });
      console.log([typeof client.GET, typeof fetchList, typeof ApiError, CSRF_HEADER, typeof uploadFiles, typeof downloadFile].join(' '));
    `);

    expect(output.trim()).toBe('function function function X-CSRF function function');
    // The React Query bindings are optional peers: a Node integrator installs no React.
    expect(existsSync(join(project, 'node_modules', 'react'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', '@tanstack', 'react-query'))).toBe(false);
  });

  it('type-checks an integrator’s TypeScript against the published declarations', () => {
    writeFileSync(
      join(project, 'integrator.ts'),
      `import { createApiClient, type Session } from '@portal/sdk/client';
import { withCookieJar } from '@portal/sdk/cookie-jar';
const client = createApiClient({ baseUrl: 'http://localhost:3000', fetch: withCookieJar() });
export async function tenants(): Promise<Session['tenants']> {
  const { data } = await client.GET('/api/v1/tenant_access/');
  return data ?? [];
}
// @ts-expect-error – a path the contract does not have does not compile.
export const wrong = () => client.GET('/api/v1/no_such_thing/');
`,
    );
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2023',
    ];
    let diagnostics = '';
    try {
      execFileSync(process.execPath, [tsc, ...args, '--lib', 'es2023,dom', 'integrator.ts'], {
        cwd: project,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      diagnostics = (error as { stdout: string }).stdout || String(error);
    }

    expect(diagnostics).toBe('');
  }, 60_000);

  it('runs the example with plain Node.js, which names a portal it cannot reach in Czech', () => {
    const run = () =>
      execFileSync(process.execPath, ['integrator.mjs'], {
        cwd: project,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, PORTAL_URL: 'http://127.0.0.1:9' },
      });

    expect(run).toThrow(/Failed: 0 network_error: Nepodařilo se spojit se serverem/);
  });
});
