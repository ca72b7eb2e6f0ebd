/**
 * Benchmark (not a test): the ticket list, a ticket detail and a ticket create at 50 concurrent
 * connections against PostgreSQL seeded with 1,000 tenants and 200,000 tickets with timelines;
 * and the staff queue across all of them (issue #17), unfiltered and filtered by building,
 * status and text, and the staff overview's counts per status.
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
 *   BENCH_DATABASE_NAME  the database created on that server (default portal_bench)
 *   BENCH_REUSE=1        use the database a BENCH_KEEP=1 run left (read scenarios only; for
 *                        alternating A/B runs without seeding again); implies BENCH_KEEP
 *   BENCH_SCENARIOS      comma-separated subset of list,filtered,detail,create,staff,staff-filtered,
 *                        staff-counts,floor (all but floor)
 *   BENCH_LOG_LEVEL      the server's log level (default silent); e.g. info to measure the
 *                        per-request log lines, written to /dev/null with the production settings
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { appServerOptions, buildApp, type AppConfig } from '../src/app.js';
import { DEMO_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../src/demo/demo-data.js';
import { currentTotpCode, installTotp } from '../src/domain/second-factor.js';
import { hashPassword } from '../src/security/password-hash.js';
import { testConfig } from '../src/testing/test-config.js';

const SERVER = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 3);
const POOL_SIZE = process.env['BENCH_POOL_SIZE'] === undefined ? undefined : Number(process.env['BENCH_POOL_SIZE']);
const REUSE = process.env['BENCH_REUSE'] === '1';
const KEEP = process.env['BENCH_KEEP'] === '1' || REUSE;
const LOG_LEVEL = (process.env['BENCH_LOG_LEVEL'] ?? 'silent') as AppConfig['logLevel'];
/** Comma-separated subset of the scenarios below (all but floor by default). */
const SCENARIOS = new Set(
  (process.env['BENCH_SCENARIOS'] ?? 'list,filtered,detail,create,staff,staff-filtered,staff-counts')
    .split(',')
    .map((name) => name.trim()),
);
const LOAD_SCRIPT = fileURLToPath(new URL('./load.mjs', import.meta.url));
const TENANTS = 1_000;
const TICKETS = 200_000;
const NAME = process.env['BENCH_DATABASE_NAME'] ?? 'portal_bench';
/**
 * The operator's staff member the staff scenarios log in as (no building limit), with a second
 * factor as staff must have (ADR 012): without one every staff request is a 403.
 */
const STAFF_EMAIL = 'spravce@sprava.example.cz';
const LOGIN_PATH = '/api/v1/_allauth/app/v1/auth/login';
const SECOND_FACTOR_PATH = '/api/v1/_allauth/app/v1/auth/2fa/authenticate';
/**
 * The staff queue's filtered scenario: one building, two statuses and a word, the way a clerk
 * narrows the queue. Building 35 holds the tickets g ≡ 34 (mod 50), so open and resolved ones;
 * "světlo" is in every 16th subject: 500 of its 2,000 resolved tickets match.
 */
const STAFF_FILTER = `building=35&status=resolved&status=closed&search=${encodeURIComponent('světlo')}`;
/** Subjects, descriptions and comments that vary like a building's real incidents (as SQL arrays). */
const SUBJECTS = `array['Nefunguje klimatizace v kanceláři','Teče voda z radiátoru','Nesvítí světlo na chodbě','Nejede výtah','Zaseknuté dveře do skladu','Hlučná ventilace','Porucha zámku u vchodu','Vlhkost ve sklepě','Nefunguje zvonek','Prasklé okno','Ucpaný odpad v kuchyňce','Nejde internet v zasedačce','Nefunkční čtečka karet','Kape kohoutek','Bliká zářivka','Topení netopí']`;
const DESCRIPTIONS = `array['prosíme o rychlou opravu','problém trvá od rána','týká se celého patra','opakuje se to každý týden','klíče jsou na recepci','kontaktujte prosím asistentku','nejde to ani po restartu']`;
const COMMENTS = `array['Řešíme.','Technik je objednán.','Čekáme na náhradní díl.','Předáno dodavateli.','Prosíme o přístup do místnosti.']`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function admin(sql: string): Promise<void> {
  await withClient(SERVER, (client) => client.query(sql));
}

