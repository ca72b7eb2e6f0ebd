import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The production set of scripts/production.sh, as this tool drives it: the same state
 * directory (PORTAL_STATE_DIR, default .data/production) and the same script, so the load hits
 * exactly what `production.sh start` runs and the operator commands are the real ones.
 */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(REPO, 'scripts', 'production.sh');
const run = promisify(execFile);

export const SERVICES = ['mail', 'api-1', 'api-2', 'bff-1', 'bff-2', 'nginx'] as const;
export type Service = (typeof SERVICES)[number];
/** What `production.sh restart` takes: a service, or `api` for both API instances in turn. */
export type Restartable = Service | 'api';

export function stateDir(): string {
  return process.env.PORTAL_STATE_DIR ?? join(REPO, '.data', 'production');
}

/** Variables of one of the set's env files (KEY=value lines, as systemd reads them). */
export function envFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) values[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return values;
}

/** What the running set looks like from outside: its public origin and its certificate. */
export interface SetInfo {
  origin: string;
  certificate: Buffer;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
}

export function setInfo(): SetInfo {
  const state = stateDir();
  const bff = { ...envFile(join(REPO, 'deploy', 'env', 'bff.env')), ...envFile(join(state, 'bff.local.env')) };
  const api = envFile(join(state, 'api.local.env'));
  const origin = bff.PUBLIC_ORIGIN;
  if (!origin || !api.DATABASE_URL)
    throw new Error(`no production set in ${state}: run scripts/production.sh start first`);
  return {
    origin,
    certificate: readFileSync(join(state, 'tls', 'portal.crt')),
    databaseUrl: api.DATABASE_URL,
    redisUrl: bff.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    redisKeyPrefix: bff.REDIS_KEY_PREFIX ?? '',
  };
}

/** `production.sh status`: 0 all running, 3 all stopped, 1 partly. */
export function status(): number {
  return spawnSync('bash', [SCRIPT, 'status'], { cwd: REPO, stdio: 'ignore' }).status ?? 1;
}

/** Runs production.sh with its output on our stderr (start-up takes a while; show progress). */
export function script(...args: string[]): void {
  const result = spawnSync('bash', [SCRIPT, ...args], { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`production.sh ${args.join(' ')} failed (exit ${result.status})`);
}

/**
 * Restarts one service as `systemctl restart` would (graceful stop, start, ready); `api`
 * restarts both API instances one after the other, as a rolling upgrade does.
 */
export async function restart(service: Restartable): Promise<void> {
  await run('bash', [SCRIPT, 'restart', service], { cwd: REPO });
}

/**
 * Kills a service without warning (SIGKILL: a crash, an out-of-memory kill), then starts it
 * again as its unit's `Restart=on-failure` would. Requests it was serving get no answer.
 */
export async function crash(service: Service): Promise<void> {
  const pid = Number(readFileSync(join(stateDir(), 'run', `${service}.pid`), 'utf8').trim());
  process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000; waited += 50) {
    try {
      process.kill(pid, 0);
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // systemd waits RestartSec (2 s) before starting a failed unit again.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await restart(service);
}

/** `production.sh admin …`: the operator CLI (portal-admin) with the API's environment. */
export async function admin(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('bash', [SCRIPT, 'admin', ...args], { cwd: REPO });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * Makes sure the set runs; starts it when it is fully stopped. Returns whether it was started
 * here, so the caller stops it again afterwards and leaves the machine as it found it.
 */
export function ensureRunning(): boolean {
  const current = status();
  if (current === 0) return false;
  if (current !== 3)
    throw new Error('the production set is partly running: run scripts/production.sh stop (or start) first');
  process.stderr.write('starting the production set (scripts/production.sh start)…\n');
  script('start');
  return true;
}

/** Linux's clock ticks per second (getconf CLK_TCK), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

interface ProcessTimes {
  parent: number;
  seconds: number;
}

/** User plus system CPU seconds and the parent of every process, from /proc. */
function processTimes(): Map<number, ProcessTimes> {
  const times = new Map<number, ProcessTimes>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may contain spaces; the rest follows its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(Number(entry), {
        parent: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  return times;
}

/**
 * CPU seconds used so far by each service of the set (its process and its direct children:
 * nginx's worker), to see where the two cores went during a run. PostgreSQL and Redis serve
 * other work on this machine too, so they are left out.
 */
export function serviceCpuSeconds(): Map<Service, number> {
  const times = processTimes();
  const result = new Map<Service, number>();
  for (const service of SERVICES) {
    const file = join(stateDir(), 'run', `${service}.pid`);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8').trim());
    let seconds = times.get(pid)?.seconds ?? 0;
    for (const child of times.values()) if (child.parent === pid) seconds += child.seconds;
    result.set(service, seconds);
  }
  return result;
}
