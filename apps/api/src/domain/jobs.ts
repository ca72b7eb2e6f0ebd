import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { jobSchedules, jobs } from '../db/schema.js';

/**
 * Durable jobs on the portal's own database (docs/decisions/011-durable-jobs.md). A job is a
 * row written in the caller's transaction, so it exists exactly when the change that caused it
 * committed; a worker of any API instance claims it with `FOR UPDATE SKIP LOCKED`, so each job
 * runs in one place at a time. Failures come back after a growing delay; after `maxAttempts`
 * the job stays `failed` until someone retries it (staff API, `portal-admin jobs retry`).
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = JobRow['status'];

export interface EnqueueOptions {
  /** Not before this moment; now when absent. */
  runAt?: Date | undefined;
  /** Tries before the job is left `failed`; 8 when absent (about four hours with the default backoff). */
  maxAttempts?: number | undefined;
}

/** Writes a job in the caller's transaction (or on its own when given the database). */
export async function enqueueJob(
  tx: Database,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({
      name,
      payload,
      ...(options.runAt === undefined ? {} : { runAt: options.runAt }),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    })
    .returning({ id: jobs.id });
  if (row === undefined) throw new Error('job insert returned no row');
  return row.id;
}

/**
 * Claims up to `limit` due jobs for this worker: queued ones whose time has come and active
 * ones whose claim lapsed (their worker died). Rows another worker is claiming right now are
 * skipped, never waited for, so two instances never take the same job.
 */
export async function claimJobs(db: Database, limit: number, leaseSeconds: number): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
        and(eq(jobs.status, 'active'), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      status: 'active',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  // RETURNING has no order: run them in the order they were due (a visit set, then cleared).
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** Done; the payload keeps only what says what it was (a mail's kind), not its personal data or links. */
export async function completeJob(db: Database, job: Pick<JobRow, 'id' | 'payload'>): Promise<void> {
  const kind = job.payload['kind'];
  await db
    .update(jobs)
    .set({
      status: 'done',
      finishedAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      payload: typeof kind === 'string' ? { kind } : {},
    })
    .where(eq(jobs.id, job.id));
}

/** The delay before try number `attempt + 1`: base × 4^(attempt − 1), at most an hour. */
export function backoffSeconds(attempt: number, baseSeconds: number): number {
  return Math.min(3_600, baseSeconds * 4 ** Math.max(0, attempt - 1));
}

/** A failed try: queued again after the backoff, or left `failed` once the tries are used up. */
export async function failJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  error: unknown,
  backoffBaseSeconds: number,
): Promise<JobStatus> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
  const final = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      final
        ? { status: 'failed', lastError: message, lockedUntil: null, finishedAt: sql`now()` }
        : {
            status: 'queued',
            lastError: message,
            lockedUntil: null,
            runAt: sql`now() + make_interval(secs => ${backoffSeconds(job.attempts, backoffBaseSeconds)})`,
          },
    )
    .where(eq(jobs.id, job.id));
  return final ? 'failed' : 'queued';
}

export interface JobFilter {
  status?: JobStatus | undefined;
  name?: string | undefined;
  limit?: number | undefined;
}

/** Newest first: what the staff and `portal-admin jobs list` see. */
export async function listJobs(db: Database, filter: JobFilter = {}): Promise<JobRow[]> {
  const conditions = [
    filter.status === undefined ? undefined : eq(jobs.status, filter.status),
    filter.name === undefined ? undefined : eq(jobs.name, filter.name),
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(jobs)
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(desc(jobs.id))
    .limit(filter.limit ?? 100);
}

/** A failed job queued again with fresh tries; undefined when there is no such failed job. */
export async function retryJob(db: Database, id: number, name?: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed'), name === undefined ? undefined : eq(jobs.name, name)))
    .returning();
  return row;
}

/** How many jobs are in each status (metrics, the staff overview). */
export async function jobCounts(db: Database): Promise<Record<JobStatus, number>> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.status);
  const counts: Record<JobStatus, number> = { queued: 0, active: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Forgets finished jobs older than `days`; failed ones stay until retried. */
export async function pruneDoneJobs(db: Database, days: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Registers (or re-times) a recurring job: every `everySeconds` one instance of the cluster
 * enqueues a job called `name` with an empty payload. The first run is one period from now
 * unless `firstRunAt` says otherwise; an existing schedule keeps its next run.
 */
export async function registerSchedule(
  db: Database,
  name: string,
  everySeconds: number,
  firstRunAt?: Date,
): Promise<void> {
  await db
    .insert(jobSchedules)
    .values({ name, everySeconds, nextRunAt: firstRunAt ?? new Date(Date.now() + everySeconds * 1_000) })
    .onConflictDoUpdate({ target: jobSchedules.name, set: { everySeconds } });
}

/**
 * Enqueues the job of every schedule whose time has come and moves it on by its period, in
 * one transaction with the schedule's row locked, so one instance does it once per period.
 */
export async function enqueueDueSchedules(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobSchedules)
      .where(lte(jobSchedules.nextRunAt, sql`now()`))
      .for('update', { skipLocked: true });
    for (const schedule of due) {
      await enqueueJob(tx, schedule.name, {}, { maxAttempts: 1 });
      await tx
        .update(jobSchedules)
        .set({ nextRunAt: sql`now() + make_interval(secs => ${schedule.everySeconds})` })
        .where(eq(jobSchedules.name, schedule.name));
    }
    return due.map((schedule) => schedule.name);
  });
}

/** Makes a schedule due now (tests, `portal-admin jobs run <schedule>`); false when unknown. */
export async function runScheduleNow(db: Database, name: string): Promise<boolean> {
  const rows = await db
    .update(jobSchedules)
    .set({ nextRunAt: sql`now()` })
    .where(eq(jobSchedules.name, name))
    .returning({ name: jobSchedules.name });
  return rows.length > 0;
}
