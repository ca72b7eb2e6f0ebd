import fp from 'fastify-plugin';
import { MemoryRenewalCoordination, RedisRenewalCoordination } from '../../sessions/renewal-coordination.js';
import { SessionManager } from '../../sessions/session-manager.js';
import { TokenRenewal } from '../../sessions/token-renewal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reading, starting and ending sessions, with an access token kept fresh for each call. */
    sessions: SessionManager;
  }
}

export interface SessionsPluginOptions {
  /** The clock (epoch ms) of idle and absolute expiry and of renewal; tests move it. */
  now: () => number;
}

/**
 * The session manager over the store, with token renewal coordinated across instances
 * through Redis when there is one (docs/architecture.md §4, Renewal).
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const sessionsPlugin = fp<SessionsPluginOptions>(
  async (app, { now }) => {
    const { config, redis, sessionStore, upstreamAuth, metrics } = app;
    const keyPrefix = config.redis?.keyPrefix ?? '';
    // The lease outlasts the whole refresh call, so no second instance refreshes meanwhile.
    const leaseMs = config.upstreamDeadlineMs + 5_000;
    const renewal = new TokenRenewal(sessionStore, upstreamAuth, {
      now,
      coordination: redis
        ? new RedisRenewalCoordination(redis, keyPrefix, leaseMs)
        : new MemoryRenewalCoordination(now),
      waitLimitMs: leaseMs,
      ...(metrics ? { onRenewal: (outcome) => metrics.renewal(outcome) } : {}),
    });
    app.decorate(
      'sessions',
      new SessionManager(sessionStore, renewal, {
        secureCookies: config.cookieSecure,
        idleTimeoutSeconds: config.sessionIdleTimeoutSeconds,
        now,
      }),
    );
  },
  { name: 'sessions', dependencies: ['config', 'redis', 'session-store', 'upstream', 'metrics'] },
);
