import fp from 'fastify-plugin';
import { anonymiseVisitors } from '../../domain/retention.js';
import { closeStaleResolvedTickets } from '../../domain/ticket-auto-close.js';
import { pruneIdempotencyKeys } from '../../domain/idempotency.js';
import { removeAbandonedFiles } from '../../files/database-store.js';

/** `TICKET_AUTO_CLOSE_DAYS` when the configuration does not say. */
export const DEFAULT_TICKET_AUTO_CLOSE_DAYS = 7;

/** How often the API runs housekeeping; each run is idempotent, so several instances may overlap. */
export const HOUSEKEEPING_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Periodic housekeeping: anonymise visitors' personal data past `ANONYMISE_AFTER_DAYS`, close
 * resolved tickets nobody answered within `TICKET_AUTO_CLOSE_DAYS` (domain/ticket-auto-close.ts),
 * forget idempotency keys older than 24 hours and delete files a crash left half-written in the
 * database store. The first run comes one interval after start-up,
 * so boot and tests are never slowed down; `portal-admin anonymise` runs it on demand.
 */
export const housekeepingPlugin = fp(
  (fastify, _opts, done) => {
    const timer = setInterval(() => {
      fastify.background.run('housekeeping', async () => {
        const result = await anonymiseVisitors(fastify.db, fastify.config.anonymiseAfterDays);
        await pruneIdempotencyKeys(fastify.db);
        if (fastify.fileStore.driver === 'database') {
          const abandoned = await removeAbandonedFiles(fastify.db);
          if (abandoned > 0) fastify.log.info({ abandoned }, 'half-written files removed');
        }
        if (result.requests + result.reservations > 0) fastify.log.info(result, 'visitor data anonymised');
        const autoClosed = await closeStaleResolvedTickets(
          fastify.db,
          new Date(),
          fastify.config.ticketAutoCloseDays ?? DEFAULT_TICKET_AUTO_CLOSE_DAYS,
        );
        if (autoClosed.length > 0) fastify.log.info({ tickets: autoClosed }, 'resolved tickets closed automatically');
      });
    }, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', (_instance, finished) => {
      clearInterval(timer);
      finished();
    });
    done();
  },
  { name: 'housekeeping', dependencies: ['database', 'background-tasks', 'config'] },
);
