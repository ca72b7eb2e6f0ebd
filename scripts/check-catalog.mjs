// One version of each shared dependency: a package that several workspace packages use comes
// from the pnpm catalog (`"dep": "catalog:"`), and the catalog names nothing nobody uses.
// Run by scripts/test-all.sh; exits 1 with the offending names.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url);
const workspace = readFileSync(new URL('pnpm-workspace.yaml', root), 'utf8');
const catalogBlock = /^catalog:\n((?:[ \t]+.*\n)+)/m.exec(workspace)?.[1] ?? '';
const catalogVersions = new Map(
  catalogBlock
    .split('\n')
    .map((line) => /^\s+['"]?([^'":]+(?::[^'":]+)?)['"]?:\s*['"]?([^'"\s#]+)/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1], match[2]]),
);
const catalog = new Set(catalogVersions.keys());

const manifests = execFileSync('git', ['ls-files', '--', 'package.json', '*/package.json'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path.endsWith('package.json'));

const users = new Map();
const fromCatalog = new Set();
for (const path of manifests) {
  const manifest = JSON.parse(readFileSync(new URL(path, root), 'utf8'));
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const [name, spec] of Object.entries(manifest[section] ?? {})) {
      if (spec.startsWith('workspace:')) continue;
      if (spec === 'catalog:') fromCatalog.add(name);
      // A published package's peer names the range it accepts (packages/sdk): `^` + the
      // catalog's version is still the catalog's, as a pinned peer would refuse every newer one.
      else if (section === 'peerDependencies' && spec === `^${catalogVersions.get(name)}`) fromCatalog.add(name);
      else users.set(name, [...(users.get(name) ?? []), `${path} (${spec})`]);
    }
  }
}

const problems = [];
for (const [name, places] of users) {
  const packages = new Set(places.map((place) => place.split(' ')[0]));
  if (packages.size > 1 || fromCatalog.has(name)) {
    problems.push(`${name} is shared but not taken from the catalog: ${places.join(', ')}`);
  }
}
for (const name of catalog) {
  if (!fromCatalog.has(name)) problems.push(`the catalog names ${name}, which no package uses`);
}
if (problems.length > 0) {
  console.error(`Dependency catalog (pnpm-workspace.yaml):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
