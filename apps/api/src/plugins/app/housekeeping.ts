import type { FastifyInstance } from 'fastify';
import { pruneIdempotencyKeys } from '../../domain/idempotency.js';
import { pruneDoneJobs } from '../../domain/jobs.js';
import { anonymiseVisitors } from '../../domain/retention.js';
import { closeStaleResolvedTickets } from '../../domain/ticket-auto-close.js';
import { removeAbandonedFiles } from '../../files/database-store.js';

/** Days a finished job (a sent mail's kind, nothing personal) is kept for the staff's overview. */
export const DONE_JOBS_KEPT_DAYS = 14;

/** `TICKET_AUTO_CLOSE_DAYS` when the configuration does not say. */
export const DEFAULT_TICKET_AUTO_CLOSE_DAYS = 7;

/**
 * Housekeeping, the scheduled job `housekeeping` (plugins/app/jobs.ts, every six hours, once per
 * cluster): anonymise visitors' personal data past `ANONYMISE_AFTER_DAYS`, close resolved
 * tickets nobody answered within `TICKET_AUTO_CLOSE_DAYS` (domain/ticket-auto-close.ts, the
 * tenant is told), forget idempotency keys older than 24 hours, delete files a crash left
 * half-written in the database store and finished jobs. Each step is idempotent;
 * `portal-admin anonymise` runs the first on demand.
 */
export async function runHousekeeping(fastify: FastifyInstance): Promise<void> {
  const result = await anonymiseVisitors(fastify.db, fastify.config.anonymiseAfterDays);
  const autoClosed = await closeStaleResolvedTickets(
    fastify.db,
    new Date(),
    fastify.config.ticketAutoCloseDays ?? DEFAULT_TICKET_AUTO_CLOSE_DAYS,
  );
  if (autoClosed.length > 0) fastify.log.info({ tickets: autoClosed }, 'resolved tickets closed automatically');
  await pruneIdempotencyKeys(fastify.db);
  const jobs = await pruneDoneJobs(fastify.db, DONE_JOBS_KEPT_DAYS);
  if (fastify.fileStore.driver === 'database') {
    const abandoned = await removeAbandonedFiles(fastify.db);
    if (abandoned > 0) fastify.log.info({ abandoned }, 'half-written files removed');
  }
  if (result.requests + result.reservations + jobs > 0) fastify.log.info({ ...result, jobs }, 'housekeeping done');
}
