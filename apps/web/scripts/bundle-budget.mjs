#!/usr/bin/env node
/**
 * Bundle budget: first-load JavaScript and CSS (gzip) of the login page and of the incident
 * list, beside the floor of this stack (budget-floor/: React, React Router, React Query and the
 * Chakra components the portal uses, nothing else), both built here with the same Vite
 * toolchain. Budget: the login page at most 1.2× the floor. On failure it names the chunks that
 * grew against the recorded sizes in bundle-budget.json (`--record` rewrites that file).
 *
 * Run: pnpm --filter @portal/web budget
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstLoadKeys } from './first-load.mjs';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(WEB, 'node_modules', '.cache');
const APP_OUT = join(CACHE, 'budget-app');
const FLOOR_OUT = join(CACHE, 'budget-floor');
const RECORD_FILE = join(WEB, 'bundle-budget.json');
const LOGIN_BUDGET_RATIO = 1.2;

/** What a page needs before it can render: the entry, the boot stages, its route modules, their static imports. */
const PAGES = {
  login: ['src/app/routes/auth/login.tsx'],
  // A logged-in page also loads the header's account controls.
  incidentList: ['src/app/routes/incidents/incidents.tsx', 'src/app/routes/account-controls.tsx'],
};

function viteBuild(args) {
  execFileSync(join(WEB, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn', ...args], {
    cwd: WEB,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function readManifest(outDir) {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

const gzipSize = (outDir, file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

/** `…/node_modules/.pnpm/x/node_modules/@scope/pkg/dist/a.js` → `@scope/pkg`; own files → folder. */
function ownerOf(source) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(source);
  if (inPackage) return inPackage[1];
  // Source-map paths are relative (`../../../../src/lib/api.ts`, `../../packages/ui/src/…`).
  const own = /(?:^|\/)(?:packages\/([^/]+)\/)?src\/(?:(.*)\/)?[^/]+$/.exec(source);
  return own ? [own[1] ? `@portal/${own[1]}` : 'src', own[2]].filter(Boolean).join('/') : source;
}

/**
 * A shared chunk's name from Rolldown (its first module's file name: "i18n", "shared") says
 * little and is not unique, so it gets the two packages or folders that make up most of it,
 * from its source map: "i18n: @tanstack/query-core + openapi-fetch".
 */
function describeChunk(outDir, chunk) {
  const mapFile = join(outDir, `${chunk.file}.map`);
  if (!existsSync(mapFile)) return chunk.name;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const weight = new Map();
  map.sources.forEach((source, index) => {
    const owner = ownerOf(source);
    weight.set(owner, (weight.get(owner) ?? 0) + (map.sourcesContent?.[index]?.length ?? 1));
  });
  const top = [...weight]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([owner]) => owner);
  return `${chunk.name}: ${top.join(' + ')}`;
}

/** Files (JS and CSS) of a page's first load, each with its gzip size, named by source. */
function firstLoad(outDir, manifest, routeModules) {
  const keys = firstLoadKeys(manifest, routeModules);
  const files = new Map();
  for (const key of keys) {
    const chunk = manifest[key];
    // Stable names: the source of an entry or route chunk, else what a shared chunk holds.
    let name = chunk.src ?? describeChunk(outDir, chunk) ?? key;
    for (let n = 2; files.has(name); n += 1) name = `${chunk.src ?? describeChunk(outDir, chunk)} #${n}`;
    files.set(name, { file: chunk.file, bytes: gzipSize(outDir, chunk.file) });
    for (const css of chunk.css ?? []) files.set(`${name} (css)`, { file: css, bytes: gzipSize(outDir, css) });
  }
  return files;
}

const total = (files) => [...files.values()].reduce((sum, { bytes }) => sum + bytes, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Hidden source maps only name the shared chunks (below); they are not counted.
viteBuild(['--manifest', '--outDir', APP_OUT, '--emptyOutDir', '--sourcemap', 'hidden']);
viteBuild(['-c', 'vite.floor.config.ts']);

const appManifest = readManifest(APP_OUT);
const floorManifest = readManifest(FLOOR_OUT);
const floor = firstLoad(FLOOR_OUT, floorManifest, []);
const pages = Object.fromEntries(
  Object.entries(PAGES).map(([page, modules]) => [page, firstLoad(APP_OUT, appManifest, modules)]),
);

const viteVersion = createRequire(join(WEB, 'package.json'))('vite/package.json').version;
console.log(`First-load JavaScript and CSS, gzip -9 (app and floor both built with Vite ${viteVersion})`);
console.log(`  floor (React, React Router, React Query, Chakra components): ${kb(total(floor))}`);
for (const [page, files] of Object.entries(pages)) {
  console.log(`  ${page}: ${kb(total(files))} = ${(total(files) / total(floor)).toFixed(2)} × floor`);
  for (const [name, { bytes }] of [...files].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(`    ${kb(bytes).padStart(9)}  ${name}`);
  }
}

const record = Object.fromEntries(
  Object.entries(pages).map(([page, files]) => [
    page,
    Object.fromEntries([...files].map(([name, { bytes }]) => [name, bytes])),
  ]),
);
if (process.argv.includes('--record')) {
  writeFileSync(RECORD_FILE, `${JSON.stringify({ floor: total(floor), ...record }, null, 2)}\n`);
  console.log(`recorded in ${RECORD_FILE}`);
}

const loginRatio = total(pages.login) / total(floor);
if (loginRatio > LOGIN_BUDGET_RATIO) {
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(RECORD_FILE, 'utf8')).login ?? {};
  } catch {
    // No record yet: every chunk counts as new.
  }
  const growth = [...pages.login]
    .map(([name, { bytes }]) => [name, bytes - (recorded[name] ?? 0)])
    .filter(([, grown]) => grown > 0)
    .sort((a, b) => b[1] - a[1]);
  console.error(
    `\nBudget exceeded: the login page is ${loginRatio.toFixed(2)} × the floor (at most ${LOGIN_BUDGET_RATIO}).`,
  );
  console.error('Chunks that grew since bundle-budget.json was recorded:');
  for (const [name, grown] of growth) console.error(`  +${kb(grown)}  ${name}`);
  process.exit(1);
}
console.log(`\nBudget met: login page ${loginRatio.toFixed(2)} × floor (at most ${LOGIN_BUDGET_RATIO}).`);