interface BenchSubjects {
  tenantId: string;
  email: string;
  ticketId: number;
  staffId: number;
}

/** The benchmark's tenant, a user of it and its first ticket, in a seeded database. */
async function subjects(client: pg.Client): Promise<BenchSubjects> {
  const tenantId = 'bench-00001';
  const { rows } = await client.query<{ id: number }>(
    'select id from support_tickets where tenant_id = $1 order by id limit 1',
    [tenantId],
  );
  const { rows: userRows } = await client.query<{ email: string }>(
    'select u.email from users u join tenant_access a on a.user_id = u.id where a.tenant_id = $1',
    [tenantId],
  );
  const { rows: staffRows } = await client.query<{ id: number }>('select id from users where email = $1', [
    STAFF_EMAIL,
  ]);
  return { tenantId, email: userRows[0]?.email ?? '', ticketId: rows[0]?.id ?? 0, staffId: staffRows[0]?.id ?? 0 };
}

async function seed(url: string): Promise<BenchSubjects> {
  return withClient(url, async (client) => {
    const started = Date.now();
    const hash = await hashPassword(DEMO_PASSWORD);
    await client.query(`insert into buildings (name, street, city, postal_code)
      select 'Budova ' || g, 'Ulice ' || g, 'Praha', '110 00' from generate_series(1, 50) g`);
    await client.query(`insert into tenants (id, name)
      select 'bench-' || lpad(g::text, 5, '0'), 'Nájemce ' || g from generate_series(1, ${TENANTS}) g`);
    await client.query(
      `insert into users (email, password_hash, first_name, last_name)
      select 'bench' || g || '@example.cz', $1, 'Uživatel', 'č. ' || g from generate_series(1, ${TENANTS}) g`,
      [hash],
    );
    // After the tenants' users, so their ids stay 1..TENANTS (the tickets' reporters below).
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, is_staff) values ($1, $2, 'Správce', 'Budov', true)`,
      [STAFF_EMAIL, hash],
    );
    await client.query(`insert into tenant_access (user_id, tenant_id)
      select u.id, 'bench-' || lpad(substring(u.email from 'bench([0-9]+)@')::text, 5, '0') from users u where u.email like 'bench%'`);
    await client.query(`insert into tenant_buildings (tenant_id, building_id)
      select t.id, 1 + (row_number() over (order by t.id))::int % 50 from tenants t where t.id like 'bench-%'`);
    // 200 tickets per tenant, spread over two years, each with two timeline entries.
    await client.query(`insert into support_tickets (tenant_id, building_id, reporter_id, subject, description, priority, status, created_at, updated_at)
      select 'bench-' || lpad((1 + g % ${TENANTS})::text, 5, '0'), 1 + g % 50, 1 + g % ${TENANTS},
             (${SUBJECTS})[1 + g % 16] || ' (' || g || ')', 'Hlášení ' || g || ': ' || (${DESCRIPTIONS})[1 + (g / 16) % 7],
             (array['low','standard','high','critical'])[1 + g % 4], (array['open','in_progress','resolved','closed'])[1 + g % 4],
             now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now()
      from generate_series(1, ${TICKETS}) g`);
    await client.query(`insert into ticket_timeline (ticket_id, type, author_role, body, from_value, to_value, created_at)
      select id, 'status_change', 'operator', null, 'open', status, created_at + interval '1 hour' from support_tickets
      union all
      select id, 'comment', 'operator', (${COMMENTS})[1 + id % 5], null, null, created_at + interval '2 hours' from support_tickets`);
    // The ticket_counts trigger (migration 0007) updated one counter row per inserted ticket; a
    // bulk load leaves those 200,000 dead versions behind, which a database in service prunes
    // as it goes. Compacted, as it would be.
    await client.query('vacuum full ticket_counts');
    // VACUUM as well as ANALYZE: right after a bulk insert the visibility map is empty, so the
    // list's count cannot be an index-only scan (200 heap pages per tenant instead of 2), and
    // autovacuum would get round to it at a random moment during the measurement. A database
    // in service is in the vacuumed state.
    await client.query('vacuum analyze');
    process.stdout.write(
      `seeded ${TENANTS} tenants, ${TICKETS} tickets, ${TICKETS * 2} timeline entries in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return subjects(client);
  });
}

