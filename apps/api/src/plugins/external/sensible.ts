import sensible from '@fastify/sensible';
import fp from 'fastify-plugin';

/**
 * `fastify.httpErrors` and friends. Errors created with it are shaped by the central error
 * handler like any other, so routes may use them for the rare error without a contract code.
 * @see {@link https://github.com/fastify/fastify-sensible}
 */
export const sensiblePlugin = fp(
  async (fastify) => {
    await fastify.register(sensible);
  },
  { name: 'sensible' },
);
