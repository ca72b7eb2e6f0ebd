import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/**
 * Cookie parsing and `reply.setCookie`: the session cookie and the remembered tenant. Unsigned:
 * the session id is 256 random bits that name a server-side record, so a signature adds nothing.
 * @see {@link https://github.com/fastify/fastify-cookie}
 */
export const cookiePlugin = fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookie' },
);
