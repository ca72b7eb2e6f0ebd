import { drfError } from '../../../domain/errors.js';
import { rotationRefusal } from '../../../domain/tokens.js';
import { BEARER_CHALLENGE } from '../../../http/api-error.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';

/**
 * simplejwt's `TokenRefreshView` with rotation and blacklisting (ADR 001).
 * @see {@link https://django-rest-framework-simplejwt.readthedocs.io/en/latest/getting_started.html}
 */
export const tokenRoutes: ContractRoutes = async (fastify) => {
  fastify.post('/token/refresh/', { schema: contractSchema('refreshToken') }, async (request) => {
    const result = await fastify.tokens.rotate(request.body.refresh);
    if (result.ok) return result.tokens;
    request.log.info({ failure: result.failure }, 'refresh refused');
    const { code, detail } = rotationRefusal(result.failure);
    throw drfError(401, code, detail, BEARER_CHALLENGE);
  });
};
