/**
 * Faults under load on the production set: while the load of load.ts runs, the two API
 * instances (one after the other, as a rolling upgrade does), Redis and one BFF instance are
 * restarted in turn, as an operator restarts them (graceful stop, start, ready; Redis with
 * `SHUTDOWN SAVE`), and one API instance crashes (SIGKILL, started again 2 s later). Then it prints what the simulated users saw and
 * checks the promises the portal makes:
 *   1. every failed request was a clean 5xx with a Czech `message`, or succeeded when tried again;
 *   2. no session was lost (no 401 on a logged-in session, every session alive at the end);
 *   3. every ticket, comment, reading, booking and public request whose create was answered with
 *      success is there exactly once afterwards (read back through the BFF; public requests also
 *      counted in the database).
 * Exits 1 when any of them does not hold. On demand, not in CI.
 *
 *   pnpm --filter @portal/load fault -- --users 10 --duration 90s
 *   options: those of load.ts, plus --faults api,redis,bff-1,crash-api-2, --redis-start "<command>", --redis-down 3s
 *
 * Restarting Redis restarts the machine's Redis for everything that uses it (a second or two).
 * @see tools/load/README.md
 */
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { crash, ensureRunning, restart, script, setInfo, SERVICES, type Service } from './production-set.js';
import { readBack } from './readback.js';
import { errorStatuses, table, type Failure } from './recorder.js';
import { restartRedis } from './redis-restart.js';
import {
  cliArguments,
  closeRun,
  duration,
  LOAD_OPTIONS,
  LOAD_USAGE,
  loadOptionsFrom,
  loadReport,
  runLoad,
  type LoadRun,
} from './run-load.js';

/** Both API instances restarted in turn, Redis, a BFF instance, and an API instance crashing. */
const DEFAULT_FAULTS = 'api,redis,bff-1,crash-api-2';
/** Restarts: a service of the set, `api` (both instances in turn) or `redis`; `crash-<service>` kills one. */
const FAULTS = [
  'api',
  'redis',
  ...SERVICES,
  ...SERVICES.filter((name) => name !== 'mail').map((name) => `crash-${name}`),
];

const FAULT_OPTIONS = {
  ...LOAD_OPTIONS,
  duration: { type: 'string', default: '90s' },
  faults: { type: 'string', default: DEFAULT_FAULTS },
  'redis-start': { type: 'string' },
  'redis-down': { type: 'string', default: '0s' },
} as const;

const { values } = parseArgs({ args: cliArguments(), options: FAULT_OPTIONS, strict: true });
if (values.help) {
  process.stdout.write(
    `pnpm --filter @portal/load fault -- [options]\n${LOAD_USAGE.replace('(default 60s)', '(default 90s)')}\n` +
      `  --faults LIST        what to restart, in order, spread over the run: api (both instances in turn), redis,\n` +
      `                       ${SERVICES.join(', ')}, or crash-<service> (SIGKILL, started again 2 s later)\n` +
      `                       (default ${DEFAULT_FAULTS})\n` +
      `  --redis-start CMD    how to start Redis again after SHUTDOWN SAVE (default: as it runs now; see README)\n` +
      `  --redis-down T       keep Redis stopped this long before starting it (default 0s: a plain restart)\n`,
  );
  process.exit(0);
}
const options = loadOptionsFrom(values);
const redisDownMs = duration(values['redis-down'], '--redis-down');
const faults = values.faults
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const fault of faults) {
  if (!FAULTS.includes(fault)) throw new Error(`unknown fault ${fault} (one of ${FAULTS.join(', ')})`);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

interface FaultWindow {
  name: string;
  from: number;
  to: number;
  detail: string;
}

/** Restarts each service in turn, spread evenly over the run, and notes when each was down. */
async function injectFaults(run: LoadRun, windows: FaultWindow[], problems: string[]): Promise<void> {
  const { redisUrl, redisKeyPrefix } = setInfo();
  for (const [index, fault] of faults.entries()) {
    const at = (options.durationMs * (index + 1)) / (faults.length + 1) / 1000;
    await sleep(Math.max(0, at - run.recorder.seconds()) * 1000);
    const from = run.recorder.seconds();
    log(`t=${from.toFixed(1)} s: restarting ${fault}…`);
    let detail = '';
    try {
      if (fault === 'redis') {
        const restarted = await restartRedis(redisUrl, redisKeyPrefix, values['redis-start'], redisDownMs);
        detail =
          `down ${(restarted.downMs / 1000).toFixed(1)} s, the set's keys ${restarted.keysBefore} before / ${restarted.keysAfter} after; ` +
          `started again with: ${restarted.startedWith}`;
      } else if (fault.startsWith('crash-')) {
        await crash(fault.slice('crash-'.length) as Service);
      } else {
        await restart(fault as Service | 'api');
      }
    } catch (error) {
      problems.push(`restarting ${fault} failed: ${(error as Error).message}`);
    }
    const to = run.recorder.seconds();
    log(`t=${to.toFixed(1)} s: ${fault} is back${detail ? ` (${detail})` : ''}`);
    windows.push({ name: fault, from, to, detail });
  }
}

/** What users saw: failed tries grouped by when they happened (around which restart). */
function failureReport(failures: Failure[], windows: FaultWindow[]): string[] {
  const lines: string[] = [];
  // A failure belongs to a restart from its start until 10 s after it is back (retries, drains);
  // where two such spans overlap, to the restart that began last (the one just under way).
  const windowOf = (failure: Failure) =>
    windows.filter((window) => failure.at >= window.from && failure.at <= window.to + 10).at(-1);
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const window = windowOf(failure);
    const key = window
      ? `${window.name} restart (t=${window.from.toFixed(1)}–${window.to.toFixed(1)} s)`
      : 'outside the restarts';
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  for (const window of windows) {
    const key = `${window.name} restart (t=${window.from.toFixed(1)}–${window.to.toFixed(1)} s)`;
    if (!groups.has(key)) groups.set(key, []);
  }
  for (const [key, group] of groups) {
    lines.push(`${key}: ${group.length} failed tries${group.length > 0 ? `: ${errorStatuses(group)}` : ''}`);
    const rows = new Map<string, { count: number; recovered: number; clean: boolean; message: string }>();
    for (const failure of group) {
      const row = `${failure.step}|${failure.status} ${failure.code}`;
      const entry = rows.get(row) ?? {
        count: 0,
        recovered: 0,
        clean: failure.clean,
        message: failure.message ?? '(no message)',
      };
      entry.count += 1;
      if (failure.recovered) entry.recovered += 1;
      rows.set(row, entry);
    }
    if (rows.size > 0) {
      lines.push(
        ...table([
          ['  step', 'answer', 'tries', 'ok on retry', 'clean 5xx', 'message'],
          ...[...rows]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([row, entry]) => {
              const [step = '', answer = ''] = row.split('|');
              return [
                `  ${step}`,
                answer,
                String(entry.count),
                String(entry.recovered),
                entry.clean ? 'yes' : 'no',
                entry.message,
              ];
            }),
        ]),
      );
    }
  }
  return lines;
}

