import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, jobSchedules } from '../db/schema.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { DATABASE_DRIVERS } from '../testing/scratch-database.js';
import {
  backoffSeconds,
  claimJobs,
  completeJob,
  enqueueDueSchedules,
  enqueueJob,
  failJob,
  listJobs,
  registerSchedule,
  retryJob,
} from './jobs.js';

describe('backoffSeconds', () => {
  it('grows fourfold per try and stops at an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffSeconds(attempt, 30))).toEqual([30, 120, 480, 1_920]);
    expect(backoffSeconds(9, 30)).toBe(3_600);
  });
});

describe.each(DATABASE_DRIVERS)('durable jobs (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: the test drives the queue by hand.
    t = await buildTestApp(driver, { config: { seedDemoData: false, jobWorker: false } });
  });
  afterAll(() => t?.close());

  it('exists exactly when the transaction that enqueued it committed', async () => {
    const { db } = t.app;
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'rolled-back', { n: 1 });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    const id = await db.transaction((tx) => enqueueJob(tx, 'committed', { n: 2 }));
    expect(await listJobs(db, { name: 'rolled-back' })).toEqual([]);
    expect(await listJobs(db, { name: 'committed' })).toMatchObject([{ id, status: 'queued', payload: { n: 2 } }]);
    await db.delete(jobs);
  });

  it('retries with backoff, stays failed after the last try and runs again when retried', async () => {
    const { db } = t.app;
    const id = await enqueueJob(db, 'flaky', { kind: 'ticket-reply', to: 'jana@example.cz' }, { maxAttempts: 2 });
    const [first] = await claimJobs(db, 10, 60);
    expect(first).toMatchObject({ id, status: 'active', attempts: 1 });
    // A claimed job is nobody else's.
    expect(await claimJobs(db, 10, 60)).toEqual([]);
    if (first === undefined) throw new Error('no job');
    expect(await failJob(db, first, new Error('SMTP 451'), 30)).toBe('queued');
    const [waiting] = await db
      .select({ due: sql<boolean>`${jobs.runAt} > now() + interval '25 seconds'`, error: jobs.lastError })
      .from(jobs)
      .where(eq(jobs.id, id));
    expect(waiting).toEqual({ due: true, error: 'SMTP 451' });
    // Not due before its backoff is over.
    expect(await claimJobs(db, 10, 60)).toEqual([]);
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));
    const [second] = await claimJobs(db, 10, 60);
    expect(second?.attempts).toBe(2);
    if (second === undefined) throw new Error('no job');
    expect(await failJob(db, second, new Error('SMTP 550'), 30)).toBe('failed');
    expect(await listJobs(db, { status: 'failed' })).toMatchObject([
      { id, lastError: 'SMTP 550', payload: { to: 'jana@example.cz' } },
    ]);
    // Never picked up again by itself…
    expect(await claimJobs(db, 10, 60)).toEqual([]);
    // …until someone retries it, with fresh tries.
    expect(await retryJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await retryJob(db, id)).toBeUndefined();
    const [third] = await claimJobs(db, 10, 60);
    if (third === undefined) throw new Error('no job');
    await completeJob(db, third);
    // Done: the personal data and links are gone, what it was stays.
    expect(await listJobs(db, { name: 'flaky' })).toMatchObject([
      { status: 'done', payload: { kind: 'ticket-reply' }, lastError: null },
    ]);
    await db.delete(jobs);
  });

  it('takes over a job whose worker died (its claim lapsed)', async () => {
    const { db } = t.app;
    const id = await enqueueJob(db, 'orphan', {});
    expect(await claimJobs(db, 1, 60)).toHaveLength(1);
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await claimJobs(db, 1, 60)).toMatchObject([{ id, attempts: 2 }]);
    await db.delete(jobs);
  });

  it('enqueues a due schedule once however many instances look at the same time', async () => {
    const { db } = t.app;
    await registerSchedule(db, 'nightly', 3_600, new Date(Date.now() - 1_000));
    const results = await Promise.all([1, 2, 3, 4].map(() => enqueueDueSchedules(db)));
    // The app's own schedules may fall due meanwhile on a slow machine; nightly counts here.
    expect(results.flat().filter((name) => name === 'nightly')).toEqual(['nightly']);
    expect(await listJobs(db, { name: 'nightly' })).toHaveLength(1);
    const [schedule] = await db
      .select({ later: sql<boolean>`${jobSchedules.nextRunAt} > now() + interval '59 minutes'` })
      .from(jobSchedules)
      .where(eq(jobSchedules.name, 'nightly'));
    expect(schedule?.later).toBe(true);
    expect(await enqueueDueSchedules(db)).not.toContain('nightly');
    await db.delete(jobs);
  });
});
