import fp from 'fastify-plugin';
import { readBuildId, SpaDocuments } from '../../web-app/spa-documents.js';

declare module 'fastify' {
  interface FastifyInstance {
    webApp: {
      /** The built app's HTML documents; null when the web app was not built (tests, API only). */
      documents: SpaDocuments | null;
      /** Identifies the deployed web build (`RuntimeConfig.buildId`). */
      buildId: string;
    };
  }
}

/**
 * The built web app as the BFF serves it: its documents, read and compressed once at
 * start-up, and its build id (BUILD_ID, else the one the build stamped).
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const webAppPlugin = fp(
  async (app) => {
    const { config } = app;
    const documents = SpaDocuments.load(config.webDistDir, {
      config,
      onSkipped: (path) => app.log.info({ path }, 'prerendered page not served: it assumes other feature flags'),
    });
    app.decorate('webApp', {
      documents,
      buildId: config.buildId ?? readBuildId(config.webDistDir) ?? 'development',
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
