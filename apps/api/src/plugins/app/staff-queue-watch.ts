import fp from 'fastify-plugin';
import { staffQueueChanged, watchStaffQueue } from '../../domain/staff-queue-cache.js';

/** Methods that change nothing (a GET that records a view touches no staff queue page). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Listens for the staff queue's notifications on PostgreSQL (domain/staff-queue-cache.ts), so
 * kept queue pages are served without a statement until something changes. A change request
 * this instance answers starts a new epoch before its answer is sent: its own notification
 * travels on another connection and may arrive later than the clerk's next request.
 */
export const staffQueueWatchPlugin = fp(
  (fastify, _opts, done) => {
    const listen = fastify.databaseListen;
    if (listen === null) {
      done();
      return;
    }
    const listener = watchStaffQueue(fastify.db, listen, (error) =>
      fastify.log.warn({ err: error }, 'staff queue notifications interrupted; reconnecting'),
    );
    fastify.addHook('onSend', (request, _reply, payload, next) => {
      if (!READS.has(request.method)) staffQueueChanged(fastify.db);
      next(null, payload);
    });
    fastify.addHook('onClose', () => listener.close());
    done();
  },
  { name: 'staff-queue-watch', dependencies: ['database'] },
);
