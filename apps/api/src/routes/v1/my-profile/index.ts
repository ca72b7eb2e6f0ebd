import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { ApiError, fieldErrors } from '../../../domain/errors.js';
import { enqueueMail } from '../../../domain/notifications.js';
import { checkPassword } from '../../../domain/password-policy.js';
import { passwordMatches, setPassword } from '../../../domain/passwords.js';
import { displayName, updateProfile, type User } from '../../../domain/users.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { currentUser } from '../../../plugins/app/authentication.js';

function serializeProfile(user: User) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    display_name: displayName(user),
    phone: user.phone,
    is_staff: user.isStaff,
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
export const myProfileRoutes: ContractRoutes = async (fastify) => {
  const authenticated = { onRequest: [fastify.authenticate] };

  fastify.get('/my_profile/', { schema: contractSchema('getMyProfile'), ...authenticated }, async (request) =>
    serializeProfile(currentUser(request)),
  );

  fastify.patch('/my_profile/', { schema: contractSchema('updateMyProfile'), ...authenticated }, async (request) =>
    serializeProfile(await updateProfile(fastify.db, currentUser(request), request.body)),
  );

  fastify.post(
    '/my_profile/password/',
    { schema: contractSchema('changeMyPassword'), ...authenticated },
    async (request, reply) => {
      const user = currentUser(request);
      const { current_password: currentPassword, new_password: newPassword } = request.body;
      const scope = 'changePassword' as const;
      if (await fastify.attemptLimits.isExhausted(scope, user.email)) {
        throw new ApiError(
          429,
          { detail: 'Příliš mnoho pokusů. Zkuste to prosím později.', code: 'throttled' },
          { 'retry-after': '300' },
        );
      }
      if (!(await passwordMatches(user, currentPassword))) {
        await fastify.attemptLimits.record(scope, user.email);
        throw fieldErrors({ current_password: ['Současné heslo není správné.'] });
      }
      const problems = await checkPassword(newPassword, user);
      if (problems.length > 0) throw fieldErrors({ new_password: problems.map((problem) => problem.message) });
      // The caller's session stays; every other session of the user ends.
      await setPassword(fastify.db, fastify.users, user, newPassword, {
        keepSessionOf: { accessIssuedAt: accessIssuedAt(request) },
      });
      // The same notice as after a reset: whoever else holds the account learns of it.
      await enqueueMail(fastify.db, { kind: 'password-changed', to: user.email, data: { keptCurrentSession: true } });
      return reply.code(204).send();
    },
  );
};
