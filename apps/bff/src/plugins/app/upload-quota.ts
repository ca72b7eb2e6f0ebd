import fp from 'fastify-plugin';
import { MemoryByteCounter, RedisByteCounter, UploadQuota } from '../../http/upload-quota.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts the bytes anonymous visitors upload per client and day. */
    uploadQuota: UploadQuota;
  }
}

export interface UploadQuotaPluginOptions {
  /** The clock (epoch ms) of the memory counter's windows; tests move it. */
  now: () => number;
}

/** A day: the window of `RATE_LIMIT_PUBLIC_UPLOAD_BYTES_PER_DAY`. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily upload volume of anonymous visitors, its count shared through Redis when there is
 * one (docs/security.md, Limits).
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const uploadQuotaPlugin = fp<UploadQuotaPluginOptions>(
  async (app, { now }) => {
    const { config, redis } = app;
    const counter = redis ? new RedisByteCounter(redis, config.redis?.keyPrefix ?? '') : new MemoryByteCounter(now);
    app.decorate(
      'uploadQuota',
      new UploadQuota(counter, { maxBytes: config.rateLimits.publicUploadBytesPerDay, windowMs: DAY_MS }),
    );
  },
  { name: 'upload-quota', dependencies: ['config', 'redis'] },
);
