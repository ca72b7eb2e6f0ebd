/**
 * Fault script (not a test): mail is never lost and never doubled. Prints its figures.
 *
 *   pnpm --filter @portal/api fault:mail
 *   MAIL_FAULT_TICKETS=40 pnpm --filter @portal/api fault:mail
 *
 * Two API instances on one new PostgreSQL database (BENCH_DATABASE_URL's server, dropped
 * afterwards), both running the job worker, both sending to one SMTP sink (smtp-server) that is
 * DOWN at first. Jana reports MAIL_FAULT_TICKETS tickets; Tomáš answers each publicly and
 * resolves it – the requests alternate between the instances. Then the sink starts, and the
 * script waits until no mail job is queued or active. It prints what the staff saw (errors),
 * how many mail jobs were enqueued and tried while the sink was down, how many messages the
 * sink received, duplicates (the same Message-ID twice), which instance sent them, and how long
 * the queue took to empty once the sink was back. Exits 1 when a mail is missing or doubled,
 * failed for good, or a staff request failed.
 *
 *   BENCH_DATABASE_URL           PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   MAIL_FAULT_TICKETS           tickets (default 20; each causes 3 mails at least)
 *   MAIL_FAULT_BACKOFF_SECONDS   the first retry delay, growing 4× per try (default 0.1; 30 in production)
 */
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { jobs } from '../src/db/schema.js';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_TENANTS, DEMO_USERS } from '../src/demo/demo-data.js';
import { createScratchDatabase } from '../src/testing/scratch-database.js';
import { freePort, messageIdOf, startSmtpSink, until, type ReceivedMail } from '../src/testing/smtp-sink.js';
import { caller, login, request } from '../src/testing/test-client.js';
import { testConfig } from '../src/testing/test-config.js';

const SERVER = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env['MAIL_FAULT_TICKETS'] ?? 20);
const BACKOFF_SECONDS = Number(process.env['MAIL_FAULT_BACKOFF_SECONDS'] ?? 0.1);

const database = await createScratchDatabase('postgres', SERVER);
const smtpPort = await freePort();
const config = testConfig({
  dataDir: database.dataDir,
  databaseUrl: database.databaseUrl,
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  jobPollMs: 100,
  jobBackoffSeconds: BACKOFF_SECONDS,
});
// The first instance migrates and seeds; the second joins the same database.
const instances = [await buildApp(config)];
await instances[0]?.ready();
instances.push(await buildApp({ ...config, seedDemoData: false }));
await instances[1]?.ready();
const [first, second] = instances;
if (first === undefined || second === undefined) throw new Error('two instances expected');

// Counts the messages each instance handed to SMTP successfully.
const sentBy = instances.map(() => 0);
instances.forEach((app, index) => {
  const send = app.mailer.send.bind(app.mailer);
  app.mailer.send = async (message) => {
    const result = await send(message);
    sentBy[index] = (sentBy[index] ?? 0) + 1;
    return result;
  };
});

const received: ReceivedMail[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
try {
  const janaToken = (await login(first, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
  const tomasToken = (await login(second, DEMO_STAFF.email, DEMO_PASSWORD)).access;
  const jana = instances.map((app) => caller(app, janaToken, { 'x-tenant-id': DEMO_TENANTS.alfa.id }));
  const tomas = instances.map((app) => caller(app, tomasToken));
  const building = ((await jana[0]?.get('/api/v1/buildings/'))?.body as Array<{ id: number }>)[0]?.id;

  // The sink is down: the staff work as usual.
  let staffRequests = 0;
  let staffErrors = 0;
  const staffSaw = (status: number) => {
    staffRequests += 1;
    if (status >= 400) staffErrors += 1;
  };
  const outageStarted = performance.now();
  for (let i = 0; i < TICKETS; i += 1) {
    const one = i % 2;
    const other = 1 - one;
    const reported = await jana[one]?.post('/api/v1/support_tickets/', {
      subject: `Netopí radiátor ${i + 1}`,
      description: 'V kanceláři je zima.',
      priority: 'standard',
      building,
    });
    const id = (reported?.body as { id: number }).id;
    staffSaw(
      (
        await tomas[other]?.post(`/api/v1/staff/support_tickets/${id}/messages/`, {
          body: 'Technik přijde zítra.',
          visibility: 'public',
        })
      )?.statusCode ?? 599,
    );
    const version = ((await tomas[one]?.get(`/api/v1/staff/support_tickets/${id}/`))?.body as { version: number })
      .version;
    const resolved = await request(instances[one] ?? first, {
      method: 'PATCH',
      url: `/api/v1/staff/support_tickets/${id}/`,
      token: tomasToken,
      body: { status: 'resolved', resolution: 'Vyměněn termostat.' },
      headers: { 'if-match': `W/"${version}"` },
    });
    staffSaw(resolved.statusCode);
  }
  const outageSeconds = (performance.now() - outageStarted) / 1000;
  const mailJobs = async () =>
    Object.fromEntries(
      (
        await first.db
          .select({ status: jobs.status, n: count() })
          .from(jobs)
          .where(eq(jobs.name, 'mail'))
          .groupBy(jobs.status)
      ).map((row) => [row.status, Number(row.n)]),
    ) as Partial<Record<'queued' | 'active' | 'done' | 'failed', number>>;
  const [tried] = await first.db
    .select({ attempts: sql<number>`coalesce(sum(${jobs.attempts}), 0)::int` })
    .from(jobs)
    .where(eq(jobs.name, 'mail'));
  const beforeSink = await mailJobs();
  const enqueued = Object.values(beforeSink).reduce((sum, n) => sum + n, 0);

  // The sink is back: every mail arrives, once.
  sink = await startSmtpSink(received, smtpPort);
  const back = performance.now();
  await until(async () => {
    const now = await mailJobs();
    return (now.queued ?? 0) + (now.active ?? 0) === 0;
  }, 600_000);
  const drainSeconds = (performance.now() - back) / 1000;
  // Time for a late duplicate to show.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await mailJobs();
  const ids = received.map((mail) => messageIdOf(mail.raw) ?? '');
  const duplicates = ids.length - new Set(ids).size;

  const rows: Array<[string, string | number]> = [
    ['tickets reported, answered and resolved', TICKETS],
    ['seconds of SMTP outage (while the staff worked)', outageSeconds.toFixed(1)],
    ['staff requests / answered with an error', `${staffRequests} / ${staffErrors}`],
    ['mail jobs enqueued', enqueued],
    ['delivery tries while the sink was down', tried?.attempts ?? 0],
    ['mails received by the sink', received.length],
    ['duplicates (same Message-ID)', duplicates],
    ['sent by instance 1 / instance 2', `${sentBy[0]} / ${sentBy[1]}`],
    ['mail jobs failed for good', after.failed ?? 0],
    [`seconds to empty the queue after the sink came back (first retry ${BACKOFF_SECONDS} s)`, drainSeconds.toFixed(1)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) process.stdout.write(`${label.padEnd(width)}  ${value}\n`);
  const ok = staffErrors === 0 && duplicates === 0 && received.length === enqueued && (after.failed ?? 0) === 0;
  process.stdout.write(ok ? 'OK: every mail delivered exactly once.\n' : 'FAILED: see the figures above.\n');
  process.exitCode = ok ? 0 : 1;
} finally {
  await Promise.all(instances.map((app) => app.close()));
  await sink?.stop();
  await database.dispose();
}
