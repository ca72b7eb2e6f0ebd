/**
 * Benchmark (not a test): the ticket list, a ticket detail and a ticket create at 50 concurrent
 * connections against PostgreSQL seeded with 1,000 tenants and 200,000 tickets with timelines.
 *
 *   pnpm --filter @portal/api bench            # BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DURATION=20 pnpm --filter @portal/api bench
 *
 * Creates (and drops afterwards) the database `portal_bench` on that server, builds the real app
 * on it, listens on 127.0.0.1 and drives it with autocannon running in a child process
 * (bench/load.mjs), so the load generator does not share the server's event loop. Prints
 * requests/s and p50/p95/p99 per scenario, after a warm-up of BENCH_WARMUP seconds.
 *
 *   BENCH_POOL_SIZE      PostgreSQL pool size of the server (default: DATABASE_POOL_SIZE's default, 10)
 *   BENCH_CONNECTIONS    concurrent connections (default 50, the figure)
 *   BENCH_KEEP=1         keep the seeded database for EXPLAIN afterwards
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/db/demo-data.js';
import { hashPassword } from '../src/security/password-hash.js';
import { testConfig } from '../src/testing/test-config.js';

const SERVER = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const POOL_SIZE = process.env['BENCH_POOL_SIZE'] === undefined ? undefined : Number(process.env['BENCH_POOL_SIZE']);
const KEEP = process.env['BENCH_KEEP'] === '1';
const LOAD_SCRIPT = fileURLToPath(new URL('./load.mjs', import.meta.url));
const TENANTS = 1_000;
const TICKETS = 200_000;
const NAME = 'portal_bench';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function seed(url: string): Promise<{ tenantId: string; email: string; ticketId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const hash = await hashPassword(DEMO_PASSWORD);
    await client.query(`insert into buildings (name, street, city, postal_code)
      select 'Budova ' || g, 'Ulice ' || g, 'Praha', '110 00' from generate_series(1, 50) g`);
    await client.query(`insert into tenants (id, name)
      select 'bench-' || lpad(g::text, 5, '0'), 'Nájemce ' || g from generate_series(1, ${TENANTS}) g`);
    await client.query(`insert into users (email, password_hash, first_name, last_name)
      select 'bench' || g || '@example.cz', $1, 'Uživatel', 'č. ' || g from generate_series(1, ${TENANTS}) g`, [hash]);
    await client.query(`insert into tenant_access (user_id, tenant_id)
      select u.id, 'bench-' || lpad(substring(u.email from 'bench([0-9]+)@')::text, 5, '0') from users u where u.email like 'bench%'`);
    await client.query(`insert into tenant_buildings (tenant_id, building_id)
      select t.id, 1 + (row_number() over (order by t.id))::int % 50 from tenants t where t.id like 'bench-%'`);
    // 200 tickets per tenant, spread over two years, each with two timeline entries.
    await client.query(`insert into support_tickets (tenant_id, building_id, reporter_id, subject, description, priority, status, created_at, updated_at)
      select 'bench-' || lpad((1 + g % ${TENANTS})::text, 5, '0'), 1 + g % 50, 1 + g % ${TENANTS},
             'Závada č. ' || g, 'Popis závady ' || g,
             (array['low','standard','high','critical'])[1 + g % 4], (array['open','in_progress','resolved','closed'])[1 + g % 4],
             now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now()
      from generate_series(1, ${TICKETS}) g`);
    await client.query(`insert into ticket_timeline (ticket_id, type, author_role, body, from_value, to_value, created_at)
      select id, 'status_change', 'operator', null, 'open', status, created_at + interval '1 hour' from support_tickets
      union all
      select id, 'comment', 'operator', 'Řešíme.', null, null, created_at + interval '2 hours' from support_tickets`);
    await client.query('analyze');
    const tenantId = 'bench-00001';
    const { rows } = await client.query<{ id: number }>('select id from support_tickets where tenant_id = $1 order by id limit 1', [tenantId]);
    const { rows: userRows } = await client.query<{ email: string }>('select u.email from users u join tenant_access a on a.user_id = u.id where a.tenant_id = $1', [tenantId]);
    process.stdout.write(`seeded ${TENANTS} tenants, ${TICKETS} tickets, ${TICKETS * 2} timeline entries in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return { tenantId, email: userRows[0]?.email ?? '', ticketId: rows[0]?.id ?? 0 };
  } finally {
    await client.end();
  }
}

interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface LoadResult {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
}

async function measure(label: string, spec: LoadSpec): Promise<void> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LOAD_SCRIPT, JSON.stringify({ ...spec, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP })],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
  const codes = Object.entries(result.statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  process.stdout.write(
    `${label.padEnd(34)} ${(result.requests / result.seconds).toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  (${codes})\n`,
  );
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = new URL(SERVER);
  url.pathname = `/${NAME}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const app = await buildApp(
    testConfig({
      dataDir,
      databaseUrl: url.toString(),
      seedDemoData: false,
      jwtSecret: randomBytes(32).toString('hex'),
      databasePoolSize: POOL_SIZE,
    }),
  );
  try {
    await app.ready();
    const target = await seed(url.toString());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const login = await fetch(`${base}/api/v1/_allauth/app/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.email, password: DEMO_PASSWORD }),
    });
    const { meta } = (await login.json()) as { meta: { access: string } };
    const headers = { authorization: `Bearer ${meta.access}`, 'x-tenant-id': target.tenantId, 'content-type': 'application/json' };
    const buildings = (await (await fetch(`${base}/api/v1/buildings/?tenant_only=true`, { headers })).json()) as Array<{ id: number }>;
    process.stdout.write(
      `${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up, pool ${POOL_SIZE ?? 'default'}, ` +
        `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
        `load average before ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`,
    );
    await measure('GET list (first page + total)', { url: `${base}/api/v1/support_tickets/`, headers });
    await measure('GET list, status filter, page 2', {
      url: `${base}/api/v1/support_tickets/?status=open&status=in_progress&page=2`,
      headers,
    });
    await measure('GET ticket detail', { url: `${base}/api/v1/support_tickets/${target.ticketId}/`, headers });
    await measure('POST create ticket', {
      url: `${base}/api/v1/support_tickets/`,
      method: 'POST',
      headers,
      body: JSON.stringify({ subject: 'Benchmark', description: 'Zátěžový test.', building: buildings[0]?.id }),
    });
    process.stdout.write(`load average after ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    if (!KEEP) await admin(`drop database if exists ${NAME} with (force)`);
  }
}

await main();
