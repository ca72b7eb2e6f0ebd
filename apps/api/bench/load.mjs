/**
 * Load generator for bench/ticket-list.ts, run as its own process so that generating load
 * does not compete with the server for the same event loop (it still shares the machine's
 * cores). Reads one JSON argument { url, method?, headers?, body?, connections, duration,
 * warmup? } and prints one JSON line { requests, warmupRequests, seconds, p50, p95, p99, statuses }.
 * autocannon's own histogram has no p95, so latencies are collected per response.
 */
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? '{}');

function run(duration, record) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers: spec.headers ?? {},
        body: spec.body,
        connections: spec.connections,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (record) instance.on('response', record);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// Warm-up: lets V8 optimise the hot paths and the pool open its connections before measuring.
const warmup = (spec.warmup ?? 0) > 0 ? await run(spec.warmup) : undefined;
const latencies = [];
const statuses = {};
const started = process.hrtime.bigint();
await run(spec.duration, (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
latencies.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    // With the warm-up's, for the server's CPU time per request (bench/ticket-list.ts).
    warmupRequests: warmup?.requests.total ?? 0,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  })}\n`,
);
