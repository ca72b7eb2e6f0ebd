import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/index.js';
import { mfaRoutes } from './mfa/index.js';
import { passwordRoutes } from './password/index.js';

/**
 * django-allauth headless "app" client endpoints, mounted at `/api/v1/_allauth/app/v1`.
 * Paths have no trailing slash (allauth's convention, ADR 001), errors use allauth's envelope
 * and, as allauth does, no answer may be cached.
 */
export const allauthRoutes: FastifyPluginAsync = async (fastify) => {
  // Encapsulated: applies only to the routes registered below.
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorStyle: 'allauth' };
  });

  await fastify.register(authRoutes);
  await fastify.register(passwordRoutes);
  await fastify.register(mfaRoutes);
};
