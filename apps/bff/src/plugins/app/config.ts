import fp from 'fastify-plugin';
import type { BffConfig } from '../../config/env.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (src/config/env.ts); the only way code reads settings. */
    config: BffConfig;
  }
}

export interface ConfigPluginOptions {
  config: BffConfig;
}

/**
 * Exposes the configuration the app was built with. It arrives as an option instead of being
 * read from `process.env` here, so tests build the app from a literal configuration.
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const configPlugin = fp<ConfigPluginOptions>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
