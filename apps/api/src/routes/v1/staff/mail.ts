import { drfError } from '../../../domain/errors.js';
import { listJobs, retryJob, type JobRow } from '../../../domain/jobs.js';
import { MAIL_JOB } from '../../../domain/notifications.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';

/** `StaffMailJob`: a mail job as the staff see it. */
export function serializeMailJob(row: JobRow) {
  const kind = row.payload['kind'];
  const to = row.payload['to'];
  return {
    id: row.id,
    kind: typeof kind === 'string' ? kind : '',
    to: typeof to === 'string' ? to : null,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    run_at: row.runAt.toISOString(),
  };
}

/** Outgoing mail waiting, failed or sent, and a retry of a failed one (domain/jobs.ts). */
export const staffMailRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get('/staff/mail/', { schema: contractSchema('listStaffMail'), ...staffOnly }, async (request, reply) => {
    const rows = await listJobs(fastify.db, { name: MAIL_JOB, status: request.query.status, limit: 200 });
    return reply.header('x-total-count', String(rows.length)).send(rows.map(serializeMailJob));
  });

  fastify.post(
    '/staff/mail/:id/retry/',
    { schema: contractSchema('retryStaffMail'), ...staffOnly },
    async (request) => {
      const row = await retryJob(fastify.db, request.params.id, MAIL_JOB);
      if (row === undefined) {
        throw drfError(404, 'not_found', `E-mail č. ${request.params.id} neexistuje nebo neselhal.`);
      }
      fastify.jobs.wake();
      return serializeMailJob(row);
    },
  );
};
