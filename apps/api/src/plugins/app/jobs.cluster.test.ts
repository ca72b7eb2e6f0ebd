import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_USERS } from '../../demo/demo-data.js';
import { jobCounts, listJobs } from '../../domain/jobs.js';
import { enqueueMail } from '../../domain/notifications.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { scratchDatabaseFor, type ScratchDatabase } from '../../testing/scratch-database.js';
import { logInStaffCast } from '../../testing/staff-cast.js';
import {
  freePort,
  messageIdOf,
  startSmtpSink,
  until,
  type ReceivedMail,
  type SmtpSink,
} from '../../testing/smtp-sink.js';
import { testConfig } from '../../testing/test-config.js';

describe('mail while the SMTP server is down', () => {
  let t: TestApp;
  let port: number;
  const received: ReceivedMail[] = [];
  let sink: SmtpSink | undefined;

  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp('pglite', {
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, jobPollMs: 50, jobBackoffSeconds: 0.2 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('keeps the staff reply working, retries the mail and delivers it once the server is back', async () => {
    const { tomas, jana } = await logInStaffCast(t.app);
    const reported = await jana.post('/api/v1/support_tickets/', {
      subject: 'Netopí radiátor',
      description: 'V kanceláři je zima.',
      priority: 'standard',
      building: ((await jana.get('/api/v1/buildings/')).body as Array<{ id: number }>)[0]?.id,
    });
    expect(reported.statusCode).toBe(201);
    const id = (reported.body as { id: number }).id;
    const answer = await tomas.post(`/api/v1/staff/support_tickets/${id}/messages/`, {
      body: 'Technik přijde zítra.',
      visibility: 'public',
    });
    // The staff see no error: the mail waits in the queue.
    expect(answer.statusCode).toBe(201);
    await until(async () => (await listJobs(t.app.db, { name: 'mail' })).some((job) => (job.lastError ?? '') !== ''));
    const waiting = (await listJobs(t.app.db, { name: 'mail' })).filter(
      (job) => (job.payload as { kind?: string }).kind === 'ticket-reply',
    );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.status).not.toBe('done');
    expect(received).toEqual([]);

    sink = await startSmtpSink(received, port);
    await until(() => received.some((mail) => mail.to.includes(DEMO_USERS.jana.email)));
    await until(async () => (await jobCounts(t.app.db)).queued + (await jobCounts(t.app.db)).active === 0);
    const replies = received.filter((mail) => /X-Portal-Mail-Type: ticket-reply/.test(mail.raw));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.raw).toMatch(new RegExp(`In-Reply-To: <ticket-${id}@portal\\.test>`));
    expect((await jobCounts(t.app.db)).failed).toBe(0);
  });
});

describe('mail whose acceptance got lost', () => {
  it('sends the same Message-ID again, so the receiving side can tell the copy', async () => {
    const received: ReceivedMail[] = [];
    // The relay reads the whole message and then answers 451: the job must try again.
    const sink = await startSmtpSink(received, 0, { refuseFirst: 1 });
    const t = await buildTestApp('pglite', {
      config: { smtpUrl: `smtp://127.0.0.1:${sink.port}`, jobPollMs: 50, jobBackoffSeconds: 0.1 },
    });
    try {
      await enqueueMail(t.app.db, { kind: 'password-changed', to: 'najemce@example.cz', data: {} });
      // The mail job itself (scheduled housekeeping jobs finish too).
      await until(async () => (await listJobs(t.app.db, { name: 'mail', status: 'done' })).length === 1);
      expect(received).toHaveLength(2);
      const [firstTry, secondTry] = received.map((mail) => messageIdOf(mail.raw));
      expect(firstTry).toMatch(/^<password-changed\.j\d+\.[0-9a-z]+@portal\.test>$/);
      expect(secondTry).toBe(firstTry);
    } finally {
      await t.close();
      await sink.stop();
    }
  });
});

describe('two API instances on one PostgreSQL', () => {
  const received: ReceivedMail[] = [];
  let sink: SmtpSink;
  let database: ScratchDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink(received);
    database = await scratchDatabaseFor('postgres');
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await sink.stop();
    await database?.dispose();
  });

  it('deliver every mail exactly once', async () => {
    const config = testConfig({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      seedDemoData: false,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      jobPollMs: 20,
    });
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(config);
      await app.ready();
      apps.push(app);
    }
    const [first] = apps;
    if (first === undefined) throw new Error('no app');
    const count = 60;
    for (let i = 0; i < count; i += 1) {
      await enqueueMail(first.db, { kind: 'password-changed', to: `najemce${i}@example.cz`, data: {} });
    }
    await until(() => received.length >= count);
    await until(async () => (await jobCounts(first.db)).done === count);
    // Give a duplicate the time to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const addresses = received.flatMap((mail) => mail.to);
    expect(addresses).toHaveLength(count);
    expect(new Set(addresses).size).toBe(count);
    expect(await jobCounts(first.db)).toMatchObject({ queued: 0, active: 0, failed: 0, done: count });
  });
});
