import { and, eq, gte, isNull, lte, ne, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { refreshTokens, users } from '../../../db/schema.js';
import { ApiError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { displayName, type User } from '../../../plugins/app/users.js';
import { hashPassword, verifyPassword } from '../../../security/password-hash.js';
import { checkPassword } from '../../../security/password-policy.js';
import { getProfileSchema } from './schemas.js';

function serializeProfile(user: User) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    display_name: displayName(user),
    phone: user.phone,
  };
}

/** Seconds-precision issue time of the (already verified) access token of this request. */
function accessIssuedAt(request: FastifyRequest): number | undefined {
  const token = request.headers.authorization?.trim().split(/\s+/)[1];
  if (token === undefined) return undefined;
  const { iat } = decodeJwt(token);
  return typeof iat === 'number' ? iat : undefined;
}

/** `GET` and `PATCH /api/v1/my_profile/`, `POST /api/v1/my_profile/password/` (ADR 001). */
export const myProfileRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get('/my_profile/', { schema: getProfileSchema, onRequest: [fastify.authenticate] }, async (request) => {
    const user = request.user;
    if (user === null) throw new Error('authenticate did not set request.user');
    return serializeProfile(user);
  });

  fastify.patch(
    '/my_profile/',
    { schema: contractSchema('updateMyProfile'), onRequest: [fastify.authenticate] },
    async (request) => {
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      const body = request.body as { first_name?: string; last_name?: string; phone?: string | null };
      const changes: Partial<User> = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name.trim();
      if (body.last_name !== undefined) changes.lastName = body.last_name.trim();
      if (body.phone !== undefined)
        changes.phone = body.phone === null || body.phone.trim() === '' ? null : body.phone.trim();
      if (Object.keys(changes).length === 0) {
        throw new ApiError(400, { non_field_errors: ['Zadejte alespoň jeden údaj ke změně.'] });
      }
      const [updated] = await fastify.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      return serializeProfile(updated ?? user);
    },
  );

  fastify.post(
    '/my_profile/password/',
    { schema: contractSchema('changeMyPassword'), onRequest: [fastify.authenticate] },
    async (request, reply) => {
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      const body = request.body as { current_password: string; new_password: string };
      const scope = 'changePassword' as const;
      if (await fastify.attemptLimits.isExhausted(scope, user.email)) {
        throw new ApiError(
          429,
          { detail: 'Příliš mnoho pokusů. Zkuste to prosím později.', code: 'throttled' },
          { 'retry-after': '300' },
        );
      }
      if (!(await verifyPassword(body.current_password, user.passwordHash))) {
        await fastify.attemptLimits.record(scope, user.email);
        throw new ApiError(400, { current_password: ['Současné heslo není správné.'] });
      }
      const problems = checkPassword(body.new_password, user);
      if (problems.length > 0) throw new ApiError(400, { new_password: problems.map((problem) => problem.message) });
      const passwordHash = await hashPassword(body.new_password);
      const iat = accessIssuedAt(request);
      await fastify.db.transaction(async (tx) => {
        await fastify.users.updatePasswordHash(user.id, passwordHash, tx);
        // Keep the caller's session: its refresh token was issued together with this access
        // token (same iat); every other family of the user is revoked.
        const keep =
          iat === undefined
            ? []
            : (
                await tx
                  .select({ familyId: refreshTokens.familyId })
                  .from(refreshTokens)
                  .where(
                    and(
                      eq(refreshTokens.userId, user.id),
                      isNull(refreshTokens.revokedAt),
                      gte(refreshTokens.createdAt, new Date((iat - 1) * 1000)),
                      lte(refreshTokens.createdAt, new Date((iat + 2) * 1000)),
                    ),
                  )
              ).map((row) => row.familyId);
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(refreshTokens.userId, user.id),
              isNull(refreshTokens.revokedAt),
              keep.length > 0 ? notInArray(refreshTokens.familyId, keep) : ne(refreshTokens.familyId, ''),
            ),
          );
      });
      return reply.code(204).send();
    },
  );
};
