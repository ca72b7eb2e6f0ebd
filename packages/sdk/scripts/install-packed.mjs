// @ts-check
/**
 * Packs @portal/sdk as `pnpm pack` publishes it (its prepack builds dist/) and installs the
 * tarball with npm into a new, empty project – what an integrator does – together with a copy
 * of examples/integrator.mjs. The SDK's install test and the e2e suite's run of the example use
 * it, so both import the built package from node_modules, never the workspace's sources.
 *
 * Usage: `node scripts/install-packed.mjs <empty folder>`; prints the tarball's path.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * pnpm as the running script was started with (`pnpm run`/turbo), else the one on PATH.
 * @param {string[]} args
 * @param {string} cwd
 */
function pnpm(args, cwd) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm(\.c?js)?$/.test(execPath)) {
    return execFileSync(process.execPath, [execPath, ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });
  }
  return execFileSync('pnpm', args, { cwd, encoding: 'utf8', stdio: 'pipe' });
}

/**
 * @param {string} folder an empty folder (created when missing)
 * @returns {{ folder: string, tarball: string }}
 */
export function installPacked(folder) {
  const project = resolve(folder);
  const packs = join(project, 'tarball');
  mkdirSync(packs, { recursive: true });
  pnpm(['pack', '--pack-destination', packs], packageDir);
  const [name] = readdirSync(packs).filter((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`pnpm pack wrote no tarball into ${packs}`);
  const tarball = join(packs, name);

  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'portal-integrator', private: true, type: 'module' }, null, 2)}\n`,
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
    cwd: project,
    encoding: 'utf8',
    stdio: 'pipe',
  });
  copyFileSync(join(packageDir, 'examples', 'integrator.mjs'), join(project, 'integrator.mjs'));
  return { folder: project, tarball };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: node scripts/install-packed.mjs <empty folder>');
    process.exit(2);
  }
  console.log(installPacked(folder).tarball);
}
