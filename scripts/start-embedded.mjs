// Starts the reference upstream (apps/api) and the BFF (which serves the built web app) as two
// processes on the embedded defaults, waits until both answer, and prints where to go.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { embeddedBffEnv } from './embedded-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '4010';
const bffPort = process.env.PORT ?? '3000';
const portalUrl = `http://localhost:${bffPort}`;

const children = [];
function start(name, script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the portal.`);
      stop(1);
    }
  });
  children.push(child);
}

async function waitFor(url, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not start within 60 s (${url})`);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 11_000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', 'apps/api/dist/server.js', {
  ...process.env,
  PORT: apiPort,
  PORTAL_URL: process.env.PORTAL_URL ?? portalUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
await waitFor(`http://127.0.0.1:${apiPort}/health`, 'api');
start(
  'bff',
  'apps/bff/dist/server.js',
  embeddedBffEnv(process.env, { port: bffPort, upstreamUrl: `http://127.0.0.1:${apiPort}` }),
);
await waitFor(`http://127.0.0.1:${bffPort}/healthz`, 'bff');

const { DEMO_USERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_LIMITED } =
  await import('../apps/api/dist/demo/demo-data.js');
const logins = [
  ...Object.values(DEMO_USERS).map(
    (user) => `${user.email}  (${user.tenantIds.length === 1 ? 'one tenant' : `${user.tenantIds.length} tenants`})`,
  ),
  `${DEMO_STAFF.email}  (operator's staff, every building: /sprava)`,
  `${DEMO_STAFF_LIMITED.email}  (operator's staff, ${DEMO_STAFF_LIMITED.building} only)`,
];
console.log(`
The tenant portal is running at ${portalUrl}

Demo logins (password ${DEMO_PASSWORD}):
  ${logins.join('\n  ')}

Data: .data/api (embedded PGlite); e-mails: .data/api/outbox. Stop with Ctrl+C.
`);
