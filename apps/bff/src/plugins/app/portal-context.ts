import fp from 'fastify-plugin';
import type { BotProtection } from '../../bot-protection/bot-protection.js';
import type { BffConfig } from '../../config/env.js';
import type { SessionManager } from '../../sessions/session-manager.js';
import type { UpstreamAuth } from '../../upstream/upstream-auth.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';

export interface PortalContext {
  config: BffConfig;
  sessions: SessionManager;
  upstream: UpstreamClient;
  upstreamAuth: UpstreamAuth;
  botProtection: BotProtection;
}

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalContext;
  }
}

/**
 * Makes the configuration and the shared services available to every route plugin as
 * `app.portal`, and closes what needs closing when the server stops.
 */
export const portalContextPlugin = fp<PortalContext>(
  async (app, context) => {
    app.decorate('portal', context);
    app.addHook('onClose', async () => {
      await context.upstream.close();
      await context.sessions.store.close();
    });
  },
  { name: 'portal-context' },
);
