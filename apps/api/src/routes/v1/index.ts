import type { FastifyPluginAsync } from 'fastify';
import { allauthRoutes } from './allauth/index.js';
import { myProfileRoutes } from './my-profile/index.js';
import { tenantAccessRoutes } from './tenant-access/index.js';
import { tokenRoutes } from './token/index.js';

/**
 * Everything under `/api/v1`. Registered explicitly rather than autoloaded: the list is the
 * table of contents, and colocated tests can never be loaded as routes by mistake.
 * Route folders spell out their full paths (with DRF's trailing slash), so a path in
 * upstream.yaml can be found here with one search.
 */
export const v1Routes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(allauthRoutes, { prefix: '/_allauth/app/v1' });
  await fastify.register(tokenRoutes);
  await fastify.register(myProfileRoutes);
  await fastify.register(tenantAccessRoutes);
};
