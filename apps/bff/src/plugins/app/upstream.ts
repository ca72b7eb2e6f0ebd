import fp from 'fastify-plugin';
import { UpstreamAuth } from '../../upstream/upstream-auth.js';
import { UpstreamClient } from '../../upstream/upstream-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every call to the upstream goes through this client (retries, timeouts, deadline). */
    upstream: UpstreamClient;
    /** The upstream's login, logout, renewal, profile and password-reset calls. */
    upstreamAuth: UpstreamAuth;
  }
}

/**
 * The upstream client, whose attempts feed the metrics, and the authentication calls on top
 * of it; its connection pool closes with the app.
 * @see {@link https://undici.nodejs.org/#/docs/api/Pool}
 */
export const upstreamPlugin = fp(
  async (app) => {
    const { config, metrics } = app;
    const upstream = new UpstreamClient({
      baseUrl: config.upstreamUrls,
      timeoutMs: config.upstreamTimeoutMs,
      deadlineMs: config.upstreamDeadlineMs,
      retryBudget: config.upstreamRetryBudget,
      ...(metrics ? { onAttempt: (outcome, seconds) => metrics.upstreamAttempt(outcome, seconds) } : {}),
    });
    app.decorate('upstream', upstream);
    app.decorate('upstreamAuth', new UpstreamAuth(upstream));
    app.addHook('onClose', async () => {
      await upstream.close();
    });
  },
  { name: 'upstream', dependencies: ['config', 'metrics'] },
);
