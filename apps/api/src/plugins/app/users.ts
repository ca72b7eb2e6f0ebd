import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { users } from '../../db/schema.js';

export type User = typeof users.$inferSelect;

export interface UserRepository {
  findById(id: number): Promise<User | undefined>;
  /** Case-insensitive, like allauth's e-mail login; surrounding spaces are ignored. */
  findByEmail(email: string): Promise<User | undefined>;
  /** Replaces the stored hash (login upgrades outdated scrypt parameters with it). */
  updatePasswordHash(id: number, passwordHash: string, db?: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

/** "Jana Nováková", or the e-mail address when no name is known (allauth's `display`). */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

export function createUserRepository(db: Database): UserRepository {
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByEmail(email) {
      const [row] = await db
        .select()
        .from(users)
        // Same expression as the users_email_lower_key index, so the lookup uses it.
        .where(sql`lower(${users.email}) = lower(${email.trim()})`)
        .limit(1);
      return row;
    },
    async updatePasswordHash(id, passwordHash, tx = db) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
  };
}

/**
 * User lookups shared by authentication, login, profile and password reset.
 * @see {@link https://github.com/fastify/demo/tree/main/src/plugins/app} (repositories as decorators)
 */
export const usersPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorate('users', createUserRepository(fastify.db));
    done();
  },
  { name: 'users', dependencies: ['database'] },
);
