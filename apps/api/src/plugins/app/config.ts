import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Validated configuration (src/config/env.ts); the only way code reads settings. */
    config: AppConfig;
  }
}

export interface ConfigPluginOptions {
  config: AppConfig;
}

/**
 * Exposes the configuration the app was built with. It arrives as an option instead of being
 * read from `process.env` here, so tests build the app from a literal config.
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const configPlugin = fp<ConfigPluginOptions>(
  (fastify, opts, done) => {
    fastify.decorate('config', Object.freeze({ ...opts.config }));
    done();
  },
  { name: 'config' },
);
