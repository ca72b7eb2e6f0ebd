/**
 * Benchmark: a tenant-scoped ticket-list GET three ways, in one run and alternating, so the
 * figures share the machine's state:
 *   direct      straight to the fake upstream
 *   bare proxy  @fastify/http-proxy adding only Authorization and X-Tenant-ID (the floor)
 *   BFF memory  the BFF with the memory session store
 *   BFF Redis   the BFF with the Redis session store (skipped if Redis is not reachable)
 * Each server and autocannon run in their own processes. Printed per target: requests/s,
 * mean/p50/p99 latency (autocannon records whole milliseconds, so the mean says more than
 * p50), and the CPU time per request of the server process in front (µs).
 *
 *   pnpm --filter @portal/bff bench          (env: BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, REDIS_URL)
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const serversScript = fileURLToPath(new URL('./servers.ts', import.meta.url));
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const LIST_PATH = '/api/v1/support_tickets/';
/** Comma-separated subset of direct,bare,memory,redis (all by default), for quick A/B runs. */
const only = new Set((process.env.BENCH_TARGETS ?? 'direct,bare,memory,redis').split(',').map((name) => name.trim()));

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  cpu(): Promise<number>;
}

async function startServer(name: string, args: string[]): Promise<Server> {
  const child = fork(serversScript, args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(JSON.stringify(message)))));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    name,
    url: `http://127.0.0.1:${args[1]}`,
    child,
    cpu: () =>
      new Promise((resolve) => {
        child.once('message', (message) => {
          const { cpu } = message as { cpu: { user: number; system: number } };
          resolve(cpu.user + cpu.system);
        });
        child.send('cpu');
      }),
  };
}

interface Result {
  requests: number;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, duration: number): Promise<Result> {
  const args = [autocannonBin, '--json', '-c', String(connections), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => {
      try {
        const data = JSON.parse(output) as {
          requests: { total: number; average: number };
          latency: { mean: number; p50: number; p99: number };
          non2xx: number;
          duration: number;
        };
        resolve({
          requests: data.requests.total,
          rps: data.requests.total / data.duration,
          mean: data.latency.mean,
          p50: data.latency.p50,
          p99: data.latency.p99,
          non2xx: data.non2xx,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function bffSession(url: string): Promise<string> {
  let login: Response;
  for (let attempt = 1; ; attempt += 1) {
    login = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jana@example.cz', password: 'benchmark' }),
    });
    // Right after start-up the overload guard may still see the event-loop delay of loading
    // and compiling (503 with Retry-After); on a busy machine that takes a few seconds.
    if (login.status !== 503 || attempt >= 10) break;
    await login.body?.cancel();
    await sleep(1_000);
  }
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (login.status !== 200 || !cookie) throw new Error(`login at ${url} failed: ${login.status}`);
  const tenant = await fetch(`${url}/api/session/tenant`, {
    method: 'PUT',
    headers: { 'x-csrf': '1', 'content-type': 'application/json', cookie },
    body: JSON.stringify({ tenantId: 'tenant-alfa' }),
  });
  if (tenant.status !== 200) throw new Error(`tenant selection at ${url} failed: ${tenant.status}`);
  return cookie;
}

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    client.disconnect();
    return false;
  }
}

const servers: Server[] = [];
// Whatever fails, the servers go (they share the terminal and would keep a pipe open).
process.on('exit', () => {
  for (const server of servers) server.child.kill();
});
process.on('SIGINT', () => process.exit(130));
const upstream = await startServer('upstream', ['upstream', '4601']);
servers.push(upstream);
const targets: Array<{ name: string; url: string; front: Server; headers: Record<string, string> }> = [];
if (only.has('direct'))
  targets.push({
    name: 'direct',
    url: `${upstream.url}${LIST_PATH}`,
    front: upstream,
    headers: { authorization: 'Bearer x', 'x-tenant-id': 'tenant-alfa' },
  });
if (only.has('bare')) {
  const bare = await startServer('bare proxy', ['bare-proxy', '4602', upstream.url]);
  servers.push(bare);
  targets.push({ name: 'bare proxy', url: `${bare.url}${LIST_PATH}`, front: bare, headers: {} });
}
if (only.has('memory')) {
  const bffMemory = await startServer('BFF memory', ['bff', '4603', upstream.url]);
  servers.push(bffMemory);
  targets.push({
    name: 'BFF memory',
    url: `${bffMemory.url}${LIST_PATH}`,
    front: bffMemory,
    headers: { 'x-csrf': '1', cookie: await bffSession(bffMemory.url) },
  });
}
if (!only.has('redis')) {
  // skipped on request
} else if (await redisReachable()) {
  const bffRedis = await startServer('BFF Redis', ['bff', '4604', upstream.url, redisUrl]);
  servers.push(bffRedis);
  targets.push({
    name: 'BFF Redis',
    url: `${bffRedis.url}${LIST_PATH}`,
    front: bffRedis,
    headers: { 'x-csrf': '1', cookie: await bffSession(bffRedis.url) },
  });
} else {
  console.log(`Redis at ${redisUrl} is not reachable: the BFF Redis row is skipped.`);
}

try {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(`Load average before the run: ${load()} (CPU µs/req is the fair comparison on a busy machine)`);
  console.log(`Each run: autocannon -c ${connections} -d ${seconds}; ${rounds} rounds, targets alternating.\n`);
  for (const target of targets) await autocannon(target.url, target.headers, 2); // warm-up (JIT, pools)

  const results = new Map<string, Array<Result & { cpuPerRequestUs: number; upstreamCpuUs: number }>>();
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const [frontBefore, upstreamBefore] = [await target.front.cpu(), await upstream.cpu()];
      const result = await autocannon(target.url, target.headers, seconds);
      const [frontAfter, upstreamAfter] = [await target.front.cpu(), await upstream.cpu()];
      const entry = {
        ...result,
        cpuPerRequestUs: (frontAfter - frontBefore) / result.requests,
        upstreamCpuUs: (upstreamAfter - upstreamBefore) / result.requests,
      };
      if (!results.has(target.name)) results.set(target.name, []);
      results.get(target.name)?.push(entry);
      console.log(
        `round ${round} ${target.name.padEnd(11)} ${result.rps.toFixed(0).padStart(6)} req/s  mean ${result.mean.toFixed(2)} ms  p50 ${result.p50} ms  p99 ${result.p99} ms  cpu ${entry.cpuPerRequestUs.toFixed(0)} µs/req${result.non2xx ? `  non-2xx ${result.non2xx}` : ''}`,
      );
    }
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const summary = targets.map((target) => {
    const runs = results.get(target.name) ?? [];
    return {
      name: target.name,
      rps: median(runs.map((run) => run.rps)),
      mean: median(runs.map((run) => run.mean)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      cpu: median(runs.map((run) => run.cpuPerRequestUs)),
    };
  });
  const floor = summary.find((row) => row.name === 'bare proxy');
  console.log(`\nLoad average after the run: ${load()}`);
  console.log('Median of the rounds:');
  console.log('| target | req/s | mean ms | p50 ms | p99 ms | CPU µs/req (process in front) | vs bare proxy |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of summary) {
    const versus =
      floor && row.name.startsWith('BFF')
        ? `${((row.rps / floor.rps) * 100).toFixed(0)} % throughput, +${(row.mean - floor.mean).toFixed(2)} ms mean, +${row.p50 - floor.p50} ms p50, +${(row.cpu - floor.cpu).toFixed(0)} µs CPU`
        : '';
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.mean.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.cpu.toFixed(0)} | ${versus} |`,
    );
  }
} finally {
  for (const server of servers) server.child.kill();
}
