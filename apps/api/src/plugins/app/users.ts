import fp from 'fastify-plugin';
import { createUserRepository, type UserRepository } from '../../domain/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

/**
 * User lookups shared by authentication, login, profile and password reset (domain/users.ts).
 * @see {@link https://github.com/fastify/demo/tree/main/src/plugins/app} (repositories as decorators)
 */
export const usersPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorate('users', createUserRepository(fastify.db));
    done();
  },
  { name: 'users', dependencies: ['database'] },
);
