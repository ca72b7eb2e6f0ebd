import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { botFormOf } from '../../bot-protection/bot-forms.js';
import { BffError, errorMessages } from '../../http/errors.js';
import { ownRoute } from '../../http/own-route.js';
import { endUserSessions } from '../../sessions/end-user-sessions.js';

/**
 * The user id in a reset link's `uid`: allauth writes an integer primary key in base 36
 * (`user_pk_to_url_str`), as the upstream does (upstream.yaml resetPassword). Null for anything
 * else.
 */
export function userIdOfResetUid(uid: string): string | null {
  if (!/^[0-9a-z]{1,12}$/.test(uid)) return null;
  const id = Number.parseInt(uid, 36);
  return Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

/** The reset request answers after this long, whatever the upstream does for the address. */
export const RESET_REQUEST_ANSWER_MS = 400;

/**
 * Password reset on behalf of the browser. The request always answers the same, whether or not
 * the e-mail belongs to an account, so the form cannot be used to find accounts: the same status
 * and body, and the same time (docs/architecture.md §4, Abuse limits): the upstream does more work for a known address (it
 * sends an e-mail), so the answer waits for a fixed time instead of for the upstream, and an
 * upstream still busy then finishes in the background.
 */
export const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const { config, upstreamAuth, botProtection, sessions } = app;
  const rateLimit = { max: config.rateLimits.passwordResetPerMinute, timeWindow: 60_000 };
  const requestForm = botFormOf('/api/password-reset/request', 'post');

  ownRoute(app, 'requestPasswordResetEmail', {
    config: { rateLimit },
    // After validation, so a typo does not use up the single-use token.
    preHandler: async (request) => {
      if (requestForm) await botProtection.check(request, requestForm);
    },
    handler: async (request, reply) => {
      const started = Date.now();
      const call = upstreamAuth.requestPasswordReset(request.body.email.trim(), request.id).then(
        () => ({ error: null }),
        (error: unknown) => ({
          error: error instanceof Error ? error : new Error('password reset failed', { cause: error }),
        }),
      );
      const outcome = await Promise.race([call, sleep(RESET_REQUEST_ANSWER_MS).then(() => null)]);
      if (outcome === null) {
        // Still running: answer now; a late failure is only logged (it says nothing about the account).
        void call.then(({ error }) => {
          if (error)
            request.log.warn({ err: error, event: 'password_reset_request_failed' }, 'late password reset failure');
        });
      } else {
        await sleep(Math.max(0, RESET_REQUEST_ANSWER_MS - (Date.now() - started)));
        // Upstream failures (down, rate limited) do not depend on the account, so they are shown.
        if (outcome.error) throw outcome.error;
      }
      return reply.code(202).send({});
    },
  });

  // Checked when the page opens, so a used or expired link never shows the form.
  ownRoute(app, 'checkPasswordResetLink', {
    config: { rateLimit },
    handler: async (request, reply) => {
      const { uid, token } = request.body;
      if (!(await upstreamAuth.checkPasswordResetKey(`${uid}-${token}`, request.id))) {
        throw new BffError(400, 'invalid_reset_link', errorMessages.invalidResetLink, {
          token: errorMessages.invalidResetLink,
        });
      }
      return reply.code(204).send();
    },
  });

  ownRoute(app, 'confirmPasswordReset', {
    config: { rateLimit },
    handler: async (request, reply) => {
      const { uid, token, password } = request.body;
      // The upstream (allauth) takes one key: the user part and the token joined by a hyphen.
      const fields = await upstreamAuth.resetPassword(`${uid}-${token}`, password, request.id);
      if (fields) {
        const message = fields.token ?? fields.password ?? errorMessages.validation;
        throw new BffError(400, fields.token ? 'invalid_reset_link' : 'validation_error', message, fields);
      }
      // The password changed: every session of the user ends here at once (its access token
      // would otherwise keep working until the next renewal), and each session's refresh token
      // is logged out upstream, which revokes its family (the upstream revokes them all too).
      const userId = userIdOfResetUid(uid);
      if (userId === null) {
        request.log.warn(
          { event: 'password_reset_uid_unknown' },
          'reset uid is not a user id; sessions end at renewal',
        );
      } else {
        await endUserSessions(sessions.store, upstreamAuth, userId, { requestId: request.id, log: request.log });
      }
      return reply.code(204).send();
    },
  });
};
