import fp from 'fastify-plugin';
import {
  claimJobs,
  completeJob,
  enqueueDueSchedules,
  failJob,
  registerSchedule,
  type JobRow,
} from '../../domain/jobs.js';
import { MAIL_JOB, enqueueReservationReminders, setOperatorMailbox, type MailJob } from '../../domain/notifications.js';
import { MAIL_FROM } from '../../mail/message.js';
import { renderMail } from '../../mail/templates.js';
import { runHousekeeping } from './housekeeping.js';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface JobRunner {
  /** What runs a job of this name (one handler per name). */
  handle(name: string, handler: JobHandler): void;
  /**
   * A recurring job run once per period by one instance of the cluster; its handler is
   * registered with `handle`. Call before the app is ready.
   */
  schedule(name: string, everySeconds: number, handler: JobHandler): void;
  /** Looks for work now instead of at the next poll (after a commit that enqueued some). */
  wake(): void;
  /** Runs every job that is due now, including those the jobs enqueue; for tests and the CLI. */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** How long a claimed job is this worker's; after that another instance takes it (a crash). */
const LEASE_SECONDS = 300;
const BATCH = 5;

export const HOUSEKEEPING_EVERY_SECONDS = 6 * 60 * 60;
export const REMINDERS_EVERY_SECONDS = 5 * 60;

/**
 * The job worker (docs/decisions/011-durable-jobs.md): every `jobPollMs` it enqueues the due
 * schedules and runs the due jobs it can claim, one at a time. Jobs come from any instance and
 * from `portal-admin`; `SKIP LOCKED` claims make each run once across the cluster. A failed
 * job comes back after its backoff and stays `failed` after its last try.
 */
export const jobsPlugin = fp(
  async (fastify) => {
    const { config, db, log } = fastify;
    const pollMs = config.jobPollMs ?? 1_000;
    const backoffBase = config.jobBackoffSeconds ?? 30;
    const handlers = new Map<string, JobHandler>();
    const schedules = new Map<string, number>();
    setOperatorMailbox(config.operatorEmail);

    const runner: JobRunner = {
      handle(name, handler) {
        handlers.set(name, handler);
      },
      schedule(name, everySeconds, handler) {
        handlers.set(name, handler);
        schedules.set(name, everySeconds);
      },
      wake: () => {
        void tick();
      },
      async drain() {
        await current;
        while (await tick()) {
          /* until nothing was due */
        }
      },
    };

    runner.handle(MAIL_JOB, async (payload, job) => {
      const mail = payload as unknown as MailJob;
      const message = renderMail(mail, {
        portalUrl: config.portalUrl,
        unsubscribeUrl: (email, kind) => fastify.unsubscribeUrl(email, kind),
        organizer: /<([^<>]+)>/.exec(config.mailFrom ?? MAIL_FROM)?.[1] ?? 'no-reply@portal.invalid',
      });
      // Every try of one job sends the same Message-ID (see MailMessage.uniqueKey).
      await fastify.mailer.send({ ...message, uniqueKey: `j${job.id}.${job.createdAt.getTime().toString(36)}` });
    });
    runner.schedule('housekeeping', HOUSEKEEPING_EVERY_SECONDS, () => runHousekeeping(fastify));
    runner.schedule('reservation-reminders', REMINDERS_EVERY_SECONDS, async () => {
      const reminded = await enqueueReservationReminders(db, config.reservationReminderMinutes ?? 120);
      if (reminded > 0) log.info({ reminded }, 'reservation reminders enqueued');
    });
    fastify.decorate('jobs', runner);

    let current: Promise<boolean> = Promise.resolve(false);
    let running = false;
    let closed = false;

    async function runOne(job: JobRow): Promise<void> {
      const handler = handlers.get(job.name);
      try {
        if (handler === undefined) throw new Error(`no handler for job ${job.name}`);
        await handler(job.payload, job);
        await completeJob(db, job);
      } catch (error) {
        const status = await failJob(db, job, error, backoffBase);
        const entry = { err: error, job: job.id, name: job.name, attempt: job.attempts };
        if (status === 'failed') log.error(entry, 'job failed for good');
        else log.warn(entry, 'job failed; it will be tried again');
      }
    }

    /** One pass; true when it found work (so a drain goes on). */
    function tick(): Promise<boolean> {
      if (running || closed) return current;
      running = true;
      current = (async () => {
        let worked = false;
        try {
          const enqueued = await enqueueDueSchedules(db);
          worked = enqueued.length > 0;
          for (;;) {
            if (closed) break;
            const claimed = await claimJobs(db, BATCH, LEASE_SECONDS);
            if (claimed.length === 0) break;
            worked = true;
            for (const job of claimed) await runOne(job);
          }
        } catch (error) {
          log.error({ err: error }, 'job worker pass failed');
        } finally {
          running = false;
        }
        return worked;
      })();
      return current;
    }

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      for (const [name, everySeconds] of schedules) await registerSchedule(db, name, everySeconds);
      if (config.jobWorker === false) return;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
    });
    fastify.addHook('onClose', async () => {
      closed = true;
      if (timer !== undefined) clearInterval(timer);
      await current;
    });
  },
  { name: 'jobs', dependencies: ['database', 'mailer', 'config'] },
);
