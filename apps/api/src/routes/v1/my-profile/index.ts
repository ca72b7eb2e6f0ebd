import type { FastifyPluginAsync } from 'fastify';
import { displayName } from '../../../plugins/app/users.js';
import { getProfileSchema } from './schemas.js';

/** `GET /api/v1/my_profile/` (ADR 001). */
export const myProfileRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/my_profile/',
    { schema: getProfileSchema, onRequest: [fastify.authenticate] },
    async (request) => {
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      return {
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        display_name: displayName(user),
        phone: user.phone,
      };
    },
  );
};
