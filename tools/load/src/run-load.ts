import { setTimeout as sleep } from 'node:timers/promises';
import { ensureAccounts } from './accounts.js';
import { emptyRecords, type CreatedRecords } from './created.js';
import { BrowserClient } from './http-client.js';
import { setInfo } from './production-set.js';
import { percentile, Recorder } from './recorder.js';
import { Tenant } from './tenant.js';
import { Visitor } from './visitor.js';

export interface LoadOptions {
  users: number;
  visitors: number;
  durationMs: number;
  thinkMs: number;
  reloginEvery: number;
  /** Milliseconds between two public requests of one visitor (the per-address form limit is 10 a minute). */
  visitorPaceMs: number;
  /** Every simulated user from 127.0.0.1, as if behind one NAT: the per-address limits then bite. */
  oneAddress: boolean;
  http2: boolean;
  /** Leave the production set running when this run had to start it. */
  keepRunning: boolean;
}

export const LOAD_OPTIONS = {
  users: { type: 'string', default: '20' },
  visitors: { type: 'string', default: '' },
  duration: { type: 'string', default: '60s' },
  think: { type: 'string', default: '0ms' },
  'relogin-every': { type: 'string', default: '10' },
  'visitor-pace': { type: 'string', default: '10s' },
  'one-address': { type: 'boolean', default: false },
  http1: { type: 'boolean', default: false },
  'keep-running': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const LOAD_USAGE = `  --users N            simulated tenants, each with its own account (default 20)
  --visitors N         anonymous visitors filing public support requests (default users / 4, at least 1)
  --duration T         how long the load runs: 90s, 2m, 500ms (default 60s)
  --think T            pause after each step of a tenant, ±50 % (default 0ms: as fast as answered)
  --relogin-every N    a tenant logs out and in again every N visits, at most every 12 s (default 10; 0: never)
  --visitor-pace T     one public request per visitor per T (default 10s; the form limit is 10 a minute per address)
  --one-address        every user from 127.0.0.1 (default: each its own 127.x.y.z, as real clients have)
  --http1              HTTP/1.1 instead of HTTP/2
  --keep-running       leave the production set running if this run started it`;

type LoadValues = { [K in keyof typeof LOAD_OPTIONS]?: string | boolean | undefined };

/** The shared options from parseArgs values (the fault script parses its own beside them). */
export function loadOptionsFrom(values: LoadValues): LoadOptions {
  const text = (name: keyof typeof LOAD_OPTIONS) => String(values[name] ?? LOAD_OPTIONS[name].default);
  const users = positive(text('users'), '--users');
  return {
    users,
    visitors: !values.visitors ? Math.max(1, Math.round(users / 4)) : nonNegative(text('visitors'), '--visitors'),
    durationMs: duration(text('duration'), '--duration'),
    thinkMs: duration(text('think'), '--think'),
    reloginEvery: nonNegative(text('relogin-every'), '--relogin-every'),
    visitorPaceMs: duration(text('visitor-pace'), '--visitor-pace'),
    oneAddress: values['one-address'] === true,
    http2: values.http1 !== true,
    keepRunning: values['keep-running'] === true,
  };
}

/** `pnpm … load -- --users 5` passes the `--` through. */
export function cliArguments(): string[] {
  const argv = process.argv.slice(2);
  return argv[0] === '--' ? argv.slice(1) : argv;
}

function positive(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

function nonNegative(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** "90s", "2m", "500ms", or plain seconds. */
export function duration(text: string, name: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`${name} must look like 60s, 2m or 500ms`);
  const value = Number(match[1]);
  return match[2] === 'ms' ? value : match[2] === 'm' ? value * 60_000 : value * 1000;
}

/**
 * The source address of simulated user `index` of a kind: 127.1.x.y for tenants, 127.2.x.y for
 * visitors. All of 127/8 is loopback on Linux; nginx passes the address on as X-Forwarded-For,
 * and the BFF's per-address limits treat each user as the separate client it stands for.
 */
function addressOf(kind: 1 | 2, index: number): string {
  return `127.${kind}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export interface LoadRun {
  recorder: Recorder;
  created: CreatedRecords;
  tenants: Tenant[];
  visitors: Visitor[];
  runTag: string;
  solveTimes: number[];
}

/**
 * Sets up the accounts, then runs the simulated users against the set until the duration is
 * over; each finishes the visit it is in (with its retries). `during` runs alongside (the fault
 * script's restarts). The users' connections stay open for checks afterwards: close them with
 * `closeRun`.
 */
export async function runLoad(
  options: LoadOptions,
  log: (line: string) => void,
  during?: (run: LoadRun) => Promise<void>,
): Promise<LoadRun> {
  const info = setInfo();
  const accounts = await ensureAccounts(options.users, log);
  const runTag = `ZATEZ-${Date.now().toString(36)}`;
  const recorder = new Recorder();
  const created = emptyRecords();
  const solveTimes: number[] = [];
  const client = (kind: 1 | 2, index: number) =>
    new BrowserClient({
      origin: info.origin,
      certificate: info.certificate,
      http2: options.http2,
      ...(options.oneAddress ? {} : { localAddress: addressOf(kind, index) }),
    });
  const tenants = accounts.map(
    (account, index) =>
      new Tenant(`nájemník ${index + 1}`, client(1, index), recorder, account, {
        runTag,
        thinkMs: options.thinkMs,
        reloginEvery: options.oneAddress ? 0 : options.reloginEvery,
        created,
      }),
  );
  const visitors = Array.from(
    { length: options.visitors },
    (_, index) =>
      new Visitor(`návštěvník ${index + 1}`, client(2, index), recorder, index + 1, { runTag, created, solveTimes }),
  );
  const run: LoadRun = { recorder, created, tenants, visitors, runTag, solveTimes };

  log(
    `${tenants.length} tenants and ${visitors.length} visitors against ${info.origin} for ${options.durationMs / 1000} s ` +
      `(${options.http2 ? 'HTTP/2' : 'HTTP/1.1'}, ${options.oneAddress ? 'all from 127.0.0.1' : 'each from its own address'}, run ${runTag})`,
  );
  const started = performance.now();
  const deadline = started + options.durationMs;
  // Users arrive over the first second or two rather than in the same millisecond.
  const rampMs = Math.min(2_000, options.durationMs / 10);
  const tenantLoop = async (tenant: Tenant, index: number) => {
    await sleep((rampMs * index) / Math.max(1, tenants.length));
    while (performance.now() < deadline) await tenant.visit();
  };
  const visitorLoop = async (visitor: Visitor, index: number) => {
    await sleep((options.visitorPaceMs * index) / Math.max(1, visitors.length));
    while (performance.now() < deadline) {
      const visitStarted = performance.now();
      await visitor.visit();
      const wait = visitStarted + options.visitorPaceMs - performance.now();
      if (wait > 0 && performance.now() + wait < deadline) await sleep(wait);
      else if (wait > 0) break;
    }
  };
  await Promise.all([...tenants.map(tenantLoop), ...visitors.map(visitorLoop), ...(during ? [during(run)] : [])]);
  recorder.endedAt = performance.now();
  return run;
}

export async function closeRun(run: LoadRun): Promise<void> {
  await Promise.all([...run.tenants, ...run.visitors].map((actor) => actor.close()));
}

const STEP_ORDER = [
  'log in',
  'select tenant',
  'session',
  'list tickets',
  'open ticket',
  'create ticket',
  'comment ticket',
  'list meters',
  'submit reading',
  'room availability',
  'book room',
  'cancel booking',
  'log out',
  'config',
  'challenge',
  'public request',
  'follow request',
];

/** The printed figures: per-step latency table, throughput, errors, and what limited the load. */
export function loadReport(run: LoadRun, options: LoadOptions): string {
  const lines = [run.recorder.report(STEP_ORDER)];
  const visits = run.created.tickets.length;
  lines.push(`${visits} tenant visits with a new ticket, ${run.created.publicRequests.length} public requests`);
  const solve = [...run.solveTimes].sort((a, b) => a - b);
  if (solve.length > 0) {
    lines.push(
      `ALTCHA proof of work in the client (not in the table): p50 ${Math.round(percentile(solve, 50) ?? 0)} ms, max ${Math.round(solve.at(-1) ?? 0)} ms`,
    );
  }
  const limited = run.recorder.failures.filter((failure) => failure.status === 429);
  if (limited.length > 0) {
    lines.push(
      `RATE LIMITED: ${limited.length} answers were 429 (${[...new Set(limited.map((failure) => failure.step))].join(', ')}): ` +
        `the BFF's per-address limits capped this load${options.oneAddress ? ' (--one-address puts every user behind 127.0.0.1)' : ''}; ` +
        `the figures above are not the portal's capacity.`,
    );
  }
  return lines.join('\n');
}