const started = ensureRunning();
let failed = true;
try {
  const before = loadavg();
  const windows: FaultWindow[] = [];
  const problems: string[] = [];
  const run = await runLoad(options, log, (loadRun) => injectFaults(loadRun, windows, problems));

  // 1. Failures that were neither clean 5xx answers nor fixed by trying again.
  const unclean = run.recorder.failures.filter((failure) => !failure.clean && !failure.recovered);
  for (const failure of unclean) {
    problems.push(
      `t=${failure.at.toFixed(1)} s ${failure.actor}, ${failure.step}: ${failure.status} ${failure.code}` +
        `${failure.message ? ` "${failure.message}"` : ''}, not a clean 5xx and not successful when tried again`,
    );
  }
  // 2. Sessions: a 401 on a logged-in session during the run, or a session gone at the end.
  for (const lost of run.recorder.lostSessions) {
    problems.push(`t=${lost.at.toFixed(1)} s ${lost.actor}: session lost (${lost.step} answered 401 ${lost.code})`);
  }
  for (const tenant of run.tenants) {
    if (!(await tenant.sessionAlive())) problems.push(`${tenant.name}: session gone after the run`);
  }
  // 3. Everything answered as created is there exactly once.
  log('reading back what was created…');
  const checked = await readBack(run, setInfo().databaseUrl);
  problems.push(...checked.problems);
  await closeRun(run);

  const out = [
    '',
    `${cpus().length} cores, Node ${process.versions.node}, load average ${before.map((value) => value.toFixed(2)).join(' / ')} before the run`,
    loadReport(run, options),
    '',
    'Restarts:',
    ...windows.map(
      (window) =>
        `  ${window.name}: t=${window.from.toFixed(1)}–${window.to.toFixed(1)} s${window.detail ? `, ${window.detail}` : ''}`,
    ),
    '',
    'What users saw:',
    ...failureReport(run.recorder.failures, windows),
    '',
    `Read back: ${checked.counted.tickets}/${run.created.tickets.length} tickets, ${checked.counted.comments}/${run.created.comments.length} comments, ` +
      `${checked.counted.readings}/${run.created.readings.length} readings, ${checked.counted.reservations}/${run.created.reservations.length} bookings, ` +
      `${checked.counted.publicRequests}/${run.created.publicRequests.length} public requests exactly once as answered`,
    ...checked.notes.map((note) => `note: ${note}`),
    '',
    problems.length === 0
      ? 'PASSED: every failure was a clean 5xx with a Czech message or succeeded on retry, no session was lost, every answered create is there exactly once.'
      : `FAILED (${problems.length}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  failed = problems.length > 0;
} finally {
  if (started && !options.keepRunning) script('stop');
  process.exitCode = failed ? 1 : 0;
}
