import type { FastifyPluginAsync } from 'fastify';
import { BEARER_CHALLENGE, drfError } from '../../../http/api-error.js';
import { TOKEN_FAILURE_MESSAGES } from '../../../security/jwt.js';
import { refreshSchema, type RefreshBody } from './schemas.js';

/**
 * simplejwt's `TokenRefreshView` with rotation and blacklisting (ADR 001).
 * @see {@link https://django-rest-framework-simplejwt.readthedocs.io/en/latest/getting_started.html}
 */
export const tokenRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.post<{ Body: RefreshBody }>('/token/refresh/', { schema: refreshSchema }, async (request) => {
    const result = await fastify.tokens.rotate(request.body.refresh);
    if (result.ok) return result.tokens;

    request.log.info({ failure: result.failure }, 'refresh refused');
    switch (result.failure) {
      case 'blacklisted':
        // simplejwt's wording, pinned by ADR 001 (clients may match it).
        throw drfError(401, 'token_not_valid', 'Token is blacklisted', BEARER_CHALLENGE);
      case 'inactive_user':
        throw drfError(401, 'no_active_account', 'K tomuto tokenu neexistuje aktivní účet.', BEARER_CHALLENGE);
      default:
        throw drfError(401, 'token_not_valid', TOKEN_FAILURE_MESSAGES[result.failure], BEARER_CHALLENGE);
    }
  });
};
