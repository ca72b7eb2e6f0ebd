/**
 * Load on the production set (scripts/production.sh: nginx over HTTPS, two BFF instances on
 * Redis, the API on PostgreSQL): simulated tenants with accounts of their own and anonymous
 * visitors, a realistic mix of what they do, then throughput, p50/p95/p99 per step and the
 * errors with their statuses. On demand, not in CI.
 *
 *   pnpm --filter @portal/load load -- --users 20 --duration 60s
 *   pnpm --filter @portal/load bench            # the configuration of docs/benchmarks.md
 *
 * Starts the set when it is stopped (and stops it afterwards), with PORTAL_STATE_DIR and the
 * other variables of production.sh. Needs a build (pnpm exec turbo run build).
 * @see tools/load/README.md
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureRunning, script, serviceCpuSeconds } from './production-set.js';
import { cliArguments, closeRun, LOAD_OPTIONS, LOAD_USAGE, loadOptionsFrom, loadReport, runLoad } from './run-load.js';

const { values } = parseArgs({ args: cliArguments(), options: LOAD_OPTIONS, strict: true });
if (values.help) {
  process.stdout.write(`pnpm --filter @portal/load load -- [options]\n${LOAD_USAGE}\n`);
  process.exit(0);
}
const options = loadOptionsFrom(values);
const log = (line: string) => process.stderr.write(`${line}\n`);

const started = ensureRunning();
try {
  let before = loadavg();
  let cpuBefore = new Map<string, number>();
  let generatorBefore = process.cpuUsage();
  const run = await runLoad(options, log, async () => {
    // From the moment the users start, not including the set-up of their accounts.
    before = loadavg();
    cpuBefore = serviceCpuSeconds();
    generatorBefore = process.cpuUsage();
  });
  const cpuAfter = serviceCpuSeconds();
  const generator = process.cpuUsage(generatorBefore);
  await closeRun(run);
  const seconds = run.recorder.seconds();
  const shares = [...cpuAfter].map(
    ([service, used]) => `${service} ${((used - (cpuBefore.get(service) ?? used)) / seconds).toFixed(2)}`,
  );
  shares.push(`load generator ${((generator.user + generator.system) / 1e6 / seconds).toFixed(2)}`);
  process.stdout.write(
    `\n${cpus().length} cores, Node ${process.versions.node}, load average ${before.map((value) => value.toFixed(2)).join(' / ')} before the run\n` +
      `${loadReport(run, options)}\n` +
      `CPU cores used on average (of ${cpus().length}; PostgreSQL and Redis not included): ${shares.join(', ')}\n`,
  );
} finally {
  if (started && !options.keepRunning) script('stop');
}
