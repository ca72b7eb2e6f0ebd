import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_INSTANCES, BFF_INSTANCES, envFile, pidOf, RECIPE, REPO, stateDir } from './support.js';

// The deployment recipe (deploy/) and the start script (scripts/production.sh) must not drift:
// this reads both, and the processes the script started, and compares them.

/** What a systemd unit says: its command after the node binary, env files and directory. */
function unit(name: string): { command: string[]; environmentFiles: string[]; workingDirectory: string } {
  const text = readFileSync(join(RECIPE, 'systemd', name), 'utf8');
  const values = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');
  const [execStart] = values('ExecStart');
  const [workingDirectory] = values('WorkingDirectory');
  expect(execStart, `${name} ExecStart`).toMatch(/^\/usr\/bin\/node /);
  return {
    command: (execStart ?? '').replace(/^\/usr\/bin\/node /, '').split(' '),
    environmentFiles: values('EnvironmentFile'),
    workingDirectory: workingDirectory ?? '',
  };
}

/** argv, working directory and environment variable names of a running process. */
function processOf(pid: number): { argv: string[]; cwd: string; env: Record<string, string> } {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const env = Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  return { argv, cwd: readlinkSync(`/proc/${pid}/cwd`), env };
}

/** What a shell adds by itself (systemd sets PATH and HOME too). */
const PROCESS_ONLY = new Set(['PATH', 'HOME', 'PWD', 'SHLVL', '_', 'OLDPWD']);

function variablesOf(env: Record<string, string>): string[] {
  return Object.keys(env)
    .filter((name) => !PROCESS_ONLY.has(name))
    .sort();
}

const services = [
  ...API_INSTANCES.map((instance) => ({
    name: `api-${instance}`,
    unit: 'portal-api@.service',
    envFiles: ['api.env', `api-${instance}.env`],
    local: 'api.local.env',
  })),
  ...BFF_INSTANCES.map((instance) => ({
    name: `bff-${instance}`,
    unit: 'portal-bff@.service',
    envFiles: ['bff.env', `bff-${instance}.env`],
    local: 'bff.local.env',
  })),
];

for (const service of services) {
  test(`${service.name} runs the unit's command with exactly the recipe's variables`, () => {
    const spec = unit(service.unit);
    const running = processOf(pidOf(service.name));
    expect(running.argv.slice(1)).toEqual(spec.command);
    expect(running.argv[0]).toMatch(/node$/);
    // The unit's WorkingDirectory (/opt/portal) is the checkout here.
    expect(spec.workingDirectory).toBe('/opt/portal');
    expect(running.cwd).toBe(REPO.replace(/\/$/, ''));
    // The unit's EnvironmentFile= lines name the same files (instance name = %i).
    const instance = service.name.split('-')[1] ?? '';
    expect(spec.environmentFiles.map((file) => file.replace('%i', instance).replace('/etc/portal/', ''))).toEqual(
      service.envFiles,
    );

    const recipe = Object.assign({}, ...service.envFiles.map((file) => envFile(join(RECIPE, 'env', file)))) as Record<
      string,
      string
    >;
    const local = envFile(join(stateDir(), service.local));
    // The script fills in only what the recipe leaves to the operator (secrets, addresses).
    expect(Object.keys(local).filter((name) => !(name in recipe))).toEqual([]);
    // The process has the recipe's variables and nothing else, with the recipe's values
    // except where this machine's differ.
    expect(variablesOf(running.env)).toEqual(Object.keys(recipe).sort());
    for (const [name, value] of Object.entries(recipe)) {
      expect(running.env[name], name).toBe(name in local ? local[name] : value);
    }
  });
}

test('nginx, the BFF instances and the API instances agree on ports and the proxy address', () => {
  const nginx = readFileSync(join(RECIPE, 'nginx', 'portal.conf'), 'utf8');
  const upstream = /upstream portal_bff \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const nginxPorts = [...upstream.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((match) => match[1]);
  const instanceFiles = readdirSync(join(RECIPE, 'env'))
    .filter((file) => /^bff-\d+\.env$/.test(file))
    .sort();
  expect(instanceFiles).toEqual(BFF_INSTANCES.map((instance) => `bff-${instance}.env`));
  expect(nginxPorts).toEqual(instanceFiles.map((file) => envFile(join(RECIPE, 'env', file))['PORT']));

  const bff = envFile(join(RECIPE, 'env', 'bff.env'));
  const api = envFile(join(RECIPE, 'env', 'api.env'));
  const apiFiles = readdirSync(join(RECIPE, 'env'))
    .filter((file) => /^api-\d+\.env$/.test(file))
    .sort();
  expect(apiFiles).toEqual(API_INSTANCES.map((instance) => `api-${instance}.env`));
  const apiInstances = apiFiles.map((file) => envFile(join(RECIPE, 'env', file)));
  // Every BFF balances every API instance.
  expect(bff['UPSTREAM_URL']?.split(',')).toEqual(
    apiInstances.map((instance) => `http://${api['HOST']}:${instance['PORT']}`),
  );
  // Only nginx's own source address may name the client (X-Forwarded-For).
  expect(/proxy_bind ([\d.]+);/.exec(nginx)?.[1]).toBe(bff['TRUST_PROXY']);
  // Every metrics port differs from every public port.
  const metrics = [
    ...apiInstances.map((instance) => instance['METRICS_PORT']),
    ...instanceFiles.map((file) => envFile(join(RECIPE, 'env', file))['METRICS_PORT']),
  ];
  expect(new Set(metrics).size).toBe(metrics.length);
  const publicPorts = [...apiInstances.map((instance) => instance['PORT']), ...nginxPorts];
  expect(new Set(publicPorts).size).toBe(publicPorts.length);
  expect(metrics.filter((port) => publicPorts.includes(port))).toEqual([]);
});
