import fp from 'fastify-plugin';
import { TokenService } from '../../domain/tokens.js';
import { loadOrCreateJwtSecret } from '../../security/jwt-secret.js';
import { JwtCodec } from '../../security/jwt.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Token issuing, rotation and revocation. The key is `JWT_SECRET`, or in embedded mode one
 * generated into the data directory (security/jwt-secret.ts).
 * @see {@link https://django-rest-framework-simplejwt.readthedocs.io/en/latest/settings.html#rotate-refresh-tokens}
 */
export const tokensPlugin = fp(
  async (fastify) => {
    const { config } = fastify;
    const secret = config.jwtSecret ?? (await loadOrCreateJwtSecret(config.dataDir));
    const service = new TokenService(fastify.db, new JwtCodec(secret), {
      accessSeconds: config.accessTokenTtlSeconds,
      refreshSeconds: config.refreshTokenTtlSeconds,
    });
    fastify.decorate('tokens', service);

    const prune = () => {
      service.pruneExpired().then(
        (count) => count > 0 && fastify.log.info({ count }, 'pruned expired refresh tokens'),
        (error: unknown) => fastify.log.warn({ err: error }, 'pruning expired refresh tokens failed'),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', () => {
      timer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
    });
    fastify.addHook('preClose', () => clearInterval(timer));
  },
  { name: 'tokens', dependencies: ['config', 'database'] },
);
