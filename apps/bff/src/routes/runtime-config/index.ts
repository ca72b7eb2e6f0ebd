import type { FastifyPluginAsync } from 'fastify';
import { ownRoute } from '../../http/own-route.js';

/**
 * The runtime configuration the SPA reads at start-up (`RuntimeConfig` in bff.yaml): one build
 * of the web app serves every operator, whose flags and public keys come from the BFF's
 * environment.
 */
export const runtimeConfigRoutes: FastifyPluginAsync = async (app) => {
  const { config, botProtection, webApp } = app;
  const body = {
    features: config.features,
    hideTenantLogin: config.hideTenantLogin,
    botProtection: botProtection.publicConfig(),
    sentry: { dsn: config.sentry.dsn, environment: config.sentry.environment },
    buildId: webApp.buildId,
  };
  ownRoute(app, 'getRuntimeConfig', { handler: async () => body });
};