/** An access token: the password, then for a user with a second factor its TOTP code. */
async function accessToken(base: string, email: string): Promise<string> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  let answer = await post(LOGIN_PATH, { email, password: DEMO_PASSWORD });
  let body = (await answer.json()) as { meta?: { access?: string; session_token?: string } };
  if (answer.status === 401 && body.meta?.session_token !== undefined) {
    answer = await post(
      SECOND_FACTOR_PATH,
      { code: currentTotpCode(DEMO_STAFF_TOTP_SECRET) },
      { 'x-session-token': body.meta.session_token },
    );
    body = (await answer.json()) as typeof body;
  }
  if (answer.status !== 200 || body.meta?.access === undefined) {
    throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(body)}`);
  }
  return body.meta.access;
}

interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface LoadResult {
  requests: number;
  warmupRequests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds the database's backends have used so far, by process id (Linux: /proc), read
 * through `client`'s own connection to it; empty where /proc cannot be read.
 */
async function backendCpu(client: pg.Client | null): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (client === null) return used;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  for (const { pid } of rows) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    } catch {
      // Not Linux, or the backend has just ended.
    }
  }
  return used;
}

/** The database's connection for backendCpu (opened once, outside the server's pool). */
let cpuProbe: pg.Client | null = null;

async function measure(label: string, spec: LoadSpec): Promise<void> {
  // CPU time per request, of this process (the server; load generation runs in its own) and
  // of PostgreSQL's backends: much less sensitive to other work on the machine than req/s.
  const serverBefore = process.cpuUsage();
  const databaseBefore = await backendCpu(cpuProbe);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LOAD_SCRIPT, JSON.stringify({ ...spec, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP })],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
  const serverUsage = process.cpuUsage(serverBefore);
  const databaseAfter = await backendCpu(cpuProbe);
  let databaseSeconds = 0;
  for (const [pid, seconds] of databaseAfter) databaseSeconds += seconds - (databaseBefore.get(pid) ?? 0);
  const served = result.requests + result.warmupRequests;
  const perRequest = (seconds: number) => `${((seconds * 1e6) / Math.max(served, 1)).toFixed(0)} µs`;
  const codes = Object.entries(result.statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  process.stdout.write(
    `${label.padEnd(40)} ${(result.requests / result.seconds).toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  (${codes})` +
      `  CPU/request: server ${perRequest((serverUsage.user + serverUsage.system) / 1e6)}` +
      (databaseAfter.size > 0 ? `, PostgreSQL ${perRequest(databaseSeconds)}` : '') +
      '\n',
  );
  // A scenario answering errors measures the error path (a staff member without a second
  // factor once measured 403s), so the run fails instead of printing a figure to quote.
  const failed = Object.keys(result.statuses).filter((code) => !code.startsWith('2'));
  if (failed.length > 0) {
    process.stdout.write(`  ^ not a measurement: answers ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

/**
 * The floor on this machine: a bare Fastify route in the same process answering the list's
 * exact bytes (body and X-Total-Count) from memory, with no authentication and no database,
 * driven by the same load generator at the same concurrency. No list can be faster than this.
 */
async function measureFloor(listUrl: string, headers: Record<string, string>): Promise<void> {
  const sample = await fetch(listUrl, { headers });
  const body = await sample.text();
  const total = sample.headers.get('x-total-count') ?? '0';
  const bare = Fastify({ logger: false });
  bare.get('/list', (_request, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8').header('x-total-count', total).send(body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  try {
    await measure(`floor: constant ${body.length} B JSON`, {
      url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/list`,
    });
  } finally {
    await bare.close();
  }
}

/** The benchmark's subjects in a database seeded by an earlier run. */
function seeded(url: string): Promise<BenchSubjects> {
  return withClient(url, subjects);
}

async function main(): Promise<void> {
  if (!REUSE) {
    await admin(`drop database if exists ${NAME} with (force)`);
    await admin(`create database ${NAME}`);
  }
  const url = new URL(SERVER);
  url.pathname = `/${NAME}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const config = testConfig({
    dataDir,
    databaseUrl: url.toString(),
    seedDemoData: false,
    jwtSecret: randomBytes(32).toString('hex'),
    databasePoolSize: POOL_SIZE,
    logLevel: LOG_LEVEL,
  });
  const productionLogger = appServerOptions(config).logger;
  const app = await buildApp(
    config,
    LOG_LEVEL === 'silent' || typeof productionLogger !== 'object'
      ? {}
      : { logger: { ...productionLogger, stream: createWriteStream('/dev/null') } },
  );
  try {
    await app.ready();
    const target = REUSE ? await seeded(url.toString()) : await seed(url.toString());
    await app.listen({ port: 0, host: '127.0.0.1' });
    cpuProbe = new pg.Client({ connectionString: url.toString() });
    await cpuProbe.connect();
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const headers = {
      authorization: `Bearer ${await accessToken(base, target.email)}`,
      'x-tenant-id': target.tenantId,
      'content-type': 'application/json',
    };
    // Installed afresh on every run, so a reused database's last used time step is forgotten.
    await installTotp(app.db, target.staffId, DEMO_STAFF_TOTP_SECRET);
    const staffHeaders = { authorization: `Bearer ${await accessToken(base, STAFF_EMAIL)}` };
    const buildings = (await (await fetch(`${base}/api/v1/buildings/?tenant_only=true`, { headers })).json()) as Array<{
      id: number;
    }>;
    process.stdout.write(
      `${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up, pool ${POOL_SIZE ?? 'default'}, log ${LOG_LEVEL}, ` +
        `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
        `load average before ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}\n`,
    );
    if (SCENARIOS.has('list'))
      await measure('GET list (first page + total)', { url: `${base}/api/v1/support_tickets/`, headers });
    if (SCENARIOS.has('filtered')) {
      await measure('GET list, status filter, page 2', {
        url: `${base}/api/v1/support_tickets/?status=open&status=in_progress&page=2`,
        headers,
      });
    }
    if (SCENARIOS.has('detail'))
      await measure('GET ticket detail', { url: `${base}/api/v1/support_tickets/${target.ticketId}/`, headers });
    if (SCENARIOS.has('create'))
      await measure('POST create ticket', {
        url: `${base}/api/v1/support_tickets/`,
        method: 'POST',
        headers,
        body: JSON.stringify({ subject: 'Benchmark', description: 'Zátěžový test.', building: buildings[0]?.id }),
      });
    if (SCENARIOS.has('staff'))
      await measure('GET staff queue (first page + total)', {
        url: `${base}/api/v1/staff/support_tickets/`,
        headers: staffHeaders,
      });
    if (SCENARIOS.has('staff-filtered'))
      await measure('GET staff queue, building+status+text', {
        url: `${base}/api/v1/staff/support_tickets/?${STAFF_FILTER}`,
        headers: staffHeaders,
      });
    if (SCENARIOS.has('staff-counts'))
      await measure('GET staff overview counts', {
        url: `${base}/api/v1/staff/support_tickets/counts/`,
        headers: staffHeaders,
      });
    if (SCENARIOS.has('floor')) await measureFloor(`${base}/api/v1/support_tickets/`, headers);
    process.stdout.write(
      `load average after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    await cpuProbe?.end();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    if (!KEEP) await admin(`drop database if exists ${NAME} with (force)`);
  }
}

await main();
