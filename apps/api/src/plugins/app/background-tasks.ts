import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Work that must not delay (or be visible in) a response, such as sending the password-reset
 * mail: answering before it runs keeps response times equal for known and unknown e-mail
 * addresses. Failures are logged; `close()` waits for everything still running.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.#log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /** Resolves once no task is running, including tasks started by running tasks. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) {
      await Promise.allSettled([...this.#pending]);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

/** @see {@link https://fastify.dev/docs/latest/Reference/Hooks/#onclose} (drained on close) */
export const backgroundTasksPlugin = fp(
  (fastify, _opts, done) => {
    const tasks = new BackgroundTasks(fastify.log);
    fastify.decorate('background', tasks);
    fastify.addHook('onClose', () => tasks.idle());
    done();
  },
  { name: 'background-tasks' },
);
