/**
 * Benchmark (not a test): attachment upload and download throughput of the database file store
 * against the folder store, in one run, through the API's real HTTP routes.
 *
 *   pnpm --filter @portal/api bench:files
 *   BENCH_FILE_MB=10 BENCH_FILES=10 BENCH_CONCURRENCY=2 BENCH_DRIVERS=postgres,pglite pnpm --filter @portal/api bench:files
 *
 * For each database driver (PostgreSQL on BENCH_DATABASE_URL's server in a database of its own,
 * dropped afterwards; PGlite in a temporary folder) and each FILE_STORE, builds the real app with
 * the demo data, listens on 127.0.0.1, and as Jana uploads BENCH_FILES files of BENCH_FILE_MB
 * (random bytes, 10 MB is the contract's limit per file) to one ticket, BENCH_CONCURRENCY at a
 * time, one file per multipart request, then downloads each and checks its size. Prints MB/s
 * (MiB, 1,048,576 bytes) for both directions. The client runs in the same process as the server
 * (fetch), so both share one event loop: compare the rows with each other, not with a network.
 *
 *   BENCH_DATABASE_URL   PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_FILE_MB        size of each file (default 10)
 *   BENCH_FILES          files per store and driver (default 10)
 *   BENCH_CONCURRENCY    uploads or downloads at once (default 2)
 *   BENCH_DRIVERS        comma-separated: postgres, pglite (default both)
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/demo/demo-data.js';
import { createScratchDatabase, type DatabaseDriver } from '../src/testing/scratch-database.js';
import { testConfig } from '../src/testing/test-config.js';

const SERVER = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILE_MB = Number(process.env['BENCH_FILE_MB'] ?? 10);
const FILES = Number(process.env['BENCH_FILES'] ?? 10);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 2);
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'postgres,pglite')
  .split(',')
  .map((name) => name.trim()) as DatabaseDriver[];
const STORES = ['database', 'folder'] as const;
const MIB = 1_048_576;

interface Row {
  driver: DatabaseDriver;
  store: (typeof STORES)[number];
  uploadMBps: number;
  downloadMBps: number;
}

/** Runs `work` for 0…count-1, `limit` at a time; resolves with the seconds it all took. */
async function timed(count: number, limit: number, work: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function measure(driver: DatabaseDriver, store: (typeof STORES)[number], content: Buffer): Promise<Row> {
  const database = await createScratchDatabase(driver, driver === 'postgres' ? SERVER : undefined);
  const app = await buildApp(
    testConfig({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, fileStore: store, seedDemoData: true }),
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const login = await fetch(`${base}/_allauth/app/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.jana.email, password: DEMO_PASSWORD }),
    });
    const { meta } = (await login.json()) as { meta: { access: string } };
    const headers = { authorization: `Bearer ${meta.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };
    const tickets = (await (await fetch(`${base}/support_tickets/`, { headers })).json()) as { id: number }[];
    const ticket = tickets.find(() => true);
    if (ticket === undefined) throw new Error('the demo data has no ticket');

    const blob = new Blob([content], { type: 'application/pdf' });
    const ids: number[] = [];
    const uploadSeconds = await timed(FILES, CONCURRENCY, async (index) => {
      const form = new FormData();
      form.append('files', blob, `soubor-${index}.pdf`);
      const answer = await fetch(`${base}/support_tickets/${ticket.id}/attachments/`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
      const [attachment] = (await answer.json()) as { id: number }[];
      if (attachment !== undefined) ids.push(attachment.id);
    });
    const downloadSeconds = await timed(ids.length, CONCURRENCY, async (index) => {
      const answer = await fetch(`${base}/support_tickets/${ticket.id}/attachments/${ids[index]}/`, { headers });
      let size = 0;
      for await (const piece of answer.body ?? []) size += (piece as Uint8Array).byteLength;
      if (answer.status !== 200 || size !== content.length) {
        throw new Error(`download answered ${answer.status} with ${size} of ${content.length} bytes`);
      }
    });
    const megabytes = (FILES * content.length) / MIB;
    return { driver, store, uploadMBps: megabytes / uploadSeconds, downloadMBps: megabytes / downloadSeconds };
  } finally {
    await app.close();
    await database.dispose();
  }
}

const before = loadavg();
// A PDF signature, then noise: the API judges an upload by its first bytes.
const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MB * MIB - 9)]);
const rows: Row[] = [];
for (const driver of DRIVERS) {
  for (const store of STORES) {
    process.stderr.write(`${driver}, FILE_STORE=${store}: ${FILES} × ${FILE_MB} MB, ${CONCURRENCY} at a time…\n`);
    rows.push(await measure(driver, store, content));
  }
}
const after = loadavg();
const cell = (value: number) => value.toFixed(1).padStart(8);
const lines = [
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; ` +
    `load average ${before[0]?.toFixed(2)} before, ${after[0]?.toFixed(2)} after`,
  `${FILES} files of ${FILE_MB} MB per row, ${CONCURRENCY} at a time, through the attachment routes (MB/s = MiB/s)`,
  '',
  'database  FILE_STORE  upload MB/s  download MB/s',
  ...rows.map(
    (row) => `${row.driver.padEnd(9)} ${row.store.padEnd(11)} ${cell(row.uploadMBps)}     ${cell(row.downloadMBps)}`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
